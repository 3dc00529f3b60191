/**
 * The end of one blocking call as a signal: the AbortSignal a provider call listens to, without
 * what a real one costs: Node 20 builds an AbortSignal far more slowly than a plain
 * EventTarget, once per call on the direct lane's hot path (docs/benchmarks.md). It aborts once,
 * with its reason, calling `onabort` and every 'abort' listener as AbortSignal does.
 *
 * Only where nobody joins it to other signals: AbortSignal.any() and AbortSignal-only APIs take
 * real signals (streams keep them, stream-call.ts).
 */
export class CallSignal extends EventTarget implements AbortSignal {
  aborted = false;
  reason: unknown = undefined;
  onabort: ((this: AbortSignal, event: Event) => unknown) | null = null;

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }

  /** Ends it with `reason` (the first call wins, as AbortController.abort). */
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const event = new Event('abort');
    this.onabort?.call(this, event);
    this.dispatchEvent(event);
  }
}
