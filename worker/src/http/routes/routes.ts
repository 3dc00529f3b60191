import type { RequestHandler } from 'express';
import type { Services } from '../../services';
import type { CallHandler } from '../middleware/call-handler';
import { entitlementHandlers } from '../handlers/admin/entitlements';
import { keyHandlers } from '../handlers/admin/keys';
import { deliveryHandlers } from '../handlers/admin/deliveries';
import { healthHandler } from '../handlers/health';
import { metricsHandlers } from '../handlers/metrics-handler';
import { adminChatHandler } from '../handlers/admin/admin-chat';
import { chatHandler, embeddingsHandler } from '../handlers/router-calls';
import { modelHandlers } from '../handlers/models-handler';
import { responsesHandlers } from '../handlers/responses-handler';
import { routerAdminHandlers } from '../handlers/admin/router-admin';
import { cachePoolAdminHandlers } from '../handlers/admin/cache-pool-admin';
import { testStreamHandlers } from '../handlers/test-routes';
import { commerceHandlers } from '../handlers/commerce';
import { entitlementRouteHandlers } from '../handlers/entitlements';
import { commerceAdminHandlers } from '../handlers/admin/commerce-admin';
import { libraryAdminHandlers } from '../handlers/admin/library-admin';
import { libraryHandlers } from '../handlers/library';
import { storeHandlers } from '../handlers/admin/stores';
import { webhookAuditHandlers } from '../handlers/admin/webhook-audit';
import { budgetHandlers } from '../handlers/admin/budgets';
import { webhookHandler } from '../handlers/woo-webhook';
import { wooEventHandler } from '../handlers/woo-events';
import { wooSubscriptionEventHandler } from '../handlers/woo-subscription-events';

export type AuthKind = 'public' | 'bearer' | 'webhook' | 'admin' | 'internal';
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One row per route, mirroring the shell's table (plugin/includes/class-svc-hub-route-table.php).
 * A row without a handler belongs to an area not built yet: it answers svc_not_implemented
 * after authentication, entitlement and body checks.
 */
export interface RouteDefinition {
  method: Method;
  path: string;
  auth: AuthKind;
  area: string;
  /** The key's site must hold at least one of these features. */
  features?: string[];
  /** Only keys with scope "admin". */
  adminScope?: boolean;
  /** The body is a JSON object (default: POST/PATCH/PUT on every auth kind but webhook). */
  json?: boolean;
  handler?: RequestHandler;
  /**
   * A handler that needs no Express (instead of `handler`): the lean dispatch serves the
   * route's common case directly (http/server/lean-dispatch.ts), Express the rest.
   */
  call?: CallHandler;
}

export const NAMESPACES = {
  router: '/wp-json/llm/router/v1',
  commerce: '/wp-json/svc-commerce/v1',
  license: '/wp-json/svc-license/v1',
  library: '/wp-json/svc/v1',
  admin: '/wp-json/svc-hub/v1/admin',
  internal: '/wp-json/svc-hub/v1/internal',
  test: '/wp-json/svc-hub-test/v1',
} as const;

const LLM = ['llm.chat', 'llm.embeddings'];

