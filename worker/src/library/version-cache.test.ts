import { VersionCache } from './version-cache';

describe('VersionCache', () => {
  it('loads once per key and version, and drops everything when the version changes', async () => {
    const cache = new VersionCache<string>(10);
    let loads = 0;
    const load = (value: string) => async () => {
      loads += 1;
      return value;
    };
    expect(await Promise.all([cache.get(1, 'a', load('one')), cache.get(1, 'a', load('two'))])).toEqual(['one', 'one']);
    expect(loads).toBe(1);
    expect(await cache.get(2, 'a', load('three'))).toBe('three');
    expect(await cache.get(2, 'a', load('four'))).toBe('three');
    expect(loads).toBe(2);
  });

  it('keeps at most its capacity, dropping the oldest', async () => {
    const cache = new VersionCache<number>(2);
    await cache.get(1, 'a', async () => 1);
    await cache.get(1, 'b', async () => 2);
    await cache.get(1, 'c', async () => 3);
    expect(await cache.get(1, 'a', async () => 10)).toBe(10);
    expect(await cache.get(1, 'c', async () => 30)).toBe(3);
  });

  it('forgets a failed load, so the next request tries again', async () => {
    const cache = new VersionCache<number>(2);
    await expect(cache.get(1, 'a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(1, 'a', async () => 5)).toBe(5);
  });
});
