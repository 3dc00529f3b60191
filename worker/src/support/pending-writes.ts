/**
 * Writes kept off the request path (last-used stamps, usage rows) are tracked here so a
 * graceful shutdown can wait for them instead of losing them.
 */
export class PendingWrites {
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly flushers: Array<() => Promise<void>> = [];

  /** Runs `work` in the background; failures go to `onError`, never to the caller. */
  track(work: Promise<unknown>, onError: (error: unknown) => void): void {
    const settled = work.catch(onError).finally(() => this.inFlight.delete(settled));
    this.inFlight.add(settled);
  }

  /** Registers a batcher's flush, called on shutdown before the pool closes. */
  onFlush(flush: () => Promise<void>): void {
    this.flushers.push(flush);
  }

  async flush(): Promise<void> {
    for (const flush of this.flushers) await flush();
    await Promise.allSettled([...this.inFlight]);
  }

  get size(): number {
    return this.inFlight.size;
  }
}
