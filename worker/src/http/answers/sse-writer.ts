import type { ServerResponse } from 'node:http';
import type { AnswerHeaders } from '../../router/calls/answer-stream';
import { headWith } from './staged-headers';

/**
 * Writes a text/event-stream answer (docs/architecture.md §4): `data: <json>` events, a `: keep-alive`
 * comment after a silence, `data: [DONE]` at the end. Headers go out with the first event
 * or the first keep-alive, so a failure before that can still be an ordinary HTTP error;
 * the call's own headers (`X-Svc-Cache`) are taken from `headers` at that moment.
 */
export class SseWriter {
  private timer: NodeJS.Timeout | null = null;
  private started = false;

  constructor(
    private readonly response: ServerResponse,
    private readonly keepAliveMs: number,
    private readonly headers: AnswerHeaders = new Map(),
    /** What a silence gets: the `: keep-alive` comment, or a dialect's own (the Messages API's `event: ping`). */
    private readonly keepAlive = ': keep-alive\n\n',
  ) {
    this.arm();
  }

  get headersSent(): boolean {
    return this.started;
  }

  send(payload: unknown): void {
    this.write(`data: ${JSON.stringify(payload)}\n\n`);
  }

  /** A named event (`event: <name>` before its data), as the Responses API streams them. */
  sendNamed(name: string, payload: unknown): void {
    this.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
  }

  /** The end of the answer without `[DONE]` (Responses API streams end after their last event). */
  end(): void {
    this.stop();
    if (!this.response.writableEnded) this.response.end();
  }

  /** `data: [DONE]`, then the end of the answer. */
  done(): void {
    this.write('data: [DONE]\n\n');
    this.stop();
    this.response.end();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    const own: string[] = [];
    for (const [name, value] of this.headers) own.push(name, value);
    own.push('Content-Type', 'text/event-stream; charset=utf-8', 'Cache-Control', 'no-cache', 'X-Accel-Buffering', 'no');
    this.response.writeHead(200, headWith(this.response, own));
    this.response.flushHeaders();
  }

  private write(text: string): void {
    if (this.response.writableEnded || this.response.destroyed) return;
    this.start();
    this.response.write(text);
    this.arm();
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.write(this.keepAlive), this.keepAliveMs);
    this.timer.unref();
  }
}
