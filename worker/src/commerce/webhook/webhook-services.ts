import type { Config } from '../../config';
import type { Database } from '../../db/connections';
import { WebhookStores } from '../stores';
import { FAILURE_OUTCOMES, WebhookAuditLog } from './audit-log';
import { FailureLimit } from './failure-limit';
import { VerificationHealthRecorder } from './verification-health';

/** The WooCommerce webhook's parts: its stores, their verification health, its audit log, the per-IP limits, the retention. */
export interface WebhookServices {
  stores: WebhookStores;
  audit: WebhookAuditLog;
  /** Failed verifications per address and minute; past it a failure is answered 429 and tallied. */
  failureLimit: FailureLimit;
  /** Pings per address and minute kept in full; past it a ping is still answered 200, but tallied. */
  pingLimit: FailureLimit;
  /** Each store's run of deliveries that failed verification. */
  health: VerificationHealthRecorder;
  retention: { failedDays: number; verifiedDays: number };
}

export function createWebhookServices(config: Config, database: Database): WebhookServices {
  const audit = new WebhookAuditLog(database);
  return {
    stores: new WebhookStores(database, config.encryptionKey, config.stores.silentHours),
    health: new VerificationHealthRecorder(database),
    audit,
    failureLimit: new FailureLimit(audit, config.webhook.failureLimitPerMinute, FAILURE_OUTCOMES),
    pingLimit: new FailureLimit(audit, config.webhook.failureLimitPerMinute, ['ping']),
    retention: { failedDays: config.webhook.auditFailedDays, verifiedDays: config.webhook.auditVerifiedDays },
  };
}
