import type { Request, Response } from 'express';
import { context } from '../server/context';
import { JSON_BODY_LIMIT_BYTES } from '../middleware/raw-body';
import { intakeOf, type WebhookIntake } from '../middleware/webhook-intake';
import { ApiError } from '../../support/api-error';
import type { Logger } from '../../support/logger';
import { countWebhookOutcome } from '../../support/metrics/hub-metrics';
import type { PaymentEvents } from '../../commerce/payment-events';
import { normaliseStoreUrl } from '../../commerce/store-url';
import type { AuditEntry, SignatureResult } from '../../commerce/webhook/audit-log';
import { auditRetentionDays } from '../../commerce/webhook/audit-retention';
import { processDelivery } from '../../commerce/webhook/delivery';
import { auditHeaders, pingWebhookId, readDeliveryHeaders, type DeliveryHeaders } from '../../commerce/webhook/delivery-headers';
import { pinged, rateLimited, refused, type Verdict } from '../../commerce/webhook/verdict';
import type { WebhookServices } from '../../commerce/webhook/webhook-services';
import { verifyWooSignature } from '../../commerce/webhook/woo-signature';

const DAY_MS = 86_400_000;

/**
 * POST /wp-json/svc-license/v1/webhook/woo-order-paid (docs/woocommerce-webhook.md). Every
 * attempt is written to the audit log before it is answered. A verified delivery → 200 whatever
 * it did, with the outcome in the body, and is never limited; the ping → 200, counted against
 * nobody; what fails verification → 401 (413 when oversized), one answer for every check, and
 * counts toward its address's failure limit — past it, 429 and only tallied.
 */
export function webhookHandler(webhooks: WebhookServices, payments: PaymentEvents, logger: Logger) {
  /** A failure as it is, or 429 once its address is over the failure limit. */
  async function limited(ip: string, failure: Verdict): Promise<Verdict> {
    const seconds = await webhooks.failureLimit.retryAfterSeconds(ip);
    return seconds > 0 ? rateLimited(seconds, failure) : failure;
  }

  /** The verified store's source URL, or why the delivery is refused (limited). */
  async function verify(ip: string, intake: WebhookIntake, headers: DeliveryHeaders): Promise<{ source: string } | Verdict> {
    if (!headers.source || !headers.signature) {
      const missing = [!headers.source && 'X-WC-Webhook-Source', !headers.signature && 'X-WC-Webhook-Signature'].filter(Boolean);
      return limited(
        ip,
        refused('missing', `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing (not a WooCommerce delivery)`),
      );
    }
    const source = normaliseStoreUrl(headers.source);
    if (source === null)
      return limited(ip, refused('unknown_store', `X-WC-Webhook-Source "${headers.source.slice(0, 100)}" is not an http(s) URL`));
    const store = await webhooks.stores.signingKeys(source);
    if (!store) return limited(ip, refused('unknown_store', `no store is configured for X-WC-Webhook-Source ${source}`, source));
    if (verifyWooSignature(intake.body, headers.signature, store.keys)) {
      await noteHealth(store.id, intake.receivedAt, true);
      return { source };
    }
    const mismatch = refused(
      'invalid',
      `X-WC-Webhook-Signature does not match the body signed with the secret configured for ${source}`,
      source,
    );
    // Past the limit a mismatch is only tallied: checked against the cached keys, the store neither re-read nor its health touched.
    const seconds = await webhooks.failureLimit.retryAfterSeconds(ip);
    if (seconds > 0) return rateLimited(seconds, mismatch);
    const fresh = await webhooks.stores.signingKeys(source, true); // the secret may have changed in another process
    const valid = fresh !== null && verifyWooSignature(intake.body, headers.signature, fresh.keys);
    if (fresh) await noteHealth(fresh.id, intake.receivedAt, valid);
    return valid ? { source } : mismatch;
  }

  /** The store's verification run (Store health); a failure to record it never changes the answer. */
  async function noteHealth(storeId: string, at: Date, valid: boolean): Promise<void> {
    const reason = 'the signature did not match the secret configured for the store';
    const recorded = valid ? webhooks.health.verified(storeId, at) : webhooks.health.rejected(storeId, at, reason);
    await recorded.catch((error: unknown) =>
      logger.warn("could not record the store's verification health", { store_id: storeId, error: String(error) }),
    );
  }

  async function decide(request: Request, response: Response, intake: WebhookIntake, headers: DeliveryHeaders): Promise<Verdict> {
    const ip = context(response).clientIp;
    if (intake.shellRejection !== null) {
      const reason = `shell signature: ${intake.shellRejection}`;
      return limited(ip, { ...refused('invalid', reason), error: ApiError.invalidSignature(intake.shellRejection) });
    }
    if (intake.oversized) {
      const size = intake.cutOff ? `the body (cut off after ${intake.bytes} bytes)` : `the body of ${intake.bytes} bytes`;
      const reason = `${size} is over the ${JSON_BODY_LIMIT_BYTES}-byte limit`;
      return limited(ip, {
        signatureResult: 'not_checked',
        outcome: 'rejected',
        reason,
        status: 413,
        error: ApiError.payloadTooLarge(JSON_BODY_LIMIT_BYTES),
      });
    }
    const ping = pingWebhookId(request.get('content-type'), intake.body, headers);
    if (ping !== null) return pinged(ping, (await webhooks.pingLimit.retryAfterSeconds(ip)) > 0);
    const verified = await verify(ip, intake, headers);
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
    return {
      signatureResult,
      outcome: 'failed',
      reason: `internal error (request ${requestId})`,
      status: 500,
      error: ApiError.internal(),
      source,
    };
  }

  return async (request: Request, response: Response): Promise<void> => {
    const intake = intakeOf(response);
    const headers = readDeliveryHeaders((name) => request.get(name), request.rawHeaders);
    // Every attempt gets its audit row, also when the failure limit or the store's keys cannot be read.
    const verdict = await decide(request, response, intake, headers).catch((error: unknown) =>
      internalFailure(response, error, 'not_checked'),
    );
    const days = auditRetentionDays(verdict, webhooks.retention);
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
    // Past a limit an attempt is only counted: one row per address, minute and outcome, without headers or body.
    if (verdict.tallied) await webhooks.audit.tally(entry);
    else await webhooks.audit.record(entry);
    countWebhookOutcome(verdict.outcome, verdict.signatureResult);
    if (verdict.outcome === 'applied')
      logger.info('webhook applied', {
        order_id: verdict.orderId,
        woo_order_id: verdict.wooOrderId,
        store: verdict.source,
        change: verdict.reason,
      });
    if (verdict.error) throw verdict.error;
    response.status(200).json({ received: true, outcome: verdict.outcome, reason: verdict.reason, order_id: verdict.orderId ?? null });
  };
}
