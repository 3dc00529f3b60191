import type { Fixture } from './fixture';

/**
 * The hostile-input suite's route table: one line per route the hub serves (the worker's
 * worker/src/http/routes/routes.ts and the shell's internal routes). Every attack family generates
 * its cases from these rows, and route-coverage.test.ts fails when routes.ts has a route that
 * is missing here — adding a route to the hub is adding one line below.
 *
 * - `path` is the worker's Express spelling (`:id`, `*model`); `params` gives a valid value
 *   for each path parameter (the attacks replace one at a time).
 * - `query` names the query parameters the route reads (SQL/LIKE metacharacters go into each).
 * - `body` is a well-formed body the handler refuses (hostile variants are built around it);
 *   absent: no body.
 * - `allow` lists the stored changes a refused request may still make — the exact table and
 *   change, with the reason. Anything else in any svc_* table fails the case.
 * - `lanes`: where the route is served (default both lanes; `internal` shell routes only
 *   through WordPress, the worker's signed-only routes are reached through WordPress as the
 *   shell forwards them).
 */
export type AuthKind = 'public' | 'bearer' | 'webhook' | 'admin' | 'internal';

export interface Allowance {
  table: string;
  /**
   * `rows-added`: new rows only (at most one per request of the case), existing rows unchanged;
   * `columns`: only the table's VOLATILE_COLUMNS (database.ts) may change, no row added or removed.
   */
  change: 'rows-added' | 'columns';
  why: string;
}

export interface HostileRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  auth: AuthKind;
  /** Bearer routes that need an admin-scope key. */
  adminScope?: boolean;
  params?: Record<string, (fixture: Fixture) => string>;
  query?: string[];
  body?: (fixture: Fixture) => unknown;
  allow?: Allowance[];
  /** `worker`: a route of worker/src/http/routes/routes.ts; `shell`: answered by the PHP shell itself. */
  servedBy?: 'worker' | 'shell';
  /** Why a route gets no hostile cases (it must still be listed). */
  skip?: string;
}

const ROUTER = '/wp-json/llm/router/v1';
const COMMERCE = '/wp-json/svc-commerce/v1';
const LICENSE = '/wp-json/svc-license/v1';
const LIBRARY = '/wp-json/svc/v1';
const ADMIN = '/wp-json/svc-hub/v1/admin';
const INTERNAL = '/wp-json/svc-hub/v1/internal';
const TEST = '/wp-json/svc-hub-test/v1';

const AUDITED: Allowance = { table: 'webhook_audit', change: 'rows-added', why: 'DESIGN §5: every webhook attempt, valid or not, is in the audit log before the answer' };
const STORE_HEALTH: Allowance = { table: 'stores', change: 'columns', why: "a delivery naming a store updates that store's verification health (docs/woocommerce-webhook.md, Store health)" };
// Bodies are well-formed but refused by the handler (a field is wrong), so that no case makes a
// real, billed call or a change: the attacks change the rest.
const chat = () => ({ model: 'mock/echo', messages: 'hostile' });
const PAGE = ['page', 'per_page'];
const NO_SUCH_RESPONSE = 'resp_01JAAAAAAAAAAAAAAAAAAAAAAA';

