/**
 * Calls in flight per key on this worker (docs/architecture.md §4 limits; docs/api-notes.md): a call takes a
 * slot before its handler runs and gives it back when it ends, however it ends. Counted in
 * memory only — no database round trip on the request path (docs/architecture.md §8) — so with N workers a
 * key may have up to N × its cap in flight across them.
 */
export class ConcurrentCalls {
  private readonly inFlight = new Map<string, number>();

  /** Takes one of `limit` slots for `keyId`: a release function (safe to call twice), or null when all are taken. */
  take(keyId: string, limit: number): (() => void) | null {
    const count = this.inFlight.get(keyId) ?? 0;
    if (count >= limit) return null;
    this.inFlight.set(keyId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(keyId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(keyId, left);
      else this.inFlight.delete(keyId);
    };
  }

  /** Calls of `keyId` in flight now. */
  count(keyId: string): number {
    return this.inFlight.get(keyId) ?? 0;
  }
}
