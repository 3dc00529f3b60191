import { decideOutcome, NOT_READY_FLOOR_MS } from './delivery-outcome';
import { delayAfterAttempt, MAX_RETRY_AFTER_MS, retryAfterMs, retrySchedule, STANDARD_SCHEDULE_MS } from './outbox-schedule';

const standard = retrySchedule(null);
const test = retrySchedule([0, 300, 600, 1000]);

describe('retry schedule', () => {
  it('is the Standard Webhooks schedule: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h', () => {
    const hour = 3_600_000;
    expect(STANDARD_SCHEDULE_MS).toEqual([0, 5000, 300_000, hour / 2, 2 * hour, 5 * hour, 10 * hour, 14 * hour, 20 * hour, 24 * hour]);
    expect(standard.jitter).toBe(true);
  });

  it('keeps jitter within ±10 % of each step', () => {
    for (let attempts = 1; attempts < STANDARD_SCHEDULE_MS.length; attempts += 1) {
      const step = STANDARD_SCHEDULE_MS[attempts]!;
      expect(delayAfterAttempt(standard, attempts, () => 0)).toBe(Math.round(step * 0.9));
      expect(delayAfterAttempt(standard, attempts, () => 0.999999)).toBeLessThanOrEqual(Math.round(step * 1.1));
      expect(delayAfterAttempt(standard, attempts, () => 0.5)).toBe(step);
    }
  });

  it('uses an override exactly and ends after its last step', () => {
    expect([1, 2, 3].map((attempts) => delayAfterAttempt(test, attempts, () => 0))).toEqual([300, 600, 1000]);
    expect(delayAfterAttempt(test, 4)).toBeUndefined();
    expect(delayAfterAttempt(standard, 10)).toBeUndefined();
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads delta-seconds and HTTP dates', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(['7'], now)).toBe(7000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60_000);
  });

  it('bounds what it reads', () => {
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('99999999', now)).toBe(MAX_RETRY_AFTER_MS);
  });

  it.each([undefined, '', 'soon', '-5', '1.5', '1e3'])('ignores %p', (value) => {
    expect(retryAfterMs(value, now)).toBeUndefined();
  });
});

describe("an attempt's outcome", () => {
  it.each([200, 201, 204, 299])('%i is delivered', (status) => {
    expect(decideOutcome({ httpStatus: status }, 1, test)).toEqual({ status: 'delivered' });
  });

  it('410 is gone, at once', () => {
    expect(decideOutcome({ httpStatus: 410 }, 1, test)).toEqual({ status: 'gone' });
  });

  it.each([301, 302, 308, 400, 401, 404, 500, null])('%p is tried again on the schedule', (status) => {
    expect(decideOutcome({ httpStatus: status, retryAfterMs: 60_000 }, 2, test)).toEqual({ status: 'pending', retryInMs: 600 });
  });

  it.each([429, 502, 504])('%i waits for a longer Retry-After, never less than the schedule', (status) => {
    expect(decideOutcome({ httpStatus: status, retryAfterMs: 60_000 }, 1, test)).toEqual({ status: 'pending', retryInMs: 60_000 });
    expect(decideOutcome({ httpStatus: status, retryAfterMs: 10 }, 1, test)).toEqual({ status: 'pending', retryInMs: 300 });
  });

  it('503 without Retry-After is tried again on the schedule', () => {
    expect(decideOutcome({ httpStatus: 503 }, 2, test)).toEqual({ status: 'pending', retryInMs: 600 });
  });

  it('503 with Retry-After (a receiver not ready yet) is tried again at that time, sooner than an early step', () => {
    const early = retrySchedule([0, 300_000, 300_001]);
    expect(decideOutcome({ httpStatus: 503, retryAfterMs: 10_000 }, 1, early)).toEqual({ status: 'pending', retryInMs: 10_000 });
    expect(decideOutcome({ httpStatus: 503, retryAfterMs: 10_000 }, 1, test)).toEqual({ status: 'pending', retryInMs: 10_000 });
    expect(decideOutcome({ httpStatus: 503, retryAfterMs: 0 }, 1, early)).toEqual({ status: 'pending', retryInMs: NOT_READY_FLOOR_MS });
  });

  it('503 with Retry-After never shortens a later step, and the schedule still ends', () => {
    const early = retrySchedule([0, 300_000, 300_001]);
    expect(decideOutcome({ httpStatus: 503, retryAfterMs: 10_000 }, 2, early)).toEqual({ status: 'pending', retryInMs: 300_001 });
    expect(decideOutcome({ httpStatus: 503, retryAfterMs: 400_000 }, 2, early)).toEqual({ status: 'pending', retryInMs: 400_000 });
    expect(decideOutcome({ httpStatus: 503, retryAfterMs: 10_000 }, 3, early)).toEqual({ status: 'failed' });
  });

  it('the standard schedule: only the 5 s and 5 min steps come forward', () => {
    const steps = [1, 2, 3].map((attempt) => decideOutcome({ httpStatus: 503, retryAfterMs: 10_000 }, attempt, standard, () => 0.5));
    expect(steps).toEqual([
      { status: 'pending', retryInMs: 10_000 },
      { status: 'pending', retryInMs: 10_000 },
      { status: 'pending', retryInMs: 1_800_000 },
    ]);
  });

  it('fails once the schedule is exhausted, whatever the answer', () => {
    expect(decideOutcome({ httpStatus: 500 }, 4, test)).toEqual({ status: 'failed' });
    expect(decideOutcome({ httpStatus: 429, retryAfterMs: 1000 }, 4, test)).toEqual({ status: 'failed' });
    expect(decideOutcome({ httpStatus: 200 }, 4, test)).toEqual({ status: 'delivered' });
  });
});
