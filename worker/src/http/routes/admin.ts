import type { Services } from '../../services';
import { adminChatHandler } from '../handlers/admin/admin-chat';
import { aiAccountHandlers } from '../handlers/admin/ai-accounts';
import { aiAlertHandlers } from '../handlers/admin/ai-alerts';
import { budgetHandlers } from '../handlers/admin/budgets';
import { cachePoolAdminHandlers } from '../handlers/admin/cache-pool-admin';
import { commerceAdminHandlers } from '../handlers/admin/commerce-admin';
import { customerHandlers } from '../handlers/admin/customers';
import { deliveryHandlers } from '../handlers/admin/deliveries';
import { entitlementHandlers } from '../handlers/admin/entitlements';
import { keyHandlers } from '../handlers/admin/keys';
import { licenceActivationHandlers } from '../handlers/license-activations';
import { stagingPatternHandlers } from '../handlers/admin/staging-patterns';
import { libraryAdminHandlers } from '../handlers/admin/library-admin';
import { licenceReleaseHandlers } from '../handlers/license-releases';
import { MAX_RELEASE_BYTES } from '../../license/releases/release-inputs';
import { priceAdminHandlers } from '../handlers/admin/price-admin';
import { rendersAdminHandlers } from '../handlers/admin/renders-admin';
import { routerAdminHandlers } from '../handlers/admin/router-admin';
import { setupHandlers } from '../handlers/admin/setup';
import { templateTryHandlers } from '../handlers/admin/template-try';
import { storeHandlers } from '../handlers/admin/stores';
import { webhookAuditHandlers } from '../handlers/admin/webhook-audit';
import { NAMESPACES } from './namespaces';
import type { RouteRow } from './route';

const { admin } = NAMESPACES;
/** Signed by the shell after its manage_options check (docs/architecture.md §1); no body: `json: false`. */
const ADMIN = { auth: 'admin', area: 'admin' } as const;
const NO_BODY = { ...ADMIN, json: false } as const;

const routerAdmin = (services: Services) => routerAdminHandlers(services.router, services.database);
const cachePools = (services: Services) => cachePoolAdminHandlers(services.router);
const chat = (services: Services) => adminChatHandler(services.router);
const priceAdmin = (services: Services) => priceAdminHandlers(services.router, services.database);
const setup = (services: Services) =>
  setupHandlers({ database: services.database, version: services.config.version, router: services.router });

