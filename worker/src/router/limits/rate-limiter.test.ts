import type { Logger } from '../../support/logger';
import { silentLogger } from '../../support/logger';
import { MemoryRateCounters, seededLatency } from '../__fixtures__/memory-rate-counters';
import { RateLimiter, type RateVerdict } from './rate-limiter';

const MINUTE = 1000; // the clock minute the tests run in (window 1000)
const at = (seconds: number) => MINUTE * 60_000 + seconds * 1000;

/** Takes `count` requests one after the other; how many were admitted. */
async function takeInTurn(limiter: RateLimiter, keyId: string, limit: number, count: number): Promise<number> {
  let admitted = 0;
  for (let index = 0; index < count; index += 1) if ((await limiter.take(keyId, limit)).allowed) admitted += 1;
  return admitted;
}

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const record = (level: string) => (message: string) => void lines.push(`${level} ${message}`);
  return { lines, debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
}

describe('RateLimiter on one worker', () => {
  it('admits up to the limit per minute, then says when the window ends; a new minute starts from zero', async () => {
    let now = at(45);
    const counters = new MemoryRateCounters();
    const limiter = new RateLimiter(counters, silentLogger, 1000, () => now);
    expect(await takeInTurn(limiter, 'key_a', 3, 3)).toBe(3);
    expect(await limiter.take('key_a', 3)).toEqual({ allowed: false, retryAfterSeconds: 15 });
    expect((await limiter.take('key_b', 3)).allowed).toBe(true);
    now += 15_000; // the next minute
    expect((await limiter.take('key_a', 3)).allowed).toBe(true);
    expect([counters.count('key_a', MINUTE), counters.count('key_a', MINUTE + 1)]).toEqual([3, 1]);
  });

  it('answers from claimed quota without the database: one claim for a thousand requests far from the limit', async () => {
    const counters = new MemoryRateCounters();
    const limiter = new RateLimiter(counters, silentLogger, 1000, () => at(10));
    expect(await limiter.take('key_bench', 100_000)).toEqual({ allowed: true });
    const verdicts = Array.from({ length: 1000 }, () => limiter.take('key_bench', 100_000));
    expect(verdicts.every((verdict) => !(verdict instanceof Promise) && verdict.allowed)).toBe(true);
    expect(counters.claims).toBe(1);
    expect(counters.count('key_bench', MINUTE)).toBe(12_500); // an eighth of the room
  });

  it('applies a lowered limit at once, giving back what it held beyond it', async () => {
    const counters = new MemoryRateCounters();
    const limiter = new RateLimiter(counters, silentLogger, 1000, () => at(10));
    expect(await takeInTurn(limiter, 'key_a', 120, 2)).toBe(2); // claims 15, holds 13
    expect(await limiter.take('key_a', 2)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    await limiter.sync();
    expect(counters.count('key_a', MINUTE)).toBe(2);
    expect(await takeInTurn(limiter, 'key_a', 5, 10)).toBe(3); // raised again: 3 more
  });

  it('shares a claim in flight among the requests waiting for it', async () => {
    const counters = new MemoryRateCounters();
    let release: () => void = () => undefined;
    counters.latency = () => new Promise<void>((resolve) => (release = resolve));
    const limiter = new RateLimiter(counters, silentLogger, 1000, () => at(10));
    const waiting = Array.from({ length: 5 }, () => limiter.take('key_a', 1000));
    expect(waiting.every((verdict) => verdict instanceof Promise)).toBe(true);
    release();
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 5 }, () => ({ allowed: true })));
    expect(counters.claims).toBe(1);
  });
});

describe('RateLimiter across two workers on one counter', () => {
  it('never admits more than the limit, however claims, syncs and requests interleave', async () => {
    const counters = new MemoryRateCounters();
    counters.latency = seededLatency(7);
    const workers = [0, 1].map(() => new RateLimiter(counters, silentLogger, 1000, () => at(10)));
    const verdicts: RateVerdict[] = [];
    for (let round = 0; round < 30; round += 1) {
      const calls = Array.from({ length: 20 }, (_, index) => workers[(index + round) % 2]!.take('key_a', 97));
      const syncs = round % 3 === 0 ? workers.map((worker) => worker.sync()) : [];
      verdicts.push(...(await Promise.all(calls)));
      await Promise.all(syncs);
    }
    const admitted = verdicts.filter((verdict) => verdict.allowed).length;
    expect(admitted).toBeLessThanOrEqual(97);
    expect(verdicts.filter((verdict) => !verdict.allowed)).toContainEqual({ allowed: false, retryAfterSeconds: 50 });
    await Promise.all(workers.map((worker) => worker.stop())); // what they held goes back
    expect(counters.count('key_a', MINUTE)).toBe(admitted);
    const later = await takeInTurn(new RateLimiter(counters, silentLogger, 1000, () => at(20)), 'key_a', 97, 200);
    expect(admitted + later).toBe(97);
  });

  it('gives back what a quiet worker holds at the next sync, so the other can use it', async () => {
    const counters = new MemoryRateCounters();
    const [quiet, busy] = [0, 1].map(() => new RateLimiter(counters, silentLogger, 1000, () => at(10)));
    expect(await takeInTurn(quiet!, 'key_a', 100, 1)).toBe(1); // claims 12, holds 11
    expect(await takeInTurn(busy!, 'key_a', 100, 200)).toBe(88);
    await quiet!.sync(); // it admitted in the last second: it keeps its quota
    expect(counters.count('key_a', MINUTE)).toBe(100);
    await quiet!.sync(); // a quiet second: the 11 go back
    expect(counters.count('key_a', MINUTE)).toBe(89);
    await busy!.sync(); // sees the room
    expect(await takeInTurn(busy!, 'key_a', 100, 50)).toBe(11);
    expect(counters.count('key_a', MINUTE)).toBe(100);
  });

  it('gives back everything held at stop', async () => {
    const counters = new MemoryRateCounters();
    const limiter = new RateLimiter(counters, silentLogger, 1000, () => at(10));
    expect(await takeInTurn(limiter, 'key_a', 100, 2)).toBe(2);
    expect(counters.count('key_a', MINUTE)).toBe(12);
    await limiter.stop();
    expect(counters.count('key_a', MINUTE)).toBe(2);
  });
});

describe('RateLimiter with the database unreachable', () => {
  it('uses what it holds, then counts locally up to the limit (logged once), and adds those counts when the database is back', async () => {
    const counters = new MemoryRateCounters();
    const logger = recordingLogger();
    const limiter = new RateLimiter(counters, logger, 1000, () => at(10));
    expect(await takeInTurn(limiter, 'key_a', 100, 1)).toBe(1); // counter 12, holds 11
    counters.down = true;
    expect(await takeInTurn(limiter, 'key_a', 100, 11)).toBe(11);
    expect(await takeInTurn(limiter, 'key_a', 100, 200)).toBe(88); // 12 claimed + 88 counted locally
    await limiter.sync();
    expect(logger.lines.filter((line) => line.startsWith('warn'))).toHaveLength(1);
    counters.down = false;
    await limiter.sync();
    expect(counters.count('key_a', MINUTE)).toBe(100);
    expect(logger.lines.filter((line) => line.startsWith('info'))).toHaveLength(1);
    expect((await limiter.take('key_a', 100)).allowed).toBe(false);
  });
});
