/**
 * Answers kept for one library version. Every change raises the version, so an entry can
 * never be stale for the version it is filed under; the first request that sees a new
 * version drops them all. Bounded (oldest out first); concurrent misses share one load.
 */
export class VersionCache<V> {
  private version = -1;
  private readonly entries = new Map<string, Promise<V>>();

  constructor(private readonly capacity: number) {}

  get(version: number, key: string, load: () => Promise<V>): Promise<V> {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    const cached = this.entries.get(key);
    if (cached) return cached;
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    const loading = load();
    this.entries.set(key, loading);
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    return loading;
  }
}
