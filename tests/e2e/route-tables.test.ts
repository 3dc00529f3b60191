import { BEARER_EXTRAS, bearerManifestRoutes } from './bearer-routes';
import { MANIFEST_ROUTES, tableGaps } from './route-manifest';

/**
 * The route manifest (the build writes it from worker/src/http/routes/) against the test
 * tables keyed by route id: every route a table covers has its entry, none is left for a route
 * that is gone. The hostile corpus checks its own table (hostile/route-coverage.test.ts).
 */
describe('test tables against the route manifest', () => {
  it('has the routes of worker/src/http/routes/, ids unique', () => {
    expect(MANIFEST_ROUTES.length).toBeGreaterThan(50);
    expect(new Set(MANIFEST_ROUTES.map((route) => route.id)).size).toBe(MANIFEST_ROUTES.length);
  });

  it('bearer-routes.ts has an entry for every Bearer route', () => {
    expect(tableGaps(BEARER_EXTRAS, bearerManifestRoutes())).toEqual({ missing: [], unknown: [] });
  });
});
