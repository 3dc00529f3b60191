import type { Request, Response } from 'express';
import { context } from '../../http/context';
import { JSON_BODY_LIMIT_BYTES } from '../../http/raw-body';
import { intakeOf, type WebhookIntake } from '../../http/webhook-intake';
import { ApiError } from '../../support/api-error';
import type { Logger } from '../../support/logger';
import { countWebhookOutcome } from '../../support/metrics/hub-metrics';
import type { PaymentEvents } from '../payment-events';
import { normaliseStoreUrl } from '../store-url';
import type { AuditEntry, AuditOutcome, SignatureResult } from './audit-log';
import { processDelivery } from './delivery';
import { auditHeaders, pingWebhookId, readDeliveryHeaders, type DeliveryHeaders } from './delivery-headers';
import type { WebhookServices } from './webhook-services';
import { verifyWooSignature } from './woo-signature';

/** How one attempt ends: its audit row and its answer (`error`, or 200 with the outcome). */
interface Verdict {
  signatureResult: SignatureResult;
  outcome: AuditOutcome;
  reason: string;
  status: number;
  error?: ApiError;
  source?: string;
  webhookId?: string;
  orderId?: string | null;
  wooOrderId?: number | null;
}

const DAY_MS = 86_400_000;

function refused(signatureResult: SignatureResult, reason: string, source?: string): Verdict {
  const error = new ApiError(401, 'svc_invalid_signature', `The request signature was rejected: ${reason}.`, { signature_result: signatureResult });
  return { signatureResult, outcome: 'rejected', reason, status: 401, error, source };
}

function rateLimited(seconds: number): Verdict {
  const error = new ApiError(429, 'svc_rate_limited', 'Too many failed webhook attempts from this address; retry later.', { retry_after: seconds }, {
    'Retry-After': String(seconds),
  });
  return { signatureResult: 'not_checked', outcome: 'rate_limited', reason: `over the failure limit; retry after ${seconds} s`, status: 429, error };
}

/**
 * POST /wp-json/svc-license/v1/webhook/woo-order-paid (DESIGN §5, facts/woocommerce.md, the
 * decisions in docs/woocommerce-webhook.md). Every attempt is written to the audit log before
 * it is answered. Unverified → 401 (429 past the per-IP failure limit, 413 when oversized);
 * the ping → 200; a verified delivery → 200 whatever it did, with the outcome in the body.
 * Unverified attempts and pings count toward the limit; past it, attempts are only tallied.
 */
