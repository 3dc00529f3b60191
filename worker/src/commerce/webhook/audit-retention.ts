import type { Logger } from '../../support/logger';
import { Periodic } from '../../support/periodic';
import type { AuditOutcome, SignatureResult, WebhookAuditLog } from './audit-log';

const INTERVAL_MS = 60 * 60_000;

/**
 * How long an attempt's audit row is kept (docs/woocommerce-webhook.md, "Audit log"): a verified
 * delivery the hub acted on or that names a hub order (`unmatched` included) the verified
 * retention; a failed attempt, a ping, and a verified delivery with nothing for the hub
 * (`ignored`: the store's own sales, unused topics) the failed attempts' short one.
 */
export function auditRetentionDays(
  attempt: { signatureResult: SignatureResult; outcome: AuditOutcome },
  retention: { failedDays: number; verifiedDays: number },
): number {
  return attempt.signatureResult === 'valid' && attempt.outcome !== 'ignored' ? retention.verifiedDays : retention.failedDays;
}

/**
 * Hourly: deletes webhook audit rows whose retention has ended (failed attempts after
 * SVC_WEBHOOK_AUDIT_FAILED_DAYS, verified ones after SVC_WEBHOOK_AUDIT_VERIFIED_DAYS; each
 * row carries its own expires_at). Safe on several workers: a row is deleted once.
 */
export function webhookAuditRetention(audit: WebhookAuditLog, logger: Logger): Periodic {
  return new Periodic({
    name: 'webhook audit retention',
    intervalMs: INTERVAL_MS,
    logger,
    run: async () => {
      const purged = await audit.purgeExpired();
      if (purged > 0) logger.info('webhook audit rows past their retention deleted', { rows: purged });
    },
  });
}
