import { deliveryTarget } from './delivery-target';

const key = (webhookEndpoint: string | null, webhookSecret: string) => ({ webhookEndpoint, webhookSecret });

describe('delivery target', () => {
  it("defaults to the site's svc-client route, signed with every key", () => {
    expect(deliveryTarget('https://client.example/blog', [key(null, 'whsec_new'), key(null, 'whsec_old')])).toEqual({
      endpoint: 'https://client.example/blog/wp-json/svc-client/v1/entitlement',
      secrets: ['whsec_new', 'whsec_old'],
    });
  });

  it('takes the newest key that names an endpoint', () => {
    const keys = [key(null, 'whsec_3'), key('https://hooks.example/b', 'whsec_2'), key('https://hooks.example/a', 'whsec_1')];
    expect(deliveryTarget('https://client.example', keys).endpoint).toBe('https://hooks.example/b');
  });

  it('has no secret when the site has no active key', () => {
    expect(deliveryTarget('https://client.example', [])).toEqual({
      endpoint: 'https://client.example/wp-json/svc-client/v1/entitlement',
      secrets: [],
    });
  });
});
