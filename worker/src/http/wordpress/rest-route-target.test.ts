import { restRouteTarget } from './rest-route-target';

describe('restRouteTarget', () => {
  it('leaves the pretty form and anything without rest_route alone', () => {
    expect(restRouteTarget('/wp-json/llm/router/v1/models?rest_route=/x')).toBeNull();
    expect(restRouteTarget('/metrics')).toBeNull();
    expect(restRouteTarget('/?page=2')).toBeNull();
    expect(restRouteTarget('/some/page')).toBeNull();
  });

  it('reads an encoded slash in the path as a slash, as WordPress decodes the route', () => {
    expect(restRouteTarget('/wp-json/svc/v1/image-templates/a%2Fb?x=%2F')).toBe('/wp-json/svc/v1/image-templates/a/b?x=%2F');
    expect(restRouteTarget('/wp-json/svc-commerce/v1/orders/ord_1%2f')).toBe('/wp-json/svc-commerce/v1/orders/ord_1/');
    expect(restRouteTarget('/wp-json/svc/v1/image-templates/a%252Fb')).toBeNull();
  });

  it('reads ?rest_route= on any front-end path, keeping the rest of the query', () => {
    expect(restRouteTarget('/?rest_route=/llm/router/v1/models')).toBe('/wp-json/llm/router/v1/models');
    expect(restRouteTarget('/index.php?rest_route=%2Fllm%2Frouter%2Fv1%2Fmodels&page=2')).toBe('/wp-json/llm/router/v1/models?page=2');
    expect(restRouteTarget('/any/page/?a=1&rest_route=/svc/v1/image-templates/&b=2')).toBe('/wp-json/svc/v1/image-templates?a=1&b=2');
  });

  it('reads the name as PHP does: rest.route, rest+route, rest[route, rest%5Froute; the last one wins', () => {
    for (const name of ['rest.route', 'rest+route', 'rest%20route', 'rest[route', 'rest%5Froute', 'rest%2Eroute']) {
      expect([name, restRouteTarget(`/?${name}=/svc/v1/image-templates`)]).toEqual([name, '/wp-json/svc/v1/image-templates']);
    }
    expect(restRouteTarget('/?REST_ROUTE=/svc/v1/x')).toBeNull();
    expect(restRouteTarget('/?rest_route=/wp/v2/posts&rest_route=/svc/v1/x')).toBe('/wp-json/svc/v1/x');
  });

  it('encodes each segment as rawurlencode() does, dots as %2E, bytes kept', () => {
    expect(restRouteTarget('/?rest_route=/svc/v1/image-templates/a+b!c')).toBe('/wp-json/svc/v1/image-templates/a%20b%21c');
    expect(restRouteTarget('/?rest_route=/svc/v1/image-templates/..')).toBe('/wp-json/svc/v1/image-templates/%2E%2E');
    expect(restRouteTarget('/?rest_route=/svc/v1/image-templates/%FF%0A')).toBe('/wp-json/svc/v1/image-templates/%FF%0A');
    expect(restRouteTarget('/?rest_route=/svc/v1/image-templates/caf%C3%A9')).toBe('/wp-json/svc/v1/image-templates/caf%C3%A9');
    expect(restRouteTarget('/?rest_route=/svc/v1/image-templates/a%252Fb')).toBe('/wp-json/svc/v1/image-templates/a%252Fb');
  });

  it('a route without its leading slash is not a route WordPress serves', () => {
    expect(restRouteTarget('/?rest_route=llm/router/v1/models')).toBeNull();
  });

  it('reads /index.php/wp-json/… (PATH_INFO)', () => {
    expect(restRouteTarget('/index.php/wp-json/llm/router/v1/models?x=1')).toBe('/wp-json/llm/router/v1/models?x=1');
    expect(restRouteTarget('/INDEX.PHP/wp-json/svc/v1/image-templates')).toBe('/wp-json/svc/v1/image-templates');
  });
});