export function routeTable(services: Services, startedAt: number): RouteDefinition[] {
  const { router, commerce, license, library, admin, internal } = NAMESPACES;
  const keys = keyHandlers(services);
  const entitlements = entitlementHandlers(services);
  const health = healthHandler({
    database: services.database,
    version: services.config.version,
    startedAt,
    providers: async () => services.router.providers.configuredNames(),
  });
  const models = modelHandlers(services.router);
  const responses = responsesHandlers(services.router, services.router.responses);
  const routerAdmin = routerAdminHandlers(services.router, services.database);
  const cachePools = cachePoolAdminHandlers(services.router);
  const shop = commerceHandlers(services);
  const entitlement = entitlementRouteHandlers(services);
  const commerceAdmin = commerceAdminHandlers(services);
  const images = libraryHandlers(services.library);
  const libraryAdmin = libraryAdminHandlers(services);
  const stores = storeHandlers(services);
  const webhookAudit = webhookAuditHandlers(services);
  const deliveries = deliveryHandlers(services);
  const metrics = metricsHandlers(services);
  const budgets = budgetHandlers(services);
  const llm = (features: string[], handler: Pick<RouteDefinition, 'handler' | 'call'>) => ({ auth: 'bearer' as const, area: 'llm router', features, ...handler });
  const rows: RouteDefinition[] = [
    { method: 'POST', path: `${router}/chat`, ...llm(['llm.chat'], { call: chatHandler(services.router, 'blocking') }) },
    { method: 'POST', path: `${router}/chat/stream`, ...llm(['llm.chat'], { call: chatHandler(services.router, 'stream') }) },
    { method: 'POST', path: `${router}/chat/completions`, ...llm(['llm.chat'], { call: chatHandler(services.router, 'auto') }) },
    { method: 'POST', path: `${router}/responses`, ...llm(['llm.chat'], { call: responses.create }) },
    { method: 'GET', path: `${router}/responses/:id`, ...llm(['llm.chat'], { handler: responses.retrieve }) },
    { method: 'DELETE', path: `${router}/responses/:id`, ...llm(['llm.chat'], { handler: responses.remove }) },
    { method: 'GET', path: `${router}/responses/:id/input_items`, ...llm(['llm.chat'], { handler: responses.inputItems }) },
    { method: 'POST', path: `${router}/embeddings`, ...llm(['llm.embeddings'], { call: embeddingsHandler(services.router) }) },
    { method: 'GET', path: `${router}/models`, ...llm(LLM, { handler: models.models }) },
    { method: 'GET', path: `${router}/models/purposes`, ...llm(LLM, { handler: models.purposes }) },
    { method: 'GET', path: `${router}/health`, auth: 'public', area: 'health', handler: health },
    { method: 'GET', path: `${router}/metrics`, auth: 'bearer', area: 'metrics', adminScope: true, handler: metrics.scrape },
    { method: 'GET', path: '/metrics', auth: 'public', area: 'metrics', handler: metrics.local },
    { method: 'GET', path: `${commerce}/packages`, auth: 'bearer', area: 'commerce', handler: shop.packages },
    { method: 'POST', path: `${commerce}/checkout`, auth: 'bearer', area: 'commerce', handler: shop.checkout },
    { method: 'GET', path: `${commerce}/orders/:id`, auth: 'bearer', area: 'commerce', handler: shop.order },
    { method: 'GET', path: `${license}/entitlement`, auth: 'bearer', area: 'license', handler: entitlement.read },
    { method: 'PATCH', path: `${license}/entitlement`, auth: 'bearer', area: 'license', adminScope: true, handler: entitlement.update },
    { method: 'POST', path: `${license}/webhook/woo-order-paid`, auth: 'webhook', area: 'commerce webhook', handler: webhookHandler(services.commerce.webhooks, services.commerce.payments, services.logger) },
    { method: 'GET', path: `${library}/image-templates`, auth: 'public', area: 'image library', handler: images.templates },
    { method: 'GET', path: `${library}/image-templates/:id`, auth: 'public', area: 'image library', handler: images.template },
    { method: 'GET', path: `${library}/image-samples/:type`, auth: 'public', area: 'image library', handler: images.samples },
    { method: 'GET', path: `${library}/image-editor-assets/:type`, auth: 'public', area: 'image library', handler: images.assets },
    { method: 'GET', path: `${library}/image-library/manifest`, auth: 'public', area: 'image library', handler: images.manifest },
    { method: 'GET', path: `${library}/image-library/files/:file`, auth: 'public', area: 'image library', handler: images.file },
    { method: 'GET', path: `${admin}/keys`, auth: 'admin', area: 'admin', handler: keys.list },
    { method: 'POST', path: `${admin}/keys`, auth: 'admin', area: 'admin', handler: keys.create },
    { method: 'PATCH', path: `${admin}/keys/:id`, auth: 'admin', area: 'admin', handler: keys.update },
    { method: 'POST', path: `${admin}/keys/:id/revoke`, auth: 'admin', area: 'admin', json: false, handler: keys.revoke },
    { method: 'POST', path: `${admin}/keys/:id/rotate-secret`, auth: 'admin', area: 'admin', json: false, handler: keys.rotateSecret },
    { method: 'GET', path: `${admin}/entitlements`, auth: 'admin', area: 'admin', handler: entitlements.list },
    { method: 'POST', path: `${admin}/entitlements/grant`, auth: 'admin', area: 'admin', handler: entitlements.grant },
    { method: 'POST', path: `${admin}/entitlements/status`, auth: 'admin', area: 'admin', handler: entitlements.setStatus },
    { method: 'GET', path: `${admin}/providers`, auth: 'admin', area: 'admin', handler: routerAdmin.providers },
    { method: 'PUT', path: `${admin}/providers/:name`, auth: 'admin', area: 'admin', handler: routerAdmin.saveProvider },
    { method: 'DELETE', path: `${admin}/providers/:name`, auth: 'admin', area: 'admin', handler: routerAdmin.removeProvider },
    { method: 'POST', path: `${admin}/providers/:name/test`, auth: 'admin', area: 'admin', handler: routerAdmin.testProvider },
    { method: 'GET', path: `${admin}/providers/:name/pool`, auth: 'admin', area: 'admin', handler: cachePools.pool },
    { method: 'PUT', path: `${admin}/providers/:name/pool`, auth: 'admin', area: 'admin', handler: cachePools.savePool },
    { method: 'GET', path: `${admin}/pools`, auth: 'admin', area: 'admin', handler: cachePools.pools },
    { method: 'GET', path: `${admin}/cache-policies`, auth: 'admin', area: 'admin', handler: cachePools.cachePolicies },
    { method: 'PUT', path: `${admin}/cache-policies/:type/:target`, auth: 'admin', area: 'admin', handler: cachePools.saveCachePolicy },
    { method: 'DELETE', path: `${admin}/cache-policies/:type/:target`, auth: 'admin', area: 'admin', handler: cachePools.removeCachePolicy },
    { method: 'GET', path: `${admin}/models`, auth: 'admin', area: 'admin', handler: routerAdmin.models },
    { method: 'GET', path: `${admin}/purposes`, auth: 'admin', area: 'admin', handler: routerAdmin.purposes },
    { method: 'PUT', path: `${admin}/purposes/:purpose`, auth: 'admin', area: 'admin', handler: routerAdmin.savePurpose },
    { method: 'PUT', path: `${admin}/prices/*model`, auth: 'admin', area: 'admin', handler: routerAdmin.savePrice },
    { method: 'GET', path: `${admin}/usage`, auth: 'admin', area: 'admin', handler: routerAdmin.usage },
    { method: 'POST', path: `${admin}/chat`, auth: 'admin', area: 'admin', handler: adminChatHandler(services.router) },
    { method: 'GET', path: `${admin}/packages`, auth: 'admin', area: 'admin', handler: commerceAdmin.listPackages },
    { method: 'POST', path: `${admin}/packages`, auth: 'admin', area: 'admin', handler: commerceAdmin.createPackage },
    { method: 'PUT', path: `${admin}/packages/:id`, auth: 'admin', area: 'admin', handler: commerceAdmin.updatePackage },
    { method: 'POST', path: `${admin}/packages/:id/archive`, auth: 'admin', area: 'admin', json: false, handler: commerceAdmin.archivePackage },
    { method: 'POST', path: `${admin}/packages/:id/activate`, auth: 'admin', area: 'admin', json: false, handler: commerceAdmin.activatePackage },
    { method: 'GET', path: `${admin}/orders`, auth: 'admin', area: 'admin', handler: commerceAdmin.listOrders },
    { method: 'GET', path: `${admin}/orders/:id`, auth: 'admin', area: 'admin', handler: commerceAdmin.order },
    { method: 'POST', path: `${admin}/library/import`, auth: 'admin', area: 'admin', handler: libraryAdmin.importPack },
    { method: 'GET', path: `${admin}/library/export`, auth: 'admin', area: 'admin', handler: libraryAdmin.exportPack },
    { method: 'POST', path: `${admin}/library/items/:id/archive`, auth: 'admin', area: 'admin', json: false, handler: libraryAdmin.archive },
    { method: 'POST', path: `${admin}/library/items/:id/restore`, auth: 'admin', area: 'admin', json: false, handler: libraryAdmin.restore },
    { method: 'DELETE', path: `${admin}/library/items/:id`, auth: 'admin', area: 'admin', handler: libraryAdmin.remove },
    { method: 'GET', path: `${admin}/stores`, auth: 'admin', area: 'admin', handler: stores.list },
    { method: 'POST', path: `${admin}/stores`, auth: 'admin', area: 'admin', handler: stores.create },
    { method: 'PUT', path: `${admin}/stores/:id`, auth: 'admin', area: 'admin', handler: stores.update },
    { method: 'DELETE', path: `${admin}/stores/:id`, auth: 'admin', area: 'admin', handler: stores.remove },
    { method: 'GET', path: `${admin}/webhook-audit`, auth: 'admin', area: 'admin', handler: webhookAudit.list },
    { method: 'GET', path: `${admin}/webhook-audit/:id`, auth: 'admin', area: 'admin', handler: webhookAudit.entry },
    { method: 'POST', path: `${internal}/woo-order-event`, auth: 'internal', area: 'commerce', handler: wooEventHandler(services.commerce.payments, services.logger) },
    {
      method: 'POST', path: `${internal}/woo-subscription-event`, auth: 'internal', area: 'commerce',
      handler: wooSubscriptionEventHandler(services.commerce.payments, services.commerce.subscriptions, services.logger),
    },
    { method: 'GET', path: `${admin}/deliveries`, auth: 'admin', area: 'admin', handler: deliveries.list },
    { method: 'GET', path: `${admin}/deliveries/:id`, auth: 'admin', area: 'admin', handler: deliveries.get },
    { method: 'POST', path: `${admin}/deliveries/:id/retry`, auth: 'admin', area: 'admin', json: false, handler: deliveries.retry },
    { method: 'GET', path: `${admin}/budgets`, auth: 'admin', area: 'admin', handler: budgets.list },
    { method: 'POST', path: `${admin}/budgets`, auth: 'admin', area: 'admin', handler: budgets.create },
    { method: 'PUT', path: `${admin}/budgets/:id`, auth: 'admin', area: 'admin', handler: budgets.update },
    { method: 'PATCH', path: `${admin}/budgets/:id`, auth: 'admin', area: 'admin', handler: budgets.update },
    { method: 'DELETE', path: `${admin}/budgets/:id`, auth: 'admin', area: 'admin', handler: budgets.remove },
  ];
  if (services.config.testRoutes) rows.push(...testRoutes());
  return rows;
}

function testRoutes(): RouteDefinition[] {
  const stream = testStreamHandlers();
  const { test } = NAMESPACES;
  return [
    { method: 'GET', path: `${test}/stream`, auth: 'public', area: 'test', handler: stream.stream },
    { method: 'GET', path: `${test}/stream-status`, auth: 'public', area: 'test', handler: stream.status },
    { method: 'POST', path: `${test}/ack`, auth: 'public', area: 'test', json: false, handler: stream.acknowledge },
  ];
}

/** A matcher for `:param` paths, used to tell 405 (known path, other method) from 404. */
export function pathMatcher(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.startsWith('*') ? '.+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}
