import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggedRequest } from './request-log';

/** The longest a stalled answer keeps its connection open before the emulator gives up. */
const HOLD_LIMIT_MS = 120_000;

/**
 * One request and its answer, with the log entry kept up to date: status, end time, and
 * whether the client hung up first (`closedByClient`).
 */
export class Exchange {
  private closedFlag = false;
  private readonly closeListeners = new Set<() => void>();

  constructor(
    readonly request: IncomingMessage,
    readonly response: ServerResponse,
    readonly entry: LoggedRequest,
  ) {
    response.on('close', () => {
      this.closedFlag = true;
      if (!response.writableEnded) entry.closedByClient = true;
      entry.endedAt ??= Date.now();
      for (const listener of this.closeListeners) listener();
      this.closeListeners.clear();
    });
    response.on('finish', () => {
      entry.endedAt ??= Date.now();
    });
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  json(status: number, body: unknown, headers: Record<string, string> = {}): void {
    if (this.closedFlag) return;
    this.entry.status = status;
    this.response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    this.response.end(JSON.stringify(body));
  }

  /** Sends the headers of a streamed answer at once. */
  startStream(contentType: string, headers: Record<string, string> = {}): void {
    if (this.closedFlag) return;
    this.entry.status = 200;
    this.response.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-cache', ...headers });
    this.response.flushHeaders();
  }

  write(text: string): void {
    if (!this.closedFlag && text) this.response.write(text);
  }

  end(text = ''): void {
    if (!this.closedFlag) this.response.end(text);
  }

  /** Waits `ms`; true when the client is still there afterwards. */
  pause(ms: number): Promise<boolean> {
    return this.until(new Promise((resolve) => setTimeout(resolve, ms).unref()));
  }

  /** Waits for `event` or the client's hang-up, whichever comes first; true when still open. */
  until(event: Promise<unknown>): Promise<boolean> {
    if (this.closedFlag) return Promise.resolve(false);
    return new Promise((resolve) => {
      const onClose = () => resolve(false);
      this.closeListeners.add(onClose);
      void event.then(() => {
        this.closeListeners.delete(onClose);
        resolve(!this.closedFlag);
      });
    });
  }

  /** Goes silent until the client hangs up (or the hold limit passes: then drops the connection). */
  async hold(): Promise<void> {
    if (await this.pause(HOLD_LIMIT_MS)) this.response.destroy();
  }
}
