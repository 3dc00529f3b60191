import type { Database } from '../db/pool';
import { silentLogger } from '../support/logger';
import { RateLimiter } from './rate-limiter';

const unusedDatabase = {} as Database; // take() never touches the database

describe('RateLimiter.take', () => {
  it('admits up to the limit per minute, then says when the window ends', () => {
    let now = 60_000 * 1000 + 45_000; // 45 s into a minute
    const limiter = new RateLimiter(unusedDatabase, silentLogger, 1000, () => now);
    expect([1, 2, 3].map(() => limiter.take('key_a', 3).allowed)).toEqual([true, true, true]);
    expect(limiter.take('key_a', 3)).toEqual({ allowed: false, retryAfterSeconds: 15 });
    expect(limiter.take('key_b', 3).allowed).toBe(true);
    now += 15_000; // next minute
    expect(limiter.take('key_a', 3).allowed).toBe(true);
  });
});
