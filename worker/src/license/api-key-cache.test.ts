import { silentLogger } from '../support/logger';
import { PendingWrites } from '../support/pending-writes';
import { CachedKeyLookup } from './api-key-cache';
import { generateApiKey } from './api-key-format';
import type { ApiKeyRecord, ApiKeyStore } from './api-keys';

const VALID = generateApiKey();
/** A well-formed key that no table holds. */
const madeUpKey = (index: number) => `svc_live_${String(index).padStart(32, 'x')}`;
const RECORD = { id: 'key_01', status: 'active' } as ApiKeyRecord;

/** A key table holding VALID only, counting look-ups (and how many run at once). */
function fakeStore(options: { hold?: boolean } = {}) {
  const held: Array<() => void> = [];
  const counts = { total: 0, valid: 0, running: 0, mostAtOnce: 0 };
  const store = {
    async findByKey(key: string) {
      counts.total += 1;
      if (key === VALID) counts.valid += 1;
      counts.running += 1;
      counts.mostAtOnce = Math.max(counts.mostAtOnce, counts.running);
      if (options.hold) await new Promise<void>((resolve) => held.push(resolve));
      counts.running -= 1;
      return key === VALID ? RECORD : null;
    },
    async touchLastUsed() {},
  } as unknown as ApiKeyStore;
  return { store, counts, releaseAll: () => held.splice(0).forEach((resolve) => resolve()) };
}

describe('CachedKeyLookup', () => {
  it('keeps a live key cached through a flood of unknown keys', async () => {
    const { store, counts } = fakeStore();
    const lookup = new CachedKeyLookup(store, new PendingWrites(), silentLogger, 60_000, () => 0);
    expect(await lookup.find(VALID)).toBe(RECORD);
    for (let index = 0; index < 60_000; index += 1) await lookup.find(madeUpKey(index));
    expect(await lookup.find(madeUpKey(0))).toBeNull();
    expect(await lookup.find(VALID)).toBe(RECORD);
    expect(counts.valid).toBe(1);
  });

  it('remembers a bounded number of unknown keys, each for the TTL', async () => {
    let time = 0;
    const { store, counts } = fakeStore();
    const lookup = new CachedKeyLookup(store, new PendingWrites(), silentLogger, 2000, () => time);
    const bad = generateApiKey();
    for (let index = 0; index < 5; index += 1) expect(await lookup.find(bad)).toBeNull();
    expect(counts.total).toBe(1);
    time = 2000;
    expect(await lookup.find(bad)).toBeNull();
    expect(counts.total).toBe(2);
    for (let index = 0; index < 20_000; index += 1) await lookup.find(madeUpKey(index));
    expect((lookup as unknown as { unknown: { size: number } }).unknown.size).toBeLessThanOrEqual(10_000);
  });

  it('runs at most 4 database look-ups at once and refuses beyond 1,000 waiting, without a query', async () => {
    const { store, counts, releaseAll } = fakeStore({ hold: true });
    const lookup = new CachedKeyLookup(store, new PendingWrites(), silentLogger, 60_000, () => 0);
    const outcomes = Array.from({ length: 1_010 }, () =>
      Promise.resolve(lookup.find(generateApiKey())).then(
        () => 'answered',
        (error: { code: string }) => error.code,
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(counts.running).toBe(4);
    for (let round = 0; round < 300 && counts.total < 1_004; round += 1) {
      releaseAll();
      await new Promise((resolve) => setImmediate(resolve));
    }
    releaseAll();
    const settled = await Promise.all(outcomes);
    expect(settled.filter((outcome) => outcome === 'svc_unavailable')).toHaveLength(6);
    expect(counts.total).toBe(1_004);
    expect(counts.mostAtOnce).toBe(4);
  });
});

describe('CachedKeyLookup.forget', () => {
  it('makes the next request of a key read the table again', async () => {
    const { store, counts } = fakeStore();
    const lookup = new CachedKeyLookup(store, new PendingWrites(), silentLogger, 60_000, () => 0);
    await lookup.find(VALID);
    await lookup.find(VALID);
    expect(counts.valid).toBe(1);
    lookup.forget(RECORD.id);
    await lookup.find(VALID);
    expect(counts.valid).toBe(2);
  });
});
