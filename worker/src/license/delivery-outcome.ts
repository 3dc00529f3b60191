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

/** A `503` with `Retry-After` is a receiver not ready yet (svc-client before its secret is set). */
const NOT_READY = 503;
/** A not-ready receiver's `Retry-After` may bring a retry forward only in place of a step up to this long. */
export const NOT_READY_EARLY_STEP_MS = 300_000;
/** Never sooner than this, whatever `Retry-After` says. */
export const NOT_READY_FLOOR_MS = 1000;

/**
 * The message's next state after its `attempt`-th attempt: 2xx delivered; 410 gone (the
 * receiver asked us to stop); anything else — 3xx (redirects are never followed), 4xx, 5xx,
 * no answer — is tried again on the schedule (429/502/504 not before their `Retry-After`)
 * until the schedule is exhausted: failed. A 503 with `Retry-After` (a receiver not ready yet)
 * is tried again at the time it names, at least NOT_READY_FLOOR_MS away: sooner than the
 * schedule only in place of its early steps (up to 5 min), so a site that stays unready still
 * keeps its message for the whole schedule; later than the schedule like a slow-down
 * (docs/propagation.md, "Delivery rules").
 */
export function decideOutcome(result: AttemptResult, attempt: number, schedule: RetrySchedule, random?: () => number): DeliveryOutcome {
  const status = result.httpStatus;
  if (status !== null && status >= 200 && status < 300) return { status: 'delivered' };
  if (status === 410) return { status: 'gone' };
  const delay = delayAfterAttempt(schedule, attempt, random);
  if (delay === undefined) return { status: 'failed' };
  const retryAfter = result.retryAfterMs;
  if (status === NOT_READY && retryAfter !== undefined) {
    const asked = Math.max(NOT_READY_FLOOR_MS, retryAfter);
    return { status: 'pending', retryInMs: delay <= NOT_READY_EARLY_STEP_MS ? asked : Math.max(delay, asked) };
  }
  const floor = status !== null && SLOW_DOWN.has(status) ? (retryAfter ?? 0) : 0;
  return { status: 'pending', retryInMs: Math.max(delay, floor) };
}
