import type { Request, Response } from 'express';
import { context } from '../server/context';
import { entitlementToJson } from '../../license/serialise';
import type { CommerceServices } from '../../commerce/commerce-services';
import type { Services } from '../../services';
import { ApiError } from '../../support/api-error';
import { ORDER_ID_PATTERN } from '../../commerce/orders';
import { historyToJson, orderToJson, packageToJson, subscriptionToJson } from '../../commerce/serialise';

/** What an order's detail reads: the order, its history and subscription, the site's entitlements. */
export type OrderDetailServices = Pick<Services, 'entitlements' | 'licences'> & {
  commerce: Pick<CommerceServices, 'orders' | 'subscriptions'>;
};

/** An order with its history and the entitlement it pays for (GET /orders/{id}). */
export async function orderDetail(services: OrderDetailServices, orderId: string) {
  const order = await services.commerce.orders.find(orderId);
  if (!order) return null;
  const [history, entitlements, subscription, licence] = await Promise.all([
    services.commerce.orders.history(order.id),
    services.entitlements.listForSite(order.siteUrl),
    services.commerce.subscriptions.forOrder(order.id),
    order.paidAt === null ? null : services.licences.licences.forOrder(order),
  ]);
  const entitlement = entitlements.find((candidate) => candidate.packageId === order.packageId);
  return {
    order,
    json: {
      ...orderToJson(order),
      history: history.map((entry) => historyToJson(entry, order.total.currency)),
      entitlement: entitlement ? entitlementToJson(entitlement) : null,
      subscription: subscription ? subscriptionToJson(subscription) : null,
      // The licence this paid order minted or extended (docs/commerce.md "Licences and activations").
      license_key: licence?.key ?? null,
      license_id: licence?.licence.id ?? null,
    },
  };
}

/** The Bearer routes of /svc-commerce/v1: packages, checkout, orders. */
export function commerceHandlers(
  services: OrderDetailServices & Pick<Services, 'logger'> & { commerce: Pick<CommerceServices, 'packages' | 'checkout'> },
) {
  return {
    async packages(_request: Request, response: Response) {
      const packages = await services.commerce.packages.list('active');
      response.json({ object: 'list', data: packages.map(packageToJson) });
    },

    async checkout(request: Request, response: Response) {
      const apiKey = context(response).apiKey!;
      const result = await services.commerce.checkout.checkout(apiKey, context(response).json ?? {}, request.get('idempotency-key'));
      if (result.replayed) response.setHeader('Idempotent-Replayed', 'true');
      else services.logger.info('order created', { order_id: result.order.id, package_id: result.order.packageId, key_id: apiKey.id });
      response.status(result.replayed ? 200 : 201).json(orderToJson(result.order));
    },

    /** Only the key that created the order, or an admin key, sees it; anyone else gets 404. */
    async order(request: Request, response: Response) {
      const apiKey = context(response).apiKey!;
      const id = String(request.params.id ?? '');
      const detail = ORDER_ID_PATTERN.test(id) ? await orderDetail(services, id) : null;
      if (!detail || (apiKey.scope !== 'admin' && detail.order.apiKeyId !== apiKey.id)) throw ApiError.notFound('No order has this id.');
      response.json(detail.json);
    },
  };
}