export const HOSTILE_ROUTES: HostileRoute[] = [
  { method: 'POST', path: `${ROUTER}/chat`, auth: 'bearer', body: chat },
  { method: 'POST', path: `${ROUTER}/chat/stream`, auth: 'bearer', body: chat },
  { method: 'POST', path: `${ROUTER}/chat/completions`, auth: 'bearer', body: chat },
  { method: 'POST', path: `${ROUTER}/responses`, auth: 'bearer', body: () => ({ model: 'mock/echo', input: { hostile: true } }) },
  { method: 'GET', path: `${ROUTER}/responses/:id`, auth: 'bearer', params: { id: () => NO_SUCH_RESPONSE } },
  { method: 'DELETE', path: `${ROUTER}/responses/:id`, auth: 'bearer', params: { id: () => NO_SUCH_RESPONSE } },
  { method: 'GET', path: `${ROUTER}/responses/:id/input_items`, auth: 'bearer', params: { id: () => NO_SUCH_RESPONSE }, query: ['limit', 'order', 'after'] },
  { method: 'POST', path: `${ROUTER}/embeddings`, auth: 'bearer', body: () => ({ model: 'mock/embed', input: { hostile: true } }) },
  { method: 'GET', path: `${ROUTER}/models`, auth: 'bearer' },
  { method: 'GET', path: `${ROUTER}/models/purposes`, auth: 'bearer' },
  { method: 'GET', path: `${ROUTER}/health`, auth: 'public' },
  { method: 'GET', path: `${ROUTER}/metrics`, auth: 'bearer', adminScope: true },
  {
    method: 'GET', path: '/metrics', auth: 'public', servedBy: 'worker',
    skip: "the worker's own scrape path, outside the plugin's namespaces (WordPress never serves it): loopback or an admin key; refusals in tests/e2e/metrics.test.ts and http/handlers/metrics-handler.test.ts",
  },
  { method: 'GET', path: `${COMMERCE}/packages`, auth: 'bearer' },
  { method: 'POST', path: `${COMMERCE}/checkout`, auth: 'bearer', body: (f) => ({ package_id: 'no-such-package', site_url: f.clientA.siteUrl }) },
  { method: 'GET', path: `${COMMERCE}/orders/:id`, auth: 'bearer', params: { id: (f) => f.orderOfA } },
  { method: 'GET', path: `${LICENSE}/entitlement`, auth: 'bearer', query: ['site_url'] },
  { method: 'PATCH', path: `${LICENSE}/entitlement`, auth: 'bearer', adminScope: true, body: (f) => ({ site_url: f.clientA.siteUrl, status: 'no-such-status', reason: 'hostile' }) },
  { method: 'POST', path: `${LICENSE}/webhook/woo-order-paid`, auth: 'webhook', body: () => ({ id: 1, status: 'processing' }), allow: [AUDITED, STORE_HEALTH] },
  { method: 'GET', path: `${LIBRARY}/image-templates`, auth: 'public', query: ['category', 'search', ...PAGE] },
  { method: 'GET', path: `${LIBRARY}/image-templates/:id`, auth: 'public', params: { id: () => 'no-such-template' } },
  { method: 'GET', path: `${LIBRARY}/image-samples/:type`, auth: 'public', params: { type: () => 'no-such-type' } },
  { method: 'GET', path: `${LIBRARY}/image-editor-assets/:type`, auth: 'public', params: { type: () => 'no-such-type' } },
  { method: 'GET', path: `${LIBRARY}/image-library/manifest`, auth: 'public' },
  { method: 'GET', path: `${LIBRARY}/image-library/files/:file`, auth: 'public', params: { file: () => 'no-such-file.svg' } },
  { method: 'GET', path: `${ADMIN}/keys`, auth: 'admin', query: PAGE },
  { method: 'POST', path: `${ADMIN}/keys`, auth: 'admin', body: () => ({ site_url: 'not a url', team: '' }) },
  { method: 'PATCH', path: `${ADMIN}/keys/:id`, auth: 'admin', params: { id: () => 'key_NOSUCHKEY' }, body: () => ({ name: 'hostile' }) },
  { method: 'POST', path: `${ADMIN}/keys/:id/revoke`, auth: 'admin', params: { id: () => 'key_NOSUCHKEY' } },
  { method: 'POST', path: `${ADMIN}/keys/:id/rotate-secret`, auth: 'admin', params: { id: () => 'key_NOSUCHKEY' } },
  { method: 'GET', path: `${ADMIN}/entitlements`, auth: 'admin', query: ['site_url'] },
  { method: 'POST', path: `${ADMIN}/entitlements/grant`, auth: 'admin', body: () => ({ site_url: 'not a url', features: 'x' }) },
  { method: 'POST', path: `${ADMIN}/entitlements/status`, auth: 'admin', body: () => ({ site_url: 'not a url', status: 'nope' }) },
  { method: 'GET', path: `${ADMIN}/providers`, auth: 'admin' },
  { method: 'PUT', path: `${ADMIN}/providers/:name`, auth: 'admin', params: { name: () => 'no-such-provider' }, body: () => ({ api_key: 'k' }) },
  { method: 'DELETE', path: `${ADMIN}/providers/:name`, auth: 'admin', params: { name: () => 'no-such-provider' } },
  { method: 'POST', path: `${ADMIN}/providers/:name/test`, auth: 'admin', params: { name: () => 'no-such-provider' }, body: () => ({}) },
  { method: 'GET', path: `${ADMIN}/providers/:name/pool`, auth: 'admin', params: { name: () => 'no-such-provider' } },
  { method: 'PUT', path: `${ADMIN}/providers/:name/pool`, auth: 'admin', params: { name: () => 'openai' }, body: () => ({ deployments: [{ id: 'hostile', weight: 'x' }] }) },
  { method: 'GET', path: `${ADMIN}/pools`, auth: 'admin' },
  { method: 'GET', path: `${ADMIN}/cache-policies`, auth: 'admin' },
  { method: 'PUT', path: `${ADMIN}/cache-policies/:type/:target`, auth: 'admin', params: { type: () => 'purpose', target: () => 'hostile' }, body: () => ({ ttl_seconds: 'x' }) },
  { method: 'DELETE', path: `${ADMIN}/cache-policies/:type/:target`, auth: 'admin', params: { type: () => 'purpose', target: () => 'no-such-purpose' } },
  { method: 'GET', path: `${ADMIN}/models`, auth: 'admin' },
  { method: 'GET', path: `${ADMIN}/purposes`, auth: 'admin' },
  { method: 'PUT', path: `${ADMIN}/purposes/:purpose`, auth: 'admin', params: { purpose: () => 'no-such-purpose' }, body: () => ({ models: 'not a list' }) },
  { method: 'PUT', path: `${ADMIN}/prices/*model`, auth: 'admin', params: { model: () => 'mock/no-such-model' }, body: () => ({ input_per_mtok: 'x' }) },
  { method: 'GET', path: `${ADMIN}/usage`, auth: 'admin', query: ['from', 'to', 'group_by', 'split_by'] },
  { method: 'GET', path: `${ADMIN}/packages`, auth: 'admin', query: ['status'] },
  { method: 'POST', path: `${ADMIN}/packages`, auth: 'admin', body: () => ({ id: '', price: 'x' }) },
  { method: 'PUT', path: `${ADMIN}/packages/:id`, auth: 'admin', params: { id: () => 'no-such-package' }, body: () => ({ name: 'hostile' }) },
  { method: 'POST', path: `${ADMIN}/packages/:id/archive`, auth: 'admin', params: { id: () => 'no-such-package' } },
  { method: 'POST', path: `${ADMIN}/packages/:id/activate`, auth: 'admin', params: { id: () => 'no-such-package' } },
  { method: 'GET', path: `${ADMIN}/orders`, auth: 'admin', query: ['site_url', 'status', ...PAGE] },
  { method: 'GET', path: `${ADMIN}/orders/:id`, auth: 'admin', params: { id: () => 'ord_NOSUCHORDER' } },
  { method: 'POST', path: `${ADMIN}/library/import`, auth: 'admin', body: () => ({ items: 'not a list' }) },
  { method: 'GET', path: `${ADMIN}/library/export`, auth: 'admin' },
  { method: 'POST', path: `${ADMIN}/library/items/:id/archive`, auth: 'admin', params: { id: () => 'tpl_NOSUCHITEM' } },
  { method: 'POST', path: `${ADMIN}/library/items/:id/restore`, auth: 'admin', params: { id: () => 'tpl_NOSUCHITEM' } },
  { method: 'DELETE', path: `${ADMIN}/library/items/:id`, auth: 'admin', params: { id: () => 'tpl_NOSUCHITEM' } },
  { method: 'GET', path: `${ADMIN}/stores`, auth: 'admin' },
  { method: 'POST', path: `${ADMIN}/stores`, auth: 'admin', body: () => ({ source: 'not a url', secret: '' }) },
  { method: 'PUT', path: `${ADMIN}/stores/:id`, auth: 'admin', params: { id: () => 'store_NOSUCHSTORE' }, body: () => ({ secret: '' }) },
  { method: 'DELETE', path: `${ADMIN}/stores/:id`, auth: 'admin', params: { id: () => 'store_NOSUCHSTORE' } },
  { method: 'POST', path: `${ADMIN}/chat`, auth: 'admin', body: () => ({ model: 'mock/echo', messages: 'not a list' }) },
  { method: 'GET', path: `${ADMIN}/budgets`, auth: 'admin' },
  { method: 'POST', path: `${ADMIN}/budgets`, auth: 'admin', body: () => ({ scope: { kind: 'team', value: 'hostile' }, period: 'week', amount: '-1' }) },
  { method: 'PUT', path: `${ADMIN}/budgets/:id`, auth: 'admin', params: { id: () => 'bgt_01NOSUCHBUDGET000000000000' }, body: () => ({ amount: '-1' }) },
  { method: 'PATCH', path: `${ADMIN}/budgets/:id`, auth: 'admin', params: { id: () => 'bgt_01NOSUCHBUDGET000000000000' }, body: () => ({ amount: '-1' }) },
  { method: 'DELETE', path: `${ADMIN}/budgets/:id`, auth: 'admin', params: { id: () => 'bgt_01NOSUCHBUDGET000000000000' } },
  { method: 'GET', path: `${ADMIN}/webhook-audit`, auth: 'admin', query: ['result', 'outcome', 'source', ...PAGE] },
  { method: 'GET', path: `${ADMIN}/webhook-audit/:id`, auth: 'admin', params: { id: () => '999999999' } },
  { method: 'POST', path: `${INTERNAL}/woo-order-event`, auth: 'internal', body: () => ({ order: 'not an order' }) },
  { method: 'POST', path: `${INTERNAL}/woo-subscription-event`, auth: 'internal', body: () => ({ subscription: 'not a subscription' }) },
  { method: 'GET', path: `${ADMIN}/deliveries`, auth: 'admin', query: ['status', 'site_url', ...PAGE] },
  { method: 'GET', path: `${ADMIN}/deliveries/:id`, auth: 'admin', params: { id: () => 'msg_NOSUCHDELIVERY' } },
  { method: 'POST', path: `${ADMIN}/deliveries/:id/retry`, auth: 'admin', params: { id: () => 'msg_NOSUCHDELIVERY' } },
  // Answered by the shell itself (plugin/includes/internal/class-svc-hub-internal-routes.php), never forwarded.
  { method: 'POST', path: `${INTERNAL}/ping`, auth: 'internal', servedBy: 'shell', body: () => ({}) },
  { method: 'POST', path: `${INTERNAL}/woo-create-order`, auth: 'internal', servedBy: 'shell', body: () => ({ product_id: 'not a number' }) },
  { method: 'POST', path: `${INTERNAL}/woo-product`, auth: 'internal', servedBy: 'shell', body: () => ({ product_id: 'not a number' }) },
  // Test-only routes (SVC_TEST_ROUTES=on): registered on the test stack, never in production.
  { method: 'GET', path: `${TEST}/stream`, auth: 'public', skip: 'test-only: holds an event stream open for 15 s per request (streaming tests)' },
  { method: 'GET', path: `${TEST}/stream-status`, auth: 'public', query: ['id'] },
  { method: 'POST', path: `${TEST}/ack`, auth: 'public', query: ['id'] },
];

/** Rows that get cases. */
export const ATTACKED_ROUTES = HOSTILE_ROUTES.filter((route) => !route.skip);

export const routeName = (route: HostileRoute) => `${route.method} ${route.path}`;

/** Path parameter names in the route's path (`:id`, `*model`). */
export const pathParameters = (route: HostileRoute) => [...route.path.matchAll(/[:*]([a-z]+)/g)].map((match) => match[1]!);

/** The route's path with each parameter replaced (`values` already encoded as they go on the wire). */
export function fillPath(route: HostileRoute, values: Record<string, string>): string {
  return route.path.replace(/[:*]([a-z]+)/g, (_whole, name: string) => values[name] ?? '');
}
