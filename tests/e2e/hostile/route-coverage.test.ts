import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NAMESPACES } from '../../../worker/src/http/routes/routes';
import { allCases, FAMILIES } from './corpus';
import { HOSTILE_ROUTES, routeName } from './route-table';

/**
 * The corpus covers the hub: every route of worker/src/http/routes/routes.ts (and every row of the
 * shell's table) is a line of the suite's route table, and every attacked route has cases.
 */
const ROOT = join(__dirname, '..', '..', '..');

function workerRoutes(): string[] {
  const source = readFileSync(join(ROOT, 'worker', 'src', 'http', 'routes.ts'), 'utf8');
  return [...source.matchAll(/method: '([A-Z]+)', path: `\$\{(\w+)\}([^`]*)`/g)].map(([, method, namespace, rest]) => {
    const prefix = NAMESPACES[namespace as keyof typeof NAMESPACES];
    if (!prefix) throw new Error(`routes.ts uses an unknown namespace variable ${namespace}`);
    return `${method} ${prefix}${rest}`;
  });
}

describe('hostile corpus coverage', () => {
  it('prints the size of the corpus', () => {
    const counts = Object.entries(FAMILIES).map(([name, family]) => `${name} ${family().length}`);
    const total = allCases().length;
    process.stdout.write(`[hostile] corpus: ${total} cases (${counts.join(', ')}) over ${HOSTILE_ROUTES.length} routes\n`);
    expect(total).toBeGreaterThan(1000);
  });

  it('has a line for every route of worker/src/http/routes/routes.ts', () => {
    const listed = new Set(HOSTILE_ROUTES.map(routeName));
    const routes = workerRoutes();
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((route) => !listed.has(route))).toEqual([]);
  });

  it("has a line for every row of the shell's route table", () => {
    const source = readFileSync(join(ROOT, 'plugin', 'includes', 'forwarding', 'class-svc-hub-route-table.php'), 'utf8');
    const rows = [...source.matchAll(/self::row\( '([^']+)', '([^']+)', '([^']+)', '(\w+)'/g)];
    const paths = HOSTILE_ROUTES.map((route) => route.path.replace(/[:*][a-z]+/g, '(?P<x>[^/]+)'));
    const missing = rows.filter(([, namespace = '', route = '', , auth]) => {
      if (route.includes('(?P<path>.+)')) return !HOSTILE_ROUTES.some((item) => item.auth === auth && item.path.startsWith(`/wp-json/${namespace}${route.split('(')[0]}`));
      const path = `/wp-json/${namespace}${route.replace(/\(\?P<\w+>[^)]+\)/g, '(?P<x>[^/]+)')}`;
      return !paths.includes(path);
    });
    expect(missing.map(([line]) => line)).toEqual([]);
  });

  it('attacks every route it lists, or says why not', () => {
    const attacked = new Set(allCases().map((item) => routeName(item.route)));
    expect(HOSTILE_ROUTES.filter((route) => !route.skip && !attacked.has(routeName(route))).map(routeName)).toEqual([]);
  });
});
