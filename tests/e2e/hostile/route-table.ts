import { MANIFEST_ROUTES, type ManifestRoute } from '../route-manifest';
import type { Fixture } from './fixture';

/**
 * The hostile-input suite's route table: every route of the hub's route manifest (written by
 * the build from worker/src/http/routes/: the worker's routes and the shell's internal ones),
 * with this suite's extra data keyed by route id. Every attack family generates its cases from
 * these routes, and route-coverage.test.ts fails when the manifest has a route id without an
 * entry in HOSTILE_EXTRAS — adding a route to the hub is adding one entry below.
 *
 * - `params` gives a valid value for each path parameter (`:id`, `*model`; the attacks replace
 *   one at a time).
 * - `query` names the query parameters the route reads (SQL/LIKE metacharacters go into each).
 * - `body` is a well-formed body the handler refuses (hostile variants are built around it);
 *   absent: no body.
 * - `allow` lists the stored changes a refused request may still make — the exact table and
 *   change, with the reason. Anything else in any svc_* table fails the case.
 * - method, path, auth, admin scope and who serves the route come from the manifest.
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

/** A route's extra data for this suite (see above). */
export interface HostileExtra {
  params?: Record<string, (fixture: Fixture) => string>;
  query?: string[];
  body?: (fixture: Fixture) => unknown;
  allow?: Allowance[];
  /** Why a route gets no hostile cases (it must still be listed). */
  skip?: string;
}

export interface HostileRoute extends HostileExtra {
  id: string;
  method: ManifestRoute['method'];
  path: string;
  auth: AuthKind;
  /** Bearer routes that need an admin-scope key. */
  adminScope?: boolean;
  /** `worker`: a route the worker serves; `shell`: answered by the PHP shell itself. */
  servedBy: 'worker' | 'shell';
}

const AUDITED: Allowance = {
  table: 'webhook_audit',
  change: 'rows-added',
  why: 'docs/architecture.md §5: every webhook attempt, valid or not, is in the audit log before the answer',
};
const STORE_HEALTH: Allowance = {
  table: 'stores',
  change: 'columns',
  why: "a delivery naming a store updates that store's verification health (docs/woocommerce-webhook.md, Store health)",
};
// Bodies are well-formed but refused by the handler (a field is wrong), so that no case makes a
// real, billed call or a change: the attacks change the rest.
const chat = () => ({ model: 'mock/echo', messages: 'hostile' });
const PAGE = ['page', 'per_page'];
const NO_SUCH_RESPONSE = 'resp_01JAAAAAAAAAAAAAAAAAAAAAAA';

