import { delayAfterAttempt, type RetrySchedule } from './outbox-schedule';

/** What one attempt came to, as far as the schedule cares. */
export interface AttemptResult {
  /** The HTTP status, or null when there was no answer (refused target, DNS, connect, timeout, unsigned). */
  httpStatus: number | null;
  retryAfterMs?: number;
}

export type DeliveryOutcome =
  { status: 'delivered' } | { status: 'gone' } | { status: 'failed' } | { status: 'pending'; retryInMs: number };

/** Statuses whose `Retry-After` is honoured (Standard Webhooks: slow down). */
const SLOW_DOWN = new Set([429, 502, 504]);

/**
 * The message's next state after its `attempt`-th attempt: 2xx delivered; 410 gone (the
 * receiver asked us to stop); anything else — 3xx (redirects are never followed), 4xx, 5xx,
 * no answer — is tried again on the schedule (429/502/504 not before their `Retry-After`)
 * until the schedule is exhausted: failed.
 */
export function decideOutcome(result: AttemptResult, attempt: number, schedule: RetrySchedule, random?: () => number): DeliveryOutcome {
  const status = result.httpStatus;
  if (status !== null && status >= 200 && status < 300) return { status: 'delivered' };
  if (status === 410) return { status: 'gone' };
  const delay = delayAfterAttempt(schedule, attempt, random);
  if (delay === undefined) return { status: 'failed' };
  const floor = status !== null && SLOW_DOWN.has(status) ? (result.retryAfterMs ?? 0) : 0;
  return { status: 'pending', retryInMs: Math.max(delay, floor) };
}
