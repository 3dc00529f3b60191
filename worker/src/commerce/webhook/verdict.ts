import { ApiError } from '../../support/api-error';
import type { AuditOutcome, SignatureResult } from './audit-log';

/** How one webhook attempt ends: its audit row and its answer (`error`, or 200 with the outcome). */
export interface Verdict {
  signatureResult: SignatureResult;
  outcome: AuditOutcome;
  reason: string;
  status: number;
  error?: ApiError;
  source?: string;
  webhookId?: string;
  orderId?: string | null;
  wooOrderId?: number | null;
  /** Only counted on its address's row for the minute (no headers, no body): past a limit. */
  tallied?: boolean;
}

/**
 * The one public answer to every delivery that fails verification — missing headers, a source
 * that is no configured store, a wrong signature — so that no answer tells which stores are
 * configured; the audit row keeps which check failed (docs/woocommerce-webhook.md).
 */
const REFUSAL_MESSAGE =
  'The WooCommerce webhook signature was rejected: the delivery must come from a store configured on this hub (X-WC-Webhook-Source) and be signed with its secret.';

export function refused(signatureResult: SignatureResult, reason: string, source?: string): Verdict {
  const error = new ApiError(401, 'svc_invalid_signature', REFUSAL_MESSAGE);
  return { signatureResult, outcome: 'rejected', reason, status: 401, error, source };
}

/** A failure from an address over the failure limit: 429, tallied, the failure's check and reason kept. */
export function rateLimited(seconds: number, failure: Verdict): Verdict {
  const error = new ApiError(
    429,
    'svc_rate_limited',
    'Too many failed webhook attempts from this address; retry later.',
    { retry_after: seconds },
    {
      'Retry-After': String(seconds),
    },
  );
  const reason = `over the failure limit, retry after ${seconds} s: ${failure.reason}`;
  return {
    signatureResult: failure.signatureResult,
    outcome: 'rate_limited',
    reason,
    status: 429,
    error,
    source: failure.source,
    tallied: true,
  };
}

/** WooCommerce's ping: always its documented 200; tallied past the pings an address may have stored in full a minute. */
export function pinged(webhookId: string, tallied: boolean): Verdict {
  return { signatureResult: 'unsigned_ping', outcome: 'ping', reason: 'WooCommerce ping (unsigned)', status: 200, webhookId, tallied };
}
