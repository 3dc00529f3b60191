import type { Logger } from '../../support/logger';
import { Periodic } from '../../support/periodic';
import type { WebhookAuditLog } from './audit-log';

const INTERVAL_MS = 60 * 60_000;

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
