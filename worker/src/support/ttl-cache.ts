/**
 * A small bounded cache with a time-to-live. Concurrent misses for one key share one load.
 * Used for key and entitlement lookups, so a revocation shows within the TTL.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    const time = this.now();
    if (entry && entry.expiresAt > time) return entry.value;
    if (this.entries.size >= this.capacity) this.evict(time);
    const value = load();
    this.entries.set(key, { value, expiresAt: time + this.ttlMs });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private evict(time: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= time || this.entries.size >= this.capacity) this.entries.delete(key);
      if (this.entries.size < this.capacity * 0.9) break;
    }
  }
}
