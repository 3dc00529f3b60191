import type { Services } from '../../services';
import { ADMIN_ROUTES } from './admin';
import { COMMERCE_ROUTES, LICENSE_ROUTES } from './commerce';
import { INTERNAL_ROUTES } from './internal';
import { LIBRARY_ROUTES } from './library';
import { LLM_ROUTER_ROUTES, WORKER_ONLY_ROUTES } from './llm-router';
import type { RouteDefinition, RouteRow, Wiring } from './route';
import { TEST_ROUTES } from './test-routes';

export { NAMESPACES } from './namespaces';
export { pathMatcher, type AuthKind, type Method, type RouteDefinition, type RouteRow } from './route';

/**
 * Every route of the hub, in the order the dispatchers try them: the only place a route is
 * declared. The build writes the shell's route manifest from these rows
 * (scripts/write-route-manifest.mjs); test tables key their extra data by `id`.
 */
export const ROUTE_ROWS: RouteRow[] = [
  ...LLM_ROUTER_ROUTES,
  ...WORKER_ONLY_ROUTES,
  ...COMMERCE_ROUTES,
  ...LICENSE_ROUTES,
  ...LIBRARY_ROUTES,
  ...ADMIN_ROUTES,
  ...INTERNAL_ROUTES,
  ...TEST_ROUTES,
];

/** The worker's routes with their handlers built: shell-served rows left out, test rows only when enabled. */
export function routeTable(services: Services, startedAt: number, rows: RouteRow[] = ROUTE_ROWS): RouteDefinition[] {
  const built = new Map<unknown, unknown>();
  const wiring: Wiring = {
    services,
    startedAt,
    once<T>(factory: (services: Services, startedAt: number) => T): T {
      if (!built.has(factory)) built.set(factory, factory(services, startedAt));
      return built.get(factory) as T;
    },
  };
  return rows
    .filter((row) => row.servedBy !== 'shell' && (!row.testOnly || services.config.testRoutes))
    .map(({ handler, call, maxBodyBytes, ...row }) => ({
      ...row,
      maxBodyBytes: maxBodyBytes?.(services.config),
      handler: handler?.(wiring),
      call: call?.(wiring),
    }));
}
