import type { Eventually } from './eventually';

/**
 * A small bounded cache with a time-to-live. Concurrent misses for one key share one load.
 * With `staleMs`, an entry past its TTL (but younger than TTL + stale) is still served while
 * one background load refreshes it, so requests never wait on a refresh; a change (a key
 * revoked) then shows within TTL + stale + one load. Used for key, entitlement and settings
 * lookups on the request path: a loaded value is answered as it is, not as a promise
 * (support/eventually.ts); only a load in progress is a promise.
 */
interface Entry<V> {
  value: Promise<V>;
  /** The value once its load has resolved (`loaded` says so: the value itself may be null). */
  settled?: V;
  loaded: boolean;
  expiresAt: number;
  refreshing: boolean;
}

const answer = <V>(entry: Entry<V>): Eventually<V> => (entry.loaded ? (entry.settled as V) : entry.value);

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
    private readonly staleMs = 0,
  ) {}

  get(key: string, load: () => Promise<V>): Eventually<V> {
    const entry = this.entries.get(key);
    const time = this.now();
    if (entry && entry.expiresAt > time) return answer(entry);
    if (entry && !entry.refreshing && entry.expiresAt + this.staleMs > time) {
      this.refresh(key, entry, load);
      return answer(entry);
    }
    if (entry?.refreshing && entry.expiresAt + this.staleMs > time) return answer(entry);
    if (this.entries.size >= this.capacity) this.evict(time);
    return this.store(key, load(), time);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private store(key: string, value: Promise<V>, time: number): Promise<V> {
    const entry: Entry<V> = { value, loaded: false, expiresAt: time + this.ttlMs, refreshing: false };
    this.entries.set(key, entry);
    value.then(
      (loaded) => {
        entry.settled = loaded;
        entry.loaded = true;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /** Loads in the background; the old value is served until the new one has arrived. */
  private refresh(key: string, entry: Entry<V>, load: () => Promise<V>): void {
    entry.refreshing = true;
    load().then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        this.entries.set(key, {
          value: Promise.resolve(value),
          settled: value,
          loaded: true,
          expiresAt: this.now() + this.ttlMs,
          refreshing: false,
        });
      },
      () => {
        entry.refreshing = false; // keep serving the old value; the next request tries again
      },
    );
  }

  private evict(time: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt + this.staleMs <= time || this.entries.size >= this.capacity) this.entries.delete(key);
      if (this.entries.size < this.capacity * 0.9) break;
    }
  }
}