/** Extra data per route id; `{}`: the route is attacked with its manifest data alone. */
export const HOSTILE_EXTRAS: Record<string, HostileExtra> = {
  'router.chat': { body: chat },
  'router.chat-stream': { body: chat },
  'router.chat-completions': { body: chat },
  'router.responses.create': { body: () => ({ model: 'mock/echo', input: { hostile: true } }) },
  'router.responses.retrieve': { params: { id: () => NO_SUCH_RESPONSE } },
  'router.responses.delete': { params: { id: () => NO_SUCH_RESPONSE } },
  'router.responses.input-items': { params: { id: () => NO_SUCH_RESPONSE }, query: ['limit', 'order', 'after'] },
  'router.messages.create': {
    body: () => ({ model: 'mock/echo', max_tokens: 16, messages: [{ role: 'user', content: { hostile: true } }] }),
  },
  'router.messages.count-tokens': { body: () => ({ model: 'mock/echo', messages: [{ role: 'user', content: { hostile: true } }] }) },
  'router.embeddings': { body: () => ({ dimensions: 64, model: 'mock/embed', input: { hostile: true } }) },
  'router.images.generations': { body: () => ({ model: 'mock/image', n: 1, prompt: { hostile: true } }) },
  // JSON where the route takes multipart/form-data: refused 415 before any field is read.
  'router.images.edits': { body: () => ({ model: 'mock/image', prompt: 'edit' }) },
  'router.images.file': { params: { file: () => `${'0'.repeat(64)}.png` } },
  'router.models': {},
  'router.models.purposes': {},
  'router.models.retrieve': { params: { id: () => 'mock/echo' } },
  'router.health': {},
  'router.metrics': {},
  'worker.metrics': {
    skip: "the worker's own scrape path, outside the plugin's namespaces (WordPress never serves it): loopback or an admin key; refusals in tests/e2e/metrics.test.ts and http/handlers/metrics-handler.test.ts",
  },
  'commerce.packages': {},
  // The buyer first: the attacks go into the first field (docs/commerce.md "Checkout").
  'commerce.checkout': {
    body: (f) => ({
      buyer: { email: 'buyer@example.com', name: 'Hostile Buyer' },
      package_id: 'no-such-package',
      site_url: f.clientA.siteUrl,
    }),
  },
  'commerce.order': { params: { id: (f) => f.orderOfA } },
  'license.entitlement.read': { query: ['site_url'] },
  'license.entitlement.update': {
    body: (f) => ({ site_url: f.clientA.siteUrl, entitlement_id: f.entitlementOfA, status: 'no-such-status', reason: 'hostile' }),
  },
  'license.redeliver': { body: () => ({ site_url: 'https://another.example' }) },
  // A guessed key for a malformed site: refused by field, nothing activated (docs/commerce.md "Licences and activations").
  'license.activations.create': { body: () => ({ license_key: 'SVC-0000-0000-0000-0000-0000-0000', site_url: 'not a url' }) },
  'license.updates.check': { body: () => ({ plugins: [{ file: '../../wp-config.php', version: '1.0' }], channel: 'nightly' }) },
  'license.updates.info': { params: { slug: () => 'no-such-plugin' }, query: ['type', 'channel'] },
  // A token signed by another hub's secret (license-updates.test.ts: expired, tampered, foreign, withdrawn).
  'license.downloads': {
    params: {
      token: () => `${Buffer.from('{"r":"rel_x","s":"https://a.example","e":9999999999}').toString('base64url')}.${'A'.repeat(43)}`,
    },
  },
  'license.activations.delete': { params: { id: () => 'act_01JAAAAAAAAAAAAAAAAAAAAAAA' } },
  'license.licenses.list': { query: PAGE },
  'license.licenses.get': { params: { id: () => 'lic_01JAAAAAAAAAAAAAAAAAAAAAAA' } },
  'license.staging-patterns.create': { body: () => ({ customer_id: 'cus_NOSUCHCUSTOMER', pattern: '*' }) },
  'license.webhook.woo-order-paid': { body: () => ({ id: 1, status: 'processing' }), allow: [AUDITED, STORE_HEALTH] },
  'library.templates': { query: ['category', 'search', ...PAGE] },
  'library.template': { params: { id: () => 'no-such-template' } },
  'library.samples': { params: { type: () => 'no-such-type' } },
  'library.editor-assets': { params: { type: () => 'no-such-type' } },
  'library.manifest': {},
  'library.file': { params: { file: () => 'no-such-file.svg' } },
  'library.image-renders': {
    body: () => ({ template: 'spring-sale-square', fields: 'not an object' }),
    allow: [
      { table: 'renders', change: 'rows-added', why: 'docs/library.md "Rendering": every render, a refused one too, is in the render log' },
    ],
  },
  'library.image-render-file': { params: { file: () => `${'0'.repeat(64)}.png` } },
  'admin.licenses.list': { query: PAGE },
  'admin.licenses.get': { params: { id: () => 'lic_01JAAAAAAAAAAAAAAAAAAAAAAA' } },
  'admin.activations.deactivate': { params: { id: () => 'act_01JAAAAAAAAAAAAAAAAAAAAAAA' } },
  'admin.staging-patterns.list': { query: ['customer_id'] },
  'admin.staging-patterns.remove': { body: () => ({ customer_id: 'not a customer', pattern: '*.review.example.com' }) },
  'admin.staging-patterns.create': { body: () => ({ customer_id: 'cus_NOSUCHCUSTOMER', pattern: '*' }) },
  'admin.keys.list': { query: PAGE },
  'admin.keys.create': { body: () => ({ site_url: 'not a url', team: '' }) },
  'admin.keys.update': { params: { id: () => 'key_NOSUCHKEY' }, body: () => ({ name: 'hostile' }) },
  'admin.keys.revoke': { params: { id: () => 'key_NOSUCHKEY' } },
  'admin.keys.rotate-secret': { params: { id: () => 'key_NOSUCHKEY' } },
  'admin.entitlements.list': { query: ['site_url'] },
  'admin.entitlements.grant': { body: () => ({ site_url: 'not a url', features: 'x' }) },
  'admin.entitlements.status': { body: (f) => ({ site_url: 'not a url', entitlement_id: f.entitlementOfA, status: 'nope' }) },
  'admin.providers.list': {},
  'admin.providers.save': { params: { name: () => 'no-such-provider' }, body: () => ({ api_key: 'k' }) },
  'admin.providers.remove': { params: { name: () => 'no-such-provider' } },
  'admin.providers.test': { params: { name: () => 'no-such-provider' }, body: () => ({}) },
  'admin.providers.pool': { params: { name: () => 'no-such-provider' } },
  'admin.providers.pool.save': { params: { name: () => 'openai' }, body: () => ({ deployments: [{ id: 'hostile', weight: 'x' }] }) },
  'admin.pools': {},
  'admin.cache-policies.list': {},
  'admin.cache-policies.save': { params: { type: () => 'purpose', target: () => 'hostile' }, body: () => ({ ttl_seconds: 'x' }) },
  'admin.cache-policies.remove': { params: { type: () => 'purpose', target: () => 'no-such-purpose' } },
  'admin.models': {},
  'admin.purposes.list': {},
  'admin.purposes.save': { params: { purpose: () => 'no-such-purpose' }, body: () => ({ models: 'not a list' }) },
  'admin.prices.save': { params: { model: () => 'mock/no-such-model' }, body: () => ({ input_per_mtok: 'x' }) },
  'admin.usage': { query: ['from', 'to', 'group_by', 'split_by'] },
  'admin.usage.calls': { query: ['limit', 'cost_differs', 'kind'] },
  'admin.provider-prices.list': {},
  'admin.provider-prices.save': { params: { provider: () => 'anthropic' }, body: () => ({ input_per_mtok: 'x', output_per_mtok: -1 }) },
  'admin.provider-prices.clear': { params: { provider: () => 'anthropic' } },
  'admin.prices.sync': { params: { provider: () => 'anthropic' } },
  'admin.chat': { body: () => ({ model: 'mock/echo', messages: 'not a list' }) },
  'admin.releases.upload': { body: () => ({ version: '1.0' }) }, // not multipart: 415, nothing stored
  'admin.releases.list': {},
  'admin.releases.rollback': { body: () => ({ slug: 'no-such-plugin', version: '1.0' }) },
  'admin.packages.list': { query: ['status'] },
  'admin.packages.create': { body: () => ({ id: '', price: 'x' }) },
  'admin.packages.update': { params: { id: () => 'no-such-package' }, body: () => ({ name: 'hostile' }) },
  'admin.packages.archive': { params: { id: () => 'no-such-package' } },
  'admin.packages.activate': { params: { id: () => 'no-such-package' } },
  'admin.orders.list': { query: ['site_url', 'status', ...PAGE] },
  'admin.orders.get': { params: { id: () => 'ord_NOSUCHORDER' } },
  'admin.library.import': { body: () => ({ items: 'not a list' }) },
  'admin.library.export': {},
  'admin.library.archive': { params: { id: () => 'tpl_NOSUCHITEM' } },
  'admin.library.restore': { params: { id: () => 'tpl_NOSUCHITEM' } },
  'admin.library.remove': { params: { id: () => 'tpl_NOSUCHITEM' } },
  'admin.library.template-fields': { params: { id: () => 'no-such-template' } },
  'admin.library.template-render': {
    params: { id: () => 'spring-sale-square' },
    body: () => ({ fields: 'not an object' }),
    allow: [
      { table: 'renders', change: 'rows-added', why: 'docs/library.md "Rendering": every render, a refused one too, is in the render log' },
    ],
  },
  'admin.renders.list': { query: ['site_url', 'template_id', 'key_id', 'status', ...PAGE] },
  'admin.renders.summary': { query: ['from', 'to'] },
  'admin.stores.list': {},
  'admin.stores.create': { body: () => ({ source: 'not a url', secret: '' }) },
  'admin.stores.update': { params: { id: () => 'store_NOSUCHSTORE' }, body: () => ({ secret: '' }) },
  'admin.stores.remove': { params: { id: () => 'store_NOSUCHSTORE' } },
  'admin.webhook-audit.list': { query: ['result', 'outcome', 'source', ...PAGE] },
  'admin.webhook-audit.entry': { params: { id: () => '999999999' } },
  'admin.deliveries.list': { query: ['status', 'site_url', ...PAGE] },
  'admin.deliveries.get': { params: { id: () => 'msg_NOSUCHDELIVERY' } },
  'admin.deliveries.retry': { params: { id: () => 'msg_NOSUCHDELIVERY' } },
  'admin.budgets.list': {},
  'admin.budgets.create': {
    body: () => ({ scope: { kind: 'team', value: 'hostile', site_url: 'https://hostile.example' }, period: 'week', amount: '-1' }),
  },
  'admin.budgets.replace': { params: { id: () => 'bgt_01NOSUCHBUDGET000000000000' }, body: () => ({ amount: '-1' }) },
  'admin.budgets.update': { params: { id: () => 'bgt_01NOSUCHBUDGET000000000000' }, body: () => ({ amount: '-1' }) },
  'admin.budgets.remove': { params: { id: () => 'bgt_01NOSUCHBUDGET000000000000' } },
  'admin.credits.show': { query: ['scope'] },
  'admin.credits.adjust': { body: () => ({ scope: 'https://hostile.example', amount: '-1e9', reason: 'hostile' }) },
  'admin.ai.statement': { query: ['site', 'format'] },
  'admin.ai.settings.show': { query: ['site'] },
  'admin.ai.settings.update': {
    body: () => ({ site_url: 'https://hostile.example', markup_percent: '-5', alert_url: 'https://u:p@x.example' }),
  },
  'admin.ai.alerts': { query: ['site'] },
  'admin.customers.list': {},
  'admin.customers.show': { params: { id: () => 'cus_01NOSUCHCUSTOMER0000000000' } },
  'admin.customers.assign-site': { params: { id: () => 'cus_01NOSUCHCUSTOMER0000000000' }, body: () => ({ site_url: 'not a url' }) },
  'admin.reports.spend': { query: ['by', 'period', 'from', 'to', 'customer', 'format'] },
  'admin.setup': {},
  'internal.woo-order-event': { body: () => ({ order: 'not an order' }) },
  'internal.woo-subscription-event': { body: () => ({ subscription: 'not a subscription' }) },
  'internal.ai-overage': { body: () => ({ subscription_id: 'not a number', renewal_order_id: 1 }) },
  'internal.ai-overage.billed': {
    body: () => ({ subscription_id: 1, renewal_order_id: 1, period_ids: ['aip_01NOSUCHPERIOD00000000000000'], amount: '-1' }),
  },
  // Re-reads whether the plugin is active (the database decides; the body is ignored), changes nothing.
  'internal.plugin-state': { body: () => ({ changed: 'not a state' }) },
  // The customer portal (docs/commerce.md "Customer portal"): a bad customer id is refused by name, nothing deactivated.
  'internal.portal.licenses': { body: () => ({ woo_customer_id: 'not a number' }) },
  'internal.portal.deactivate': { body: () => ({ woo_customer_id: 1, activation_id: 'not an id' }) },
  // Answered by the shell itself (plugin/includes/internal/class-svc-hub-internal-routes.php), never forwarded.
  'shell.ping': { body: () => ({}) },
  'shell.woo-create-order': { body: () => ({ product_id: 'not a number' }) },
  'shell.woo-product': { body: () => ({ product_id: 'not a number' }) },
  // Test-only routes (SVC_TEST_ROUTES=on): registered on the test stack, never in production.
  'test.stream': { skip: 'test-only: holds an event stream open for 15 s per request (streaming tests)' },
  'test.stream-status': { query: ['id'] },
  'test.ack': { query: ['id'] },
};

/** Every route of the manifest with its extra data (none yet: route-coverage.test.ts fails). */
export const HOSTILE_ROUTES: HostileRoute[] = MANIFEST_ROUTES.map((route) => ({
  id: route.id,
  method: route.method,
  path: route.path,
  auth: route.auth,
  ...(route.adminScope ? { adminScope: true } : {}),
  servedBy: route.servedBy,
  ...HOSTILE_EXTRAS[route.id],
}));

/** Rows that get cases. */
export const ATTACKED_ROUTES = HOSTILE_ROUTES.filter((route) => !route.skip);

export const routeName = (route: HostileRoute) => `${route.method} ${route.path}`;

/** Path parameter names in the route's path (`:id`, `*model`). */
export const pathParameters = (route: HostileRoute) => [...route.path.matchAll(/[:*]([a-z]+)/g)].map((match) => match[1]!);

/** The route's path with each parameter replaced (`values` already encoded as they go on the wire). */
export function fillPath(route: HostileRoute, values: Record<string, string>): string {
  return route.path.replace(/[:*]([a-z]+)/g, (_whole, name: string) => values[name] ?? '');
}
