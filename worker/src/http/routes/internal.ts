import type { Services } from '../../services';
import { aiOverageHandlers } from '../handlers/ai-overage';
import { licencePortalHandlers } from '../handlers/license-portal';
import { pluginStateHandler } from '../handlers/plugin-state';
import { wooEventHandler } from '../handlers/woo-events';
import { wooSubscriptionEventHandler } from '../handlers/woo-subscription-events';
import { NAMESPACES } from './namespaces';
import type { RouteRow } from './route';

const { internal } = NAMESPACES;
const orderEvent = (services: Services) => wooEventHandler(services.commerce.payments, services.logger);
const subscriptionEvent = (services: Services) =>
  wooSubscriptionEventHandler(services.commerce.payments, services.commerce.subscriptions, services.logger);

/**
 * /wp-json/svc-hub/v1/internal: signed calls between the shell and the worker (docs/architecture.md §1).
 * The worker's rows take WooCommerce events and renewal orders' AI overage from the shell; the `servedBy: 'shell'` rows are
 * the worker calling the shell, answered by PHP (plugin/includes/internal/), never forwarded.
 */
export const INTERNAL_ROUTES: RouteRow[] = [
  {
    id: 'internal.woo-order-event',
    method: 'POST',
    path: `${internal}/woo-order-event`,
    auth: 'internal',
    area: 'commerce',
    handler: (w) => w.once(orderEvent),
  },
  {
    id: 'internal.woo-subscription-event',
    method: 'POST',
    path: `${internal}/woo-subscription-event`,
    auth: 'internal',
    area: 'commerce',
    handler: (w) => w.once(subscriptionEvent),
  },
  {
    id: 'internal.ai-overage',
    method: 'POST',
    path: `${internal}/ai-overage`,
    auth: 'internal',
    area: 'commerce',
    handler: (w) => w.once(aiOverageHandlers).unbilled,
  },
  {
    id: 'internal.ai-overage.billed',
    method: 'POST',
    path: `${internal}/ai-overage/billed`,
    auth: 'internal',
    area: 'commerce',
    handler: (w) => w.once(aiOverageHandlers).billed,
  },
  {
    id: 'internal.plugin-state',
    method: 'POST',
    path: `${internal}/plugin-state`,
    auth: 'internal',
    area: 'shell',
    handler: (w) => pluginStateHandler(w.services.pluginActivation),
  },
  // The hub's WooCommerce customer portal (docs/commerce.md "Customer portal").
  {
    id: 'internal.portal.licenses',
    method: 'POST',
    path: `${internal}/portal/licenses`,
    auth: 'internal',
    area: 'license',
    handler: (w) => w.once(licencePortalHandlers).list,
  },
  {
    id: 'internal.portal.deactivate',
    method: 'POST',
    path: `${internal}/portal/deactivate`,
    auth: 'internal',
    area: 'license',
    handler: (w) => w.once(licencePortalHandlers).deactivate,
  },
  { id: 'shell.ping', method: 'POST', path: `${internal}/ping`, auth: 'internal', area: 'shell', servedBy: 'shell' },
  {
    id: 'shell.woo-create-order',
    method: 'POST',
    path: `${internal}/woo-create-order`,
    auth: 'internal',
    area: 'shell',
    servedBy: 'shell',
  },
  { id: 'shell.woo-product', method: 'POST', path: `${internal}/woo-product`, auth: 'internal', area: 'shell', servedBy: 'shell' },
];
