import type { Services } from '../../services';
import { ROUTE_ROWS, routeTable } from './index';
import { routeManifest } from './manifest';
import type { RouteRow } from './route';

describe('route manifest', () => {
  const manifest = routeManifest(ROUTE_ROWS);

  it('lists every row once, by a unique id', () => {
    expect(manifest.routes.map((route) => route.id)).toEqual(ROUTE_ROWS.map((row) => row.id));
    expect(new Set(manifest.routes.map((route) => route.id)).size).toBe(ROUTE_ROWS.length);
    expect(() => routeManifest([ROUTE_ROWS[0]!, { ...ROUTE_ROWS[1]!, id: ROUTE_ROWS[0]!.id }])).toThrow(
      /two routes have the id router.chat/,
    );
  });

  it('gives WordPress one row per public route, in its regex form, methods of one route joined', () => {
    expect(manifest.shell).toContainEqual({
      namespace: 'llm/router/v1',
      route: '/responses/(?P<id>[^/]+)',
      methods: 'GET,DELETE',
      auth: 'bearer',
      may_stream: false,
      test_only: false,
    });
    expect(manifest.shell).toContainEqual({
      namespace: 'llm/router/v1',
      route: '/chat/completions',
      methods: 'POST',
      auth: 'bearer',
      may_stream: true,
      test_only: false,
    });
    expect(manifest.shell).toContainEqual({
      namespace: 'svc-license/v1',
      route: '/entitlement',
      methods: 'GET,PATCH',
      auth: 'bearer',
      may_stream: false,
      test_only: false,
    });
    expect(manifest.shell).toContainEqual({
      namespace: 'svc-hub-test/v1',
      route: '/stream',
      methods: 'GET',
      auth: 'public',
      may_stream: true,
      test_only: true,
    });
    // The worker's own /metrics is outside WordPress's namespaces.
    expect(manifest.shell.filter((row) => row.route === '/metrics').map((row) => row.namespace)).toEqual(['llm/router/v1']);
  });

  it('forwards admin through one catch-all and closes internal after the shell’s own rows', () => {
    const hub = manifest.shell.filter((row) => row.namespace === 'svc-hub/v1').map((row) => `${row.methods} ${row.route} ${row.auth}`);
    expect(hub).toEqual([
      'GET,POST,PUT,PATCH,DELETE /admin/(?P<path>.+) admin',
      'POST /internal/ping internal',
      'POST /internal/woo-create-order internal',
      'POST /internal/woo-product internal',
      'GET,POST,PUT,PATCH,DELETE /internal/(?P<path>.+) internal',
    ]);
  });

  it('spells a rest-of-path parameter as WordPress matches it', () => {
    const rows: RouteRow[] = [{ id: 'x.prices', method: 'PUT', path: '/wp-json/svc/v1/prices/*model', auth: 'public', area: 'x' }];
    expect(routeManifest(rows).shell).toEqual([
      { namespace: 'svc/v1', route: '/prices/(?P<model>.+)', methods: 'PUT', auth: 'public', may_stream: false, test_only: false },
    ]);
  });
});

describe('routeTable', () => {
  const services = (testRoutes: boolean) => ({ config: { testRoutes } }) as unknown as Services;
  const factory = jest.fn(() => ({ a: jest.fn(), b: jest.fn() }));
  const rows: RouteRow[] = [
    { id: 'x.a', method: 'GET', path: '/wp-json/svc/v1/a', auth: 'public', area: 'x', handler: (w) => w.once(factory).a },
    { id: 'x.b', method: 'GET', path: '/wp-json/svc/v1/b', auth: 'public', area: 'x', handler: (w) => w.once(factory).b },
    { id: 'x.test', method: 'GET', path: '/wp-json/svc-hub-test/v1/t', auth: 'public', area: 'x', testOnly: true },
    { id: 'x.shell', method: 'POST', path: '/wp-json/svc-hub/v1/internal/x', auth: 'internal', area: 'x', servedBy: 'shell' },
  ];

  it('builds a handler group once for all its rows, and leaves out shell rows and, unless enabled, test rows', () => {
    expect(routeTable(services(false), 0, rows).map((route) => route.id)).toEqual(['x.a', 'x.b']);
    expect(factory).toHaveBeenCalledTimes(1);
    expect(routeTable(services(true), 0, rows).map((route) => route.id)).toEqual(['x.a', 'x.b', 'x.test']);
  });
});