export function webhookHandler(webhooks: WebhookServices, payments: PaymentEvents, logger: Logger) {
  /** The verified store's source URL, or why the delivery is refused. */
  async function verify(intake: WebhookIntake, headers: DeliveryHeaders): Promise<{ source: string } | Verdict> {
    if (!headers.source || !headers.signature) {
      const missing = [!headers.source && 'X-WC-Webhook-Source', !headers.signature && 'X-WC-Webhook-Signature'].filter(Boolean);
      return refused('missing', `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing (not a WooCommerce delivery)`);
    }
    const source = normaliseStoreUrl(headers.source);
    if (source === null) return refused('unknown_store', `X-WC-Webhook-Source "${headers.source.slice(0, 100)}" is not an http(s) URL`);
    let store = await webhooks.stores.signingKeys(source);
    if (!store) return refused('unknown_store', `no store is configured for X-WC-Webhook-Source ${source}`, source);
    let valid = verifyWooSignature(intake.body, headers.signature, store.keys);
    if (!valid) {
      store = await webhooks.stores.signingKeys(source, true); // the secret may have changed in another process
      valid = store !== null && verifyWooSignature(intake.body, headers.signature, store.keys);
    }
    const storeId = store?.id;
    if (storeId) await noteHealth(storeId, intake.receivedAt, valid);
    if (!valid) return refused('invalid', `X-WC-Webhook-Signature does not match the body signed with the secret configured for ${source}`, source);
    return { source };
  }

  /** The store's verification run (Store health); a failure to record it never changes the answer. */
  async function noteHealth(storeId: string, at: Date, valid: boolean): Promise<void> {
    const reason = 'the signature did not match the secret configured for the store';
    const recorded = valid ? webhooks.health.verified(storeId, at) : webhooks.health.rejected(storeId, at, reason);
    await recorded.catch((error: unknown) => logger.warn('could not record the store\'s verification health', { store_id: storeId, error: String(error) }));
  }

  async function decide(request: Request, response: Response, intake: WebhookIntake, headers: DeliveryHeaders): Promise<Verdict> {
    const retryAfter = await webhooks.failureLimit.retryAfterSeconds(context(response).clientIp);
    if (retryAfter > 0) return rateLimited(retryAfter);
    if (intake.shellRejection !== null) {
      const reason = `shell signature: ${intake.shellRejection}`;
      return { ...refused('invalid', reason), error: ApiError.invalidSignature(intake.shellRejection) };
    }
    if (intake.oversized) {
      const size = intake.cutOff ? `the body (cut off after ${intake.bytes} bytes)` : `the body of ${intake.bytes} bytes`;
      const reason = `${size} is over the ${JSON_BODY_LIMIT_BYTES}-byte limit`;
      return { signatureResult: 'not_checked', outcome: 'rejected', reason, status: 413, error: ApiError.payloadTooLarge(JSON_BODY_LIMIT_BYTES) };
    }
    const ping = pingWebhookId(request.get('content-type'), intake.body, headers);
    if (ping !== null) return { signatureResult: 'unsigned_ping', outcome: 'ping', reason: 'WooCommerce ping (unsigned)', status: 200, webhookId: ping };
    const verified = await verify(intake, headers);
    if ('signatureResult' in verified) return verified;
    const { source } = verified;
    try {
      const result = await processDelivery(payments, source, headers.topic, intake.body);
      return { signatureResult: 'valid', status: 200, source, ...result };
    } catch (error) {
      return internalFailure(response, error, 'valid', source);
    }
  }

  /** A failure of ours (database, a secret that no longer decrypts): still audited, answered 500. */
  function internalFailure(response: Response, error: unknown, signatureResult: SignatureResult, source?: string): Verdict {
    const requestId = context(response).requestId;
    logger.error('webhook delivery failed', { request_id: requestId, error: error instanceof Error ? error.message : String(error) });
    return { signatureResult, outcome: 'failed', reason: `internal error (request ${requestId})`, status: 500, error: ApiError.internal(), source };
  }

  return async (request: Request, response: Response): Promise<void> => {
    const intake = intakeOf(response);
    const headers = readDeliveryHeaders((name) => request.get(name), request.rawHeaders);
    // Every attempt gets its audit row, also when the failure limit or the store's keys cannot be read.
    const verdict = await decide(request, response, intake, headers).catch((error: unknown) => internalFailure(response, error, 'not_checked'));
    const days = verdict.signatureResult === 'valid' ? webhooks.retention.verifiedDays : webhooks.retention.failedDays;
    const entry: AuditEntry = {
      receivedAt: intake.receivedAt,
      clientIp: context(response).clientIp,
      source: verdict.source ?? headers.source ?? '',
      topic: headers.topic ?? '',
      deliveryId: headers.deliveryId ?? '',
      webhookId: verdict.webhookId ?? headers.webhookId ?? '',
      headers: auditHeaders(request.rawHeaders),
      body: intake.head,
      bodyBytes: intake.bytes,
      bodySha256: intake.sha256,
      signatureResult: verdict.signatureResult,
      reason: verdict.reason,
      outcome: verdict.outcome,
      httpStatus: verdict.status,
      orderId: verdict.orderId ?? null,
      wooOrderId: verdict.wooOrderId ?? null,
      expiresAt: new Date(intake.receivedAt.getTime() + days * DAY_MS),
    };
    // Over the failure limit an attempt is only counted: one row per address and minute, without headers or body.
    if (verdict.outcome === 'rate_limited') await webhooks.audit.tally(entry);
    else await webhooks.audit.record(entry);
    countWebhookOutcome(verdict.outcome, verdict.signatureResult);
    if (verdict.outcome === 'applied') logger.info('webhook applied', { order_id: verdict.orderId, woo_order_id: verdict.wooOrderId, store: verdict.source, change: verdict.reason });
    if (verdict.error) throw verdict.error;
    response.status(200).json({ received: true, outcome: verdict.outcome, reason: verdict.reason, order_id: verdict.orderId ?? null });
  };
}
