import type { PaymentEvents } from '../payment-events';
import { isObject, positiveInteger } from '../woo-order';
import { factsFromRestSubscription } from '../woo-subscription';
import type { DeliveryResult } from './delivery-result';

/** Topics whose body is the REST `wc/v3/subscriptions` object as it is now. */
export const SUBSCRIPTION_TOPICS = new Set(['subscription.created', 'subscription.updated', 'subscription.deleted']);

export type SubscriptionPayments = Pick<PaymentEvents, 'applySubscription' | 'applySubscriptionDeleted'>;

/**
 * A verified `subscription.*` delivery of WooCommerce Subscriptions (docs/commerce.md,
 * "Subscriptions"): created/updated apply the subscription's state, deleted ends a known one
 * (its body may be only `{id}`). The audit row's `woo_order_id` is the subscription's id (in
 * WooCommerce a subscription is an order of its own type).
 */
export async function processSubscriptionDelivery(
  payments: SubscriptionPayments,
  store: string,
  topic: string,
  json: unknown,
): Promise<DeliveryResult> {
  const subscriptionId = isObject(json) ? positiveInteger(json.id) : null;
  if (topic === 'subscription.deleted') {
    if (subscriptionId === null)
      return { outcome: 'ignored', reason: 'the subscription has no numeric id', orderId: null, wooOrderId: null };
    const result = await payments.applySubscriptionDeleted(store, subscriptionId, 'webhook');
    return { outcome: result.outcome, reason: result.reason, orderId: result.orderId, wooOrderId: subscriptionId };
  }
  const facts = factsFromRestSubscription(json, store);
  if ('error' in facts) return { outcome: 'ignored', reason: facts.error, orderId: null, wooOrderId: subscriptionId };
  const result = await payments.applySubscription(facts, 'webhook');
  return { outcome: result.outcome, reason: result.reason, orderId: result.orderId, wooOrderId: facts.subscriptionId };
}
