import { MANIFEST_ROUTES, tableGaps } from '../route-manifest';
import { allCases, FAMILIES } from './corpus';
import { HOSTILE_EXTRAS, HOSTILE_ROUTES, routeName } from './route-table';

/**
 * The corpus covers the hub: every route of the route manifest (the build writes it from
 * worker/src/http/routes/, the worker's and the shell's routes alike) has an entry in the
 * suite's route table, and every attacked route has cases.
 */
describe('hostile corpus coverage', () => {
  it('prints the size of the corpus', () => {
    const counts = Object.entries(FAMILIES).map(([name, family]) => `${name} ${family().length}`);
    const total = allCases().length;
    process.stdout.write(`[hostile] corpus: ${total} cases (${counts.join(', ')}) over ${HOSTILE_ROUTES.length} routes\n`);
    expect(total).toBeGreaterThan(1000);
  });

  it('has an entry for every route id of the manifest, and none for a route that is gone', () => {
    expect(MANIFEST_ROUTES.length).toBeGreaterThan(50);
    expect(tableGaps(HOSTILE_EXTRAS)).toEqual({ missing: [], unknown: [] });
  });

  it('names a route the manifest gained without an entry', () => {
    const added = { ...MANIFEST_ROUTES[0]!, id: 'router.new-route', path: '/wp-json/llm/router/v1/new-route' };
    expect(tableGaps(HOSTILE_EXTRAS, [...MANIFEST_ROUTES, added])).toEqual({ missing: ['router.new-route'], unknown: [] });
  });

  it('attacks every route it lists, or says why not', () => {
    const attacked = new Set(allCases().map((item) => routeName(item.route)));
    expect(HOSTILE_ROUTES.filter((route) => !route.skip && !attacked.has(routeName(route))).map(routeName)).toEqual([]);
  });
});
