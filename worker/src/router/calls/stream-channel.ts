/**
 * An async sequence fed by a running call: `push` hands an item to the reader waiting for it
 * (or queues it until the reader asks), `close` ends the sequence, `fail` ends it with an
 * error the reader's next() throws. The writer never waits for the reader, so an item leaves
 * the moment it is pushed, as when the call wrote to the connection itself.
 */
export class StreamChannel<T> implements AsyncIterable<T> {
  private readonly queued: T[] = [];
  private waiting: { resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void } | null = null;
  private ending: { error: unknown } | 'closed' | null = null;

  push(item: T): void {
    if (this.ending) return;
    if (this.waiting) return this.settle().resolve({ value: item, done: false });
    this.queued.push(item);
  }

  close(): void {
    this.finish('closed');
  }

  fail(error: unknown): void {
    this.finish({ error });
  }

  /** Runs `work` (which pushes), closing the channel when it settles — or failing it with what it threw. */
  static run<T>(work: (push: (item: T) => void) => Promise<void>): StreamChannel<T> {
    const channel = new StreamChannel<T>();
    work((item) => channel.push(item)).then(
      () => channel.close(),
      (error: unknown) => channel.fail(error),
    );
    return channel;
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return { next: () => this.next() };
  }

  private next(): Promise<IteratorResult<T>> {
    if (this.queued.length > 0) return Promise.resolve({ value: this.queued.shift()!, done: false });
    if (this.ending === 'closed') return Promise.resolve({ value: undefined, done: true });
    if (this.ending) {
      const { error } = this.ending;
      this.ending = 'closed';
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  private finish(ending: { error: unknown } | 'closed'): void {
    if (this.ending) return;
    this.ending = ending;
    if (!this.waiting) return;
    const waiting = this.settle();
    if (ending === 'closed') waiting.resolve({ value: undefined, done: true });
    else {
      this.ending = 'closed';
      waiting.reject(ending.error);
    }
  }

  private settle() {
    const waiting = this.waiting!;
    this.waiting = null;
    return waiting;
  }
}
