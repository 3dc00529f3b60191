import { request, type Dispatcher } from 'undici';
import { OutboundRefusedError, pinnedAgent, type OutboundGuard } from '../support/outbound-guard';
import { retryAfterMs } from './outbox-schedule';
import { webhookSignature } from './propagation-signature';

/** One message to one endpoint, signed with every secret given. */
export interface WebhookRequest {
  endpoint: string;
  messageId: string;
  /**
   * Sent again, unsigned, as the `svc-sequence` header for receivers of the earlier contract
   * (an svc-client from before the body carried it refuses a delivery without the header). The
   * signed body's `sequence` is the one to read: a header can be changed on a captured delivery
   * (docs/propagation.md).
   */
  sequence: string;
  body: string;
  secrets: string[];
}

/** What one attempt did, as logged in outbox_attempts. Never holds a secret. */
export interface AttemptReport {
  startedAt: Date;
  durationMs: number;
  httpStatus: number | null;
  error: string | null;
  responseExcerpt: string | null;
  retryAfterMs?: number;
  /** Cut short because the worker is stopping: not an attempt, the message is released. */
  abandoned: boolean;
}

export interface SenderOptions {
  timeoutMs: number;
  userAgent: string;
}

const EXCERPT_CHARS = 1000;
const EXCERPT_READ_BYTES = 4096;

async function readExcerpt(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= EXCERPT_READ_BYTES) break;
    }
  } catch {
    // A body cut off or timed out: keep what arrived.
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS);
}

function describeStatus(status: number, location: string | string[] | undefined): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) {
    const target = Array.isArray(location) ? location[0] : location;
    return `answered HTTP ${status}; redirects are not followed${target ? ` (Location: ${target.slice(0, 200)})` : ''}`;
  }
  return `answered HTTP ${status}`;
}

function describeFailure(error: unknown): string {
  if (error instanceof OutboundRefusedError) return `refused: ${error.message}`;
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `connection failed (${code}): ${message}` : message;
}

/** Resolves with the promise, or rejects once `signal` aborts (a DNS lookup cannot be cancelled). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * POSTs one Standard Webhooks message: the guard checks and pins the target, the request is
 * signed at send time (a fresh `webhook-timestamp` per attempt), the whole attempt — DNS,
 * connect, answer, the first bytes of its body — is bounded by the timeout, and redirects are
 * never followed. Every failure is a report, never a throw.
 */
export class WebhookSender {
  constructor(
    private readonly guard: OutboundGuard,
    private readonly options: SenderOptions,
  ) {}

  async send(webhook: WebhookRequest, stop: AbortSignal): Promise<AttemptReport> {
    const startedAt = new Date();
    const started = performance.now();
    const report = (fields: Partial<AttemptReport>): AttemptReport => ({
      startedAt,
      durationMs: Math.round(performance.now() - started),
      httpStatus: null,
      error: null,
      responseExcerpt: null,
      abandoned: false,
      ...fields,
    });
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const signal = AbortSignal.any([deadline, stop]);
    let agent: ReturnType<typeof pinnedAgent> | undefined;
    try {
      const target = await abortable(this.guard.check(webhook.endpoint), signal);
      agent = pinnedAgent(target, this.options.timeoutMs);
      const timestamp = Math.floor(Date.now() / 1000);
      const response = await request(target.url, {
        method: 'POST',
        dispatcher: agent,
        signal,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'user-agent': this.options.userAgent,
          'webhook-id': webhook.messageId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': webhookSignature(webhook.secrets, webhook.messageId, timestamp, webhook.body),
          'svc-sequence': webhook.sequence,
        },
        body: webhook.body,
      });
      const responseExcerpt = await readExcerpt(response.body);
      return report({
        httpStatus: response.statusCode,
        error: describeStatus(response.statusCode, response.headers.location),
        responseExcerpt,
        retryAfterMs: retryAfterMs(response.headers['retry-after']),
      });
    } catch (error) {
      if (stop.aborted) return report({ abandoned: true, error: 'abandoned: the worker stopped' });
      if (deadline.aborted) return report({ error: `timed out after ${this.options.timeoutMs} ms` });
      return report({ error: describeFailure(error).slice(0, 500) });
    } finally {
      agent?.destroy().catch(() => undefined);
    }
  }
}
