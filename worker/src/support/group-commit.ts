interface Batch<T> {
  items: T[];
  /** Resolves when the write carrying the batch settled, or when the wait ran out. */
  done: Promise<void>;
  settle: () => void;
}

/**
 * Group commit without a timer: an item added while no write is in flight is written at once,
 * alone; items added while one is in flight wait for it to return and then go out together in
 * the next write. So a lone caller waits one round trip, and under load a write carries
 * whatever arrived during the previous one — batches grow with the load, never with a clock.
 *
 * `add` resolves once the write that carries the item has settled — whether it succeeded or
 * failed (`write` reports its own failures) — or after `waitMaxMs`, whichever comes first:
 * a caller is never held longer than that by a database that hangs. After a write failed or
 * outlasted `waitMaxMs`, callers do not wait at all (their items are still written) until a
 * write succeeds again: an outage costs at most one wait, not one per caller.
 */
export class GroupCommit<T> {
  private queued: Batch<T> | null = null;
  private sending: Promise<void> | null = null;
  /** The last write failed or outlasted the wait, and none has succeeded since. */
  private failing = false;

  constructor(
    /** Writes one batch; rejects when it failed (reported inside: the rejection is swallowed here). */
    private readonly write: (items: T[]) => Promise<void>,
    private readonly waitMaxMs: number,
  ) {}

  add(item: T): Promise<void> {
    const batch = (this.queued ??= newBatch<T>(this.waitMaxMs, () => (this.failing = true)));
    batch.items.push(item);
    if (!this.sending) this.send();
    return this.failing ? Promise.resolve() : batch.done;
  }

  /** Resolves once nothing is queued or being written (shutdown, and before completions are written). */
  async drain(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private send(): void {
    const batch = this.queued;
    if (!batch) return;
    this.queued = null;
    this.sending = this.write(batch.items)
      .then(
        () => void (this.failing = false),
        () => void (this.failing = true),
      )
      .finally(() => {
        batch.settle();
        this.sending = null;
        this.send();
      });
  }
}

function newBatch<T>(waitMaxMs: number, onWaitOver: () => void): Batch<T> {
  let settle!: () => void;
  const done = new Promise<void>((resolve) => (settle = resolve));
  const timer = setTimeout(() => {
    onWaitOver();
    settle();
  }, waitMaxMs);
  timer.unref();
  return {
    items: [],
    done,
    settle: () => {
      clearTimeout(timer);
      settle();
    },
  };
}
