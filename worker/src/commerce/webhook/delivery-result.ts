import type { AuditOutcome } from './audit-log';

/** What a verified delivery did, for the audit row and the 200 answer. */
export interface DeliveryResult {
  outcome: AuditOutcome;
  reason: string;
  orderId: string | null;
  wooOrderId: number | null;
}