/** /wp-json/svc-hub/v1/admin: the wp-admin screen's routes. */
export const ADMIN_ROUTES: RouteRow[] = [
  // Licences and activations (docs/commerce.md "Licences and activations").
  { id: 'admin.licenses.list', method: 'GET', path: `${admin}/licenses`, ...ADMIN, handler: (w) => w.once(licenceActivationHandlers).list },
  {
    id: 'admin.licenses.get',
    method: 'GET',
    path: `${admin}/licenses/:id`,
    ...ADMIN,
    handler: (w) => w.once(licenceActivationHandlers).read,
  },
  {
    id: 'admin.activations.deactivate',
    method: 'POST',
    path: `${admin}/activations/:id/deactivate`,
    ...NO_BODY,
    handler: (w) => w.once(licenceActivationHandlers).adminDeactivate,
  },
  {
    id: 'admin.staging-patterns.create',
    method: 'POST',
    path: `${admin}/staging-patterns`,
    ...ADMIN,
    handler: (w) => w.once(licenceActivationHandlers).addStagingPattern,
  },
  {
    id: 'admin.staging-patterns.list',
    method: 'GET',
    path: `${admin}/staging-patterns`,
    ...ADMIN,
    handler: (w) => w.once(stagingPatternHandlers).list,
  },
  {
    id: 'admin.staging-patterns.remove',
    method: 'POST',
    path: `${admin}/staging-patterns/remove`,
    ...ADMIN,
    handler: (w) => w.once(stagingPatternHandlers).remove,
  },
  { id: 'admin.keys.list', method: 'GET', path: `${admin}/keys`, ...ADMIN, handler: (w) => w.once(keyHandlers).list },
  { id: 'admin.keys.create', method: 'POST', path: `${admin}/keys`, ...ADMIN, handler: (w) => w.once(keyHandlers).create },
  { id: 'admin.keys.update', method: 'PATCH', path: `${admin}/keys/:id`, ...ADMIN, handler: (w) => w.once(keyHandlers).update },
  { id: 'admin.keys.revoke', method: 'POST', path: `${admin}/keys/:id/revoke`, ...NO_BODY, handler: (w) => w.once(keyHandlers).revoke },
  {
    id: 'admin.keys.rotate-secret',
    method: 'POST',
    path: `${admin}/keys/:id/rotate-secret`,
    ...NO_BODY,
    handler: (w) => w.once(keyHandlers).rotateSecret,
  },
  {
    id: 'admin.entitlements.list',
    method: 'GET',
    path: `${admin}/entitlements`,
    ...ADMIN,
    handler: (w) => w.once(entitlementHandlers).list,
  },
  {
    id: 'admin.entitlements.grant',
    method: 'POST',
    path: `${admin}/entitlements/grant`,
    ...ADMIN,
    handler: (w) => w.once(entitlementHandlers).grant,
  },
  {
    id: 'admin.entitlements.status',
    method: 'POST',
    path: `${admin}/entitlements/status`,
    ...ADMIN,
    handler: (w) => w.once(entitlementHandlers).setStatus,
  },
  { id: 'admin.providers.list', method: 'GET', path: `${admin}/providers`, ...ADMIN, handler: (w) => w.once(routerAdmin).providers },
  {
    id: 'admin.providers.save',
    method: 'PUT',
    path: `${admin}/providers/:name`,
    ...ADMIN,
    handler: (w) => w.once(routerAdmin).saveProvider,
  },
  {
    id: 'admin.providers.remove',
    method: 'DELETE',
    path: `${admin}/providers/:name`,
    ...ADMIN,
    handler: (w) => w.once(routerAdmin).removeProvider,
  },
  {
    id: 'admin.providers.test',
    method: 'POST',
    path: `${admin}/providers/:name/test`,
    ...ADMIN,
    handler: (w) => w.once(routerAdmin).testProvider,
  },
  { id: 'admin.providers.pool', method: 'GET', path: `${admin}/providers/:name/pool`, ...ADMIN, handler: (w) => w.once(cachePools).pool },
  {
    id: 'admin.providers.pool.save',
    method: 'PUT',
    path: `${admin}/providers/:name/pool`,
    ...ADMIN,
    handler: (w) => w.once(cachePools).savePool,
  },
  { id: 'admin.pools', method: 'GET', path: `${admin}/pools`, ...ADMIN, handler: (w) => w.once(cachePools).pools },
  {
    id: 'admin.cache-policies.list',
    method: 'GET',
    path: `${admin}/cache-policies`,
    ...ADMIN,
    handler: (w) => w.once(cachePools).cachePolicies,
  },
  {
    id: 'admin.cache-policies.save',
    method: 'PUT',
    path: `${admin}/cache-policies/:type/:target`,
    ...ADMIN,
    handler: (w) => w.once(cachePools).saveCachePolicy,
  },
  {
    id: 'admin.cache-policies.remove',
    method: 'DELETE',
    path: `${admin}/cache-policies/:type/:target`,
    ...ADMIN,
    handler: (w) => w.once(cachePools).removeCachePolicy,
  },
  { id: 'admin.models', method: 'GET', path: `${admin}/models`, ...ADMIN, handler: (w) => w.once(routerAdmin).models },
  { id: 'admin.purposes.list', method: 'GET', path: `${admin}/purposes`, ...ADMIN, handler: (w) => w.once(routerAdmin).purposes },
  {
    id: 'admin.purposes.save',
    method: 'PUT',
    path: `${admin}/purposes/:purpose`,
    ...ADMIN,
    handler: (w) => w.once(routerAdmin).savePurpose,
  },
  { id: 'admin.prices.save', method: 'PUT', path: `${admin}/prices/*model`, ...ADMIN, handler: (w) => w.once(routerAdmin).savePrice },
  { id: 'admin.usage', method: 'GET', path: `${admin}/usage`, ...ADMIN, handler: (w) => w.once(routerAdmin).usage },
  { id: 'admin.usage.calls', method: 'GET', path: `${admin}/usage/calls`, ...ADMIN, handler: (w) => w.once(priceAdmin).calls },
  {
    id: 'admin.provider-prices.list',
    method: 'GET',
    path: `${admin}/provider-prices`,
    ...ADMIN,
    handler: (w) => w.once(priceAdmin).defaults,
  },
  {
    id: 'admin.provider-prices.save',
    method: 'PUT',
    path: `${admin}/provider-prices/:provider`,
    ...ADMIN,
    handler: (w) => w.once(priceAdmin).saveDefault,
  },
  {
    id: 'admin.provider-prices.clear',
    method: 'DELETE',
    path: `${admin}/provider-prices/:provider`,
    ...NO_BODY,
    handler: (w) => w.once(priceAdmin).clearDefault,
  },
  {
    id: 'admin.prices.sync',
    method: 'POST',
    path: `${admin}/price-sync/:provider`,
    ...NO_BODY,
    handler: (w) => w.once(priceAdmin).sync,
  },
  { id: 'admin.chat', method: 'POST', path: `${admin}/chat`, ...ADMIN, handler: (w) => w.once(chat) },
  {
    id: 'admin.packages.list',
    method: 'GET',
    path: `${admin}/packages`,
    ...ADMIN,
    handler: (w) => w.once(commerceAdminHandlers).listPackages,
  },
  {
    id: 'admin.packages.create',
    method: 'POST',
    path: `${admin}/packages`,
    ...ADMIN,
    handler: (w) => w.once(commerceAdminHandlers).createPackage,
  },
  // Releases of packages' plugins and themes (docs/architecture.md §12, docs/commerce.md "Releases and updates").
  {
    id: 'admin.releases.upload',
    method: 'POST',
    path: `${admin}/releases`,
    ...NO_BODY,
    maxBodyBytes: () => MAX_RELEASE_BYTES + 1024 * 1024,
    handler: (w) => w.once(licenceReleaseHandlers).upload,
  },
  { id: 'admin.releases.list', method: 'GET', path: `${admin}/releases`, ...ADMIN, handler: (w) => w.once(licenceReleaseHandlers).list },
  {
    id: 'admin.releases.rollback',
    method: 'POST',
    path: `${admin}/releases/rollback`,
    ...ADMIN,
    handler: (w) => w.once(licenceReleaseHandlers).rollback,
  },
  {
    id: 'admin.packages.update',
    method: 'PUT',
    path: `${admin}/packages/:id`,
    ...ADMIN,
    handler: (w) => w.once(commerceAdminHandlers).updatePackage,
  },
  {
    id: 'admin.packages.archive',
    method: 'POST',
    path: `${admin}/packages/:id/archive`,
    ...NO_BODY,
    handler: (w) => w.once(commerceAdminHandlers).archivePackage,
  },
  {
    id: 'admin.packages.activate',
    method: 'POST',
    path: `${admin}/packages/:id/activate`,
    ...NO_BODY,
    handler: (w) => w.once(commerceAdminHandlers).activatePackage,
  },
  { id: 'admin.orders.list', method: 'GET', path: `${admin}/orders`, ...ADMIN, handler: (w) => w.once(commerceAdminHandlers).listOrders },
  { id: 'admin.orders.get', method: 'GET', path: `${admin}/orders/:id`, ...ADMIN, handler: (w) => w.once(commerceAdminHandlers).order },
  {
    id: 'admin.library.import',
    method: 'POST',
    path: `${admin}/library/import`,
    ...ADMIN,
    handler: (w) => w.once(libraryAdminHandlers).importPack,
  },
  {
    id: 'admin.library.export',
    method: 'GET',
    path: `${admin}/library/export`,
    ...ADMIN,
    handler: (w) => w.once(libraryAdminHandlers).exportPack,
  },
  {
    id: 'admin.library.archive',
    method: 'POST',
    path: `${admin}/library/items/:id/archive`,
    ...NO_BODY,
    handler: (w) => w.once(libraryAdminHandlers).archive,
  },
  {
    id: 'admin.library.restore',
    method: 'POST',
    path: `${admin}/library/items/:id/restore`,
    ...NO_BODY,
    handler: (w) => w.once(libraryAdminHandlers).restore,
  },
  {
    id: 'admin.library.remove',
    method: 'DELETE',
    path: `${admin}/library/items/:id`,
    ...ADMIN,
    handler: (w) => w.once(libraryAdminHandlers).remove,
  },
  {
    id: 'admin.library.template-fields',
    method: 'GET',
    path: `${admin}/library/templates/:id/fields`,
    ...ADMIN,
    handler: (w) => w.once(templateTryHandlers).fields,
  },
  {
    id: 'admin.library.template-render',
    method: 'POST',
    path: `${admin}/library/templates/:id/render`,
    ...ADMIN,
    handler: (w) => w.once(templateTryHandlers).render,
  },
  { id: 'admin.renders.list', method: 'GET', path: `${admin}/renders`, ...ADMIN, handler: (w) => w.once(rendersAdminHandlers).list },
  {
    id: 'admin.renders.summary',
    method: 'GET',
    path: `${admin}/renders/summary`,
    ...ADMIN,
    handler: (w) => w.once(rendersAdminHandlers).summary,
  },
  { id: 'admin.stores.list', method: 'GET', path: `${admin}/stores`, ...ADMIN, handler: (w) => w.once(storeHandlers).list },
  { id: 'admin.stores.create', method: 'POST', path: `${admin}/stores`, ...ADMIN, handler: (w) => w.once(storeHandlers).create },
  { id: 'admin.stores.update', method: 'PUT', path: `${admin}/stores/:id`, ...ADMIN, handler: (w) => w.once(storeHandlers).update },
  { id: 'admin.stores.remove', method: 'DELETE', path: `${admin}/stores/:id`, ...ADMIN, handler: (w) => w.once(storeHandlers).remove },
  {
    id: 'admin.webhook-audit.list',
    method: 'GET',
    path: `${admin}/webhook-audit`,
    ...ADMIN,
    handler: (w) => w.once(webhookAuditHandlers).list,
  },
  {
    id: 'admin.webhook-audit.entry',
    method: 'GET',
    path: `${admin}/webhook-audit/:id`,
    ...ADMIN,
    handler: (w) => w.once(webhookAuditHandlers).entry,
  },
  { id: 'admin.deliveries.list', method: 'GET', path: `${admin}/deliveries`, ...ADMIN, handler: (w) => w.once(deliveryHandlers).list },
  { id: 'admin.deliveries.get', method: 'GET', path: `${admin}/deliveries/:id`, ...ADMIN, handler: (w) => w.once(deliveryHandlers).get },
  {
    id: 'admin.deliveries.retry',
    method: 'POST',
    path: `${admin}/deliveries/:id/retry`,
    ...NO_BODY,
    handler: (w) => w.once(deliveryHandlers).retry,
  },
  { id: 'admin.budgets.list', method: 'GET', path: `${admin}/budgets`, ...ADMIN, handler: (w) => w.once(budgetHandlers).list },
  { id: 'admin.budgets.create', method: 'POST', path: `${admin}/budgets`, ...ADMIN, handler: (w) => w.once(budgetHandlers).create },
  { id: 'admin.budgets.replace', method: 'PUT', path: `${admin}/budgets/:id`, ...ADMIN, handler: (w) => w.once(budgetHandlers).update },
  { id: 'admin.budgets.update', method: 'PATCH', path: `${admin}/budgets/:id`, ...ADMIN, handler: (w) => w.once(budgetHandlers).update },
  { id: 'admin.budgets.remove', method: 'DELETE', path: `${admin}/budgets/:id`, ...ADMIN, handler: (w) => w.once(budgetHandlers).remove },
  { id: 'admin.credits.show', method: 'GET', path: `${admin}/credits`, ...ADMIN, handler: (w) => w.once(aiAccountHandlers).show },
  {
    id: 'admin.credits.adjust',
    method: 'POST',
    path: `${admin}/credits/adjust`,
    ...ADMIN,
    handler: (w) => w.once(aiAccountHandlers).adjust,
  },
  { id: 'admin.ai.statement', method: 'GET', path: `${admin}/ai/statement`, ...ADMIN, handler: (w) => w.once(aiAccountHandlers).statement },
  {
    id: 'admin.ai.settings.show',
    method: 'GET',
    path: `${admin}/ai/settings`,
    ...ADMIN,
    handler: (w) => w.once(aiAccountHandlers).settings,
  },
  {
    id: 'admin.ai.settings.update',
    method: 'PUT',
    path: `${admin}/ai/settings`,
    ...ADMIN,
    handler: (w) => w.once(aiAccountHandlers).updateSettings,
  },
  { id: 'admin.ai.alerts', method: 'GET', path: `${admin}/ai/alerts`, ...ADMIN, handler: (w) => w.once(aiAlertHandlers).list },
  { id: 'admin.customers.list', method: 'GET', path: `${admin}/customers`, ...ADMIN, handler: (w) => w.once(customerHandlers).list },
  { id: 'admin.customers.show', method: 'GET', path: `${admin}/customers/:id`, ...ADMIN, handler: (w) => w.once(customerHandlers).show },
  {
    id: 'admin.customers.assign-site',
    method: 'POST',
    path: `${admin}/customers/:id/sites`,
    ...ADMIN,
    handler: (w) => w.once(customerHandlers).assign,
  },
  { id: 'admin.setup', method: 'GET', path: `${admin}/setup`, ...ADMIN, handler: (w) => w.once(setup).show },
  { id: 'admin.reports.spend', method: 'GET', path: `${admin}/reports/spend`, ...ADMIN, handler: (w) => w.once(customerHandlers).spend },
];
