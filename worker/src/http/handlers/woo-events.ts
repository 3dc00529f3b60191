import type { Request, Response } from 'express';
import { context } from '../server/context';
import { ApiError } from '../../support/api-error';
import type { Logger } from '../../support/logger';
import type { PaymentEvents } from '../../commerce/payment-events';
import { factsFromRestOrder } from '../../commerce/woo-order';

/**
 * `POST /wp-json/svc-hub/v1/internal/woo-order-event` (signed by the shell): an order event
 * of WooCommerce on this site, `{ order: <REST v3 order>, event? }`, sent by the shell's
 * WooCommerce bridge and re-sent until acknowledged. Every outcome of a usable order is
 * 200 — repeats and stale events are harmless (state machine + date_modified ordering) —
 * so the shell drops the event from its queue; an unusable body is 400.
 */
export function wooEventHandler(payments: Pick<PaymentEvents, 'applyWooOrder'>, logger: Logger) {
  return async (_request: Request, response: Response): Promise<void> => {
    const body = context(response).json ?? {};
    const facts = factsFromRestOrder(body.order, null);
    if ('error' in facts) throw ApiError.invalidRequest({ order: facts.error });
    const result = await payments.applyWooOrder(facts, 'woocommerce');
    logger.info('woocommerce order event', {
      event: typeof body.event === 'string' ? body.event.slice(0, 64) : undefined,
      woo_order_id: facts.wooOrderId,
      status: facts.status,
      order_id: result.orderId,
      outcome: result.outcome,
      reason: result.reason,
    });
    response.json({ outcome: result.outcome, reason: result.reason, order_id: result.orderId });
  };
}
