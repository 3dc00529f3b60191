import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('serves from cache within the TTL and reloads after it', async () => {
    let time = 0;
    let loads = 0;
    const cache = new TtlCache<number>(2000, 10, () => time);
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    time = 1999;
    expect(await cache.get('a', load)).toBe(1);
    time = 2000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares one load between concurrent misses and forgets failures', async () => {
    let loads = 0;
    const cache = new TtlCache<number>(1000, 10);
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    expect(await Promise.all([cache.get('a', slow), cache.get('a', slow)])).toEqual([1, 1]);
    await expect(cache.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('b', async () => 7)).toBe(7);
  });

  it('stays within its capacity', async () => {
    const cache = new TtlCache<number>(60_000, 5);
    for (let index = 0; index < 50; index += 1) await cache.get(String(index), async () => index);
    expect((cache as unknown as { entries: Map<string, unknown> }).entries.size).toBeLessThanOrEqual(5);
  });
});

describe('TtlCache with a stale window', () => {
  it('serves the old value while one background load refreshes it', async () => {
    let time = 0;
    let loads = 0;
    let release: (value: number) => void = () => undefined;
    const cache = new TtlCache<number>(1000, 10, () => time, 1000);
    expect(await cache.get('a', async () => ++loads)).toBe(1);
    time = 1500;
    const slow = () =>
      new Promise<number>((resolve) => {
        loads += 1;
        release = resolve;
      });
    expect(await cache.get('a', slow)).toBe(1); // stale, served at once
    expect(await cache.get('a', slow)).toBe(1); // still one refresh in flight
    expect(loads).toBe(2);
    release(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('a', slow)).toBe(2);
  });

  it('waits for a fresh load once past TTL + stale', async () => {
    let time = 0;
    const cache = new TtlCache<string>(1000, 10, () => time, 1000);
    await cache.get('a', async () => 'old');
    time = 2001;
    expect(await cache.get('a', async () => 'new')).toBe('new');
  });
});

describe('TtlCache answers', () => {
  it('a loaded value as it is, a load in progress as a promise', async () => {
    let time = 0;
    const cache = new TtlCache<string | null>(1000, 10, () => time, 1000);
    const first = cache.get('a', async () => null);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBeNull();
    expect(cache.get('a', async () => 'unused')).toBeNull(); // loaded: null itself, at once
    time = 1500; // stale: the old value at once, a refresh behind it
    expect(cache.get('a', async () => 'new')).toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.get('a', async () => 'unused')).toBe('new');
  });
});
