import type { Services } from '../../services';
import { commerceHandlers } from '../handlers/commerce';
import { entitlementRouteHandlers } from '../handlers/entitlements';
import { licenceActivationHandlers } from '../handlers/license-activations';
import { licenceReleaseHandlers } from '../handlers/license-releases';
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
  // Updates (docs/architecture.md §12): the site's key asks; the download's token is its own authority.
  {
    id: 'license.updates.check',
    method: 'POST',
    path: `${license}/updates/check`,
    auth: 'bearer',
    area: 'license',
    handler: (w) => w.once(licenceReleaseHandlers).check,
  },
  {
    id: 'license.updates.info',
    method: 'GET',
    path: `${license}/updates/:slug/info`,
    auth: 'bearer',
    area: 'license',
    handler: (w) => w.once(licenceReleaseHandlers).info,
  },
  {
    id: 'license.downloads',
    method: 'GET',
    path: `${license}/downloads/:token`,
    auth: 'public',
    area: 'license',
    handler: (w) => w.once(licenceReleaseHandlers).download,
  },
  // Licences and activations (docs/architecture.md §12): the licence key is the activation's credential.
  {
    id: 'license.activations.create',
    method: 'POST',
    path: `${license}/activations`,
    auth: 'public',
    area: 'license',
    handler: (w) => w.once(licenceActivationHandlers).activate,
  },
  {
    id: 'license.activations.delete',
    method: 'DELETE',
    path: `${license}/activations/:id`,
    auth: 'bearer',
    area: 'license',
    handler: (w) => w.once(licenceActivationHandlers).deactivate,
  },
  {
    id: 'license.licenses.list',
    method: 'GET',
    path: `${license}/licenses`,
    auth: 'bearer',
    area: 'license',
    adminScope: true,
    handler: (w) => w.once(licenceActivationHandlers).list,
  },
  {
    id: 'license.licenses.get',
    method: 'GET',
    path: `${license}/licenses/:id`,
    auth: 'bearer',
    area: 'license',
    adminScope: true,
    handler: (w) => w.once(licenceActivationHandlers).read,
  },
  {
    id: 'license.staging-patterns.create',
    method: 'POST',
    path: `${license}/staging-patterns`,
    auth: 'bearer',
    area: 'license',
    adminScope: true,
    handler: (w) => w.once(licenceActivationHandlers).addStagingPattern,
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
