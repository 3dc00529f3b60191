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

describe('RateLimiter.sync', () => {
  it('admits nothing beyond the limit while the shared total is being read back', async () => {
    const now = 60_000 * 1000 + 10_000;
    let releaseRead: (rows: unknown) => void = () => undefined;
    const counted = new Map<string, number>();
    const database = {
      table: (name: string) => `wp_svc_${name}`,
      pool: {
        query: async (sql: string, parameters: unknown[]) => {
          if (sql.startsWith('INSERT')) {
            for (const [keyId, , requests] of parameters[0] as Array<[string, number, number]>) counted.set(keyId, (counted.get(keyId) ?? 0) + requests);
            return [{}];
          }
          if (sql.startsWith('SELECT')) return new Promise((resolve) => (releaseRead = resolve));
          return [{}];
        },
      },
    } as unknown as Database;
    const limiter = new RateLimiter(database, silentLogger, 1000, () => now);
    expect([1, 2, 3].map(() => limiter.take('key_a', 3).allowed)).toEqual([true, true, true]);
    const syncing = limiter.sync();
    await new Promise((resolve) => setImmediate(resolve)); // the INSERT has landed, the SELECT is on its way
    expect(counted.get('key_a')).toBe(3);
    expect(limiter.take('key_a', 3).allowed).toBe(false);
    releaseRead([[{ key_id: 'key_a', requests: 3 }]]);
    await syncing;
    expect(limiter.take('key_a', 3).allowed).toBe(false);
  });
});
