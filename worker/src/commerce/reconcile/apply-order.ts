import { createHash } from 'node:crypto';
import type { PaymentEvents } from '../payment-events';
import type { WebhookAuditLog } from '../webhook/audit-log';
import type { DeliveryResult } from '../webhook/delivery-result';
import { factsFromRestOrder } from '../woo-order';

const DAY_MS = 86_400_000;
const AUDITED_BODY_BYTES = 64 * 1024;

export interface ApplyOrderDependencies {
  payments: Pick<PaymentEvents, 'applyWooOrder'>;
  audit: Pick<WebhookAuditLog, 'record'>;
  /** Days a verified attempt's audit row is kept (SVC_WEBHOOK_AUDIT_VERIFIED_DAYS). */
  verifiedDays: number;
}

/**
 * Applies one order pulled from `store`'s REST API (a REST v3 order object) exactly as the
 * webhook applies a delivered one: PaymentEvents.applyWooOrder with its checks, source
 * `reconcile`. An order without `svc_hub_order_id` is none of the hub's and is skipped (null).
 * What changed something or did not fit (`applied`, `unmatched`) gets an audit row like a
 * delivery's (topic `reconcile`, no client address, no headers); a repeat (`no_change`,
 * `ignored_older`) does not, since every pass re-reads a few minutes of orders.
 */
export async function applyReconciledOrder(
  dependencies: ApplyOrderDependencies,
  store: string,
  order: unknown,
): Promise<DeliveryResult | null> {
  const facts = factsFromRestOrder(order, store);
  if ('error' in facts || facts.hubOrderId === null) return null;
  const result = await dependencies.payments.applyWooOrder(facts, 'reconcile');
  const outcome: DeliveryResult = { outcome: result.outcome, reason: result.reason, orderId: result.orderId, wooOrderId: facts.wooOrderId };
  if (result.outcome === 'applied' || result.outcome === 'unmatched') {
    const body = Buffer.from(JSON.stringify(order));
    const receivedAt = new Date();
    await dependencies.audit.record({
      receivedAt,
      clientIp: '',
      source: store,
      topic: 'reconcile',
      deliveryId: '',
      webhookId: '',
      headers: '[]',
      body: body.subarray(0, AUDITED_BODY_BYTES),
      bodyBytes: body.length,
      bodySha256: createHash('sha256').update(body).digest('hex'),
      signatureResult: 'valid',
      reason: `reconcile: ${result.reason}`,
      outcome: result.outcome,
      httpStatus: 200,
      orderId: result.orderId,
      wooOrderId: facts.wooOrderId,
      expiresAt: new Date(receivedAt.getTime() + dependencies.verifiedDays * DAY_MS),
    });
  }
  return outcome;
}
