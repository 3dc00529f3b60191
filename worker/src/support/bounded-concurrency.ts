import { ApiError } from './api-error';

/**
 * At most `maxRunning` tasks at once, at most `maxWaiting` more queued in order; beyond that a
 * task is refused at once with 503 svc_unavailable, so a flood cannot build an unbounded queue
 * (the key cache runs its database look-ups through one: license/api-key-cache.ts).
 */
export class BoundedConcurrency {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly maxRunning: number,
    private readonly maxWaiting: number,
    private readonly busyMessage: string,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxRunning) {
      if (this.waiting.length >= this.maxWaiting) throw ApiError.unavailable(this.busyMessage);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
