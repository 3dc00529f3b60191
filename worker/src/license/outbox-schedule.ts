/**
 * When a message is tried again (docs/propagation.md). The Standard Webhooks schedule: the
 * first attempt at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h,
 * each delay with ±10 % jitter so many failed messages don't retry in lockstep. A schedule
 * from SVC_OUTBOX_SCHEDULE is used exactly (no jitter), so tests are deterministic.
 */
export const STANDARD_SCHEDULE_MS = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000];

/** The longest `Retry-After` honoured; a longer one is cut to this. */
export const MAX_RETRY_AFTER_MS = 86_400_000;

const JITTER = 0.1;

export interface RetrySchedule {
  /** Delay before attempt n+1 is `delaysMs[n]`; `delaysMs[0]` is the first attempt's (0). */
  delaysMs: number[];
  jitter: boolean;
}

export function retrySchedule(overrideMs: number[] | null): RetrySchedule {
  return overrideMs ? { delaysMs: overrideMs, jitter: false } : { delaysMs: STANDARD_SCHEDULE_MS, jitter: true };
}

/**
 * The delay after `attemptsMade` attempts failed, before the next one; undefined when the
 * schedule is exhausted (the message has failed).
 */
export function delayAfterAttempt(schedule: RetrySchedule, attemptsMade: number, random: () => number = Math.random): number | undefined {
  const delay = schedule.delaysMs[attemptsMade];
  if (delay === undefined) return undefined;
  if (!schedule.jitter) return delay;
  return Math.round(delay * (1 - JITTER + 2 * JITTER * random()));
}

/**
 * `Retry-After` in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3), bounded to
 * 0…MAX_RETRY_AFTER_MS; undefined when absent or unreadable.
 */
export function retryAfterMs(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  let milliseconds: number;
  if (/^\d+$/.test(text)) milliseconds = Number(text) * 1000;
  else {
    const date = Date.parse(text);
    if (Number.isNaN(date) || !/[a-z]/i.test(text)) return undefined;
    milliseconds = date - now;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, milliseconds));
}
