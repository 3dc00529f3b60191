import type { Services } from '../../services';
import { commerceHandlers } from '../handlers/commerce';
import { entitlementRouteHandlers } from '../handlers/entitlements';
import { redeliverHandler } from '../handlers/redeliver';
import { webhookHandler } from '../handlers/woo-webhook';
import { NAMESPACES } from './namespaces';
import type { RouteRow } from './route';

const { commerce, license } = NAMESPACES;
const webhook = (services: Services) => webhookHandler(services.commerce.webhooks, services.commerce.payments, services.logger);

/** /wp-json/svc-commerce/v1 (docs/architecture.md §5). */
export const COMMERCE_ROUTES: RouteRow[] = [
  {
    id: 'commerce.packages',
    method: 'GET',
    path: `${commerce}/packages`,
    auth: 'bearer',
    area: 'commerce',
    handler: (w) => w.once(commerceHandlers).packages,
  },
  {
    id: 'commerce.checkout',
    method: 'POST',
    path: `${commerce}/checkout`,
    auth: 'bearer',
    area: 'commerce',
    handler: (w) => w.once(commerceHandlers).checkout,
  },
  {
    id: 'commerce.order',
    method: 'GET',
    path: `${commerce}/orders/:id`,
    auth: 'bearer',
    area: 'commerce',
    handler: (w) => w.once(commerceHandlers).order,
  },
];

/** /wp-json/svc-license/v1 (docs/architecture.md §5). */
export const LICENSE_ROUTES: RouteRow[] = [
  {
    id: 'license.entitlement.read',
    method: 'GET',
    path: `${license}/entitlement`,
    auth: 'bearer',
    area: 'license',
    handler: (w) => w.once(entitlementRouteHandlers).read,
  },
  {
    id: 'license.entitlement.update',
    method: 'PATCH',
    path: `${license}/entitlement`,
    auth: 'bearer',
    area: 'license',
    adminScope: true,
    handler: (w) => w.once(entitlementRouteHandlers).update,
  },
  {
    id: 'license.redeliver',
    method: 'POST',
    path: `${license}/redeliver`,
    auth: 'bearer',
    area: 'license',
    handler: (w) => w.once(redeliverHandler),
  },
  {
    id: 'license.webhook.woo-order-paid',
    method: 'POST',
    path: `${license}/webhook/woo-order-paid`,
    auth: 'webhook',
    area: 'commerce webhook',
    handler: (w) => w.once(webhook),
  },
];
