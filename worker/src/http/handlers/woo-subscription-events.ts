import type { Request, Response } from 'express';
import { context } from '../server/context';
import { ApiError } from '../../support/api-error';
import type { Logger } from '../../support/logger';
import type { PaymentEvents } from '../../commerce/payment-events';
import type { SubscriptionEvents } from '../../commerce/subscription-events';
import { factsFromRestOrder } from '../../commerce/woo-order';
import { factsFromRestSubscription } from '../../commerce/woo-subscription';

/** The in-process hooks of WooCommerce Subscriptions the shell's bridge forwards. */
const EVENTS = ['status_updated', 'renewal_payment_complete', 'renewal_payment_failed'] as const;
type SubscriptionEvent = (typeof EVENTS)[number];

/**
 * `POST /wp-json/svc-hub/v1/internal/woo-subscription-event` (signed by the shell): a
 * WooCommerce Subscriptions event on this site, `{ event, subscription: <REST subscription>,
 * renewal_order?: <REST v3 order> }` — `status_updated` (woocommerce_subscription_status_updated)
 * applies the subscription's state; `renewal_payment_complete|failed` apply the renewal order
 * with the subscription's facts. Like woo-order-event: every outcome of a usable body is 200
 * (the shell's queue drops it), an unusable body is 400.
 */
export function wooSubscriptionEventHandler(
  payments: Pick<PaymentEvents, 'applySubscription'>,
  subscriptions: Pick<SubscriptionEvents, 'applyRenewal'>,
  logger: Logger,
) {
  return async (_request: Request, response: Response): Promise<void> => {
    const body = context(response).json ?? {};
    const event = body.event as SubscriptionEvent;
    if (!(EVENTS as readonly unknown[]).includes(event)) throw ApiError.invalidRequest({ event: `must be one of ${EVENTS.join(', ')}` });
    const subscription = factsFromRestSubscription(body.subscription, null);
    if ('error' in subscription) throw ApiError.invalidRequest({ subscription: subscription.error });
    let result;
    if (event === 'status_updated') {
      result = await payments.applySubscription(subscription, 'woocommerce');
    } else {
      const renewal = factsFromRestOrder(body.renewal_order, null);
      if ('error' in renewal) throw ApiError.invalidRequest({ renewal_order: renewal.error });
      result = await subscriptions.applyRenewal({ ...renewal, renewalOf: subscription.subscriptionId }, 'woocommerce', subscription);
    }
    logger.info('woocommerce subscription event', {
      event,
      subscription_id: subscription.subscriptionId,
      status: subscription.status,
      order_id: result.orderId,
      outcome: result.outcome,
      reason: result.reason,
    });
    response.json({ outcome: result.outcome, reason: result.reason, order_id: result.orderId });
  };
}
