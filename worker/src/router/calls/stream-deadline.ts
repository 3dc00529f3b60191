/** Thrown out of an attempt once the stream's maximum duration is reached: no retry, no fallback. */
export class StreamDeadlineReached extends Error {
  constructor(readonly limitMs: number) {
    super(`the stream reached its maximum duration of ${limitMs} ms`);
    this.name = 'StreamDeadlineReached';
  }
}

/**
 * The longest a stream may last (SVC_CALL_MAX_MS, default 10 minutes; SVC_STREAM_MAX_MS its older name): `signal` is aborted
 * when it is reached, so the upstream request is aborted as on a client hang-up, and
 * `reached` tells the stream to end with an error event rather than record a hang-up.
 */
export class StreamDeadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;

  constructor(readonly limitMs: number) {
    this.timer = setTimeout(() => this.controller.abort(new StreamDeadlineReached(limitMs)), limitMs);
    this.timer.unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get reached(): boolean {
    return this.controller.signal.aborted;
  }

  /** The stream ended first. */
  clear(): void {
    clearTimeout(this.timer);
  }
}
