/**
 * The one HTTP helper every networked provider uses: a pooled keep-alive undici Agent per
 * provider instance (provider-agent.ts), the router's three timeouts, the caller's AbortSignal,
 * and one mapping from transport failures and non-2xx answers to UpstreamError (docs/architecture.md §0 item 5).
 */
import { errors as undiciErrors, request, type Agent, type Dispatcher } from 'undici';
import { OutboundRefusedError, type OutboundGuard } from '../../support/outbound-guard';
import { abortError, isRetryableStatus, retryAfterMs, truncateResponseBody, UpstreamError, UpstreamTimeoutError } from '../errors';
import { createProviderAgent } from './provider-agent';
import { isObject, numberField, parseJsonObject, stringField, type JsonObject } from './schema';
import type { Timeouts } from '../types';

type ResponseBody = Dispatcher.ResponseData['body'];
type IncomingHttpHeaders = Dispatcher.ResponseData['headers'];

interface Target {
  url: string;
  /** `url` without credentials, for errors. */
  safeUrl: string;
  origin: string;
  /** Path and query, as sent. */
  path: string;
}

interface CollectedAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** What a provider's error body says, as far as the router cares. */
export interface ErrorDescription {
  message?: string;
  providerCode?: string;
  retryAfterMs?: number;
}

/** Reads a provider's error body (parsed JSON, or undefined when it was not JSON). */
export type ErrorDescriber = (body: unknown) => ErrorDescription;

export interface HttpClientOptions {
  provider: string;
  baseUrl: string;
  timeouts: Timeouts;
  /** Sent with every request (auth, API version); never copied into errors. */
  headers: Record<string, string>;
  describeError?: ErrorDescriber;
  /** Most sockets open at once to the origin (provider-agent.ts). */
  connections?: number;
  /** Checks and pins every new connection (admin-entered base URLs). */
  outboundGuard?: OutboundGuard;
}

const ERROR_READ_LIMIT = 65536;
/** How long a stream that sent its end marker may take to close before its connection is dropped. */
const DRAIN_MS = 250;
const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/**
 * The common error body shapes: `{error:{message, code|type|status}}` (OpenAI, Anthropic,
 * Google, Mistral, OpenRouter), `{error:"text"}` (Ollama) and `{message, code}`.
 */
export function describeCommonError(body: unknown): ErrorDescription {
  if (!isObject(body)) return {};
  const error = body.error;
  if (typeof error === 'string') return { message: error };
  const source = isObject(error) ? error : body;
  const code = [source.code, source.type, source.status].find((value) => typeof value === 'string' && value !== '');
  const message = stringField(source.message) ?? (isObject(source.message) ? JSON.stringify(source.message).slice(0, 500) : undefined);
  return { message, providerCode: code as string | undefined };
}

/** Drops credentials and `key` query parameters from a URL before it is kept on an error. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.searchParams.delete('key');
    return parsed.toString();
  } catch {
    return url.replace(/[?&]key=[^&]*/g, '');
  }
}

/**
 * Turns a transport failure into the router's error: undici's three timeouts become
 * UpstreamTimeoutError (connect, first_token, idle), refused or reset connections a retryable
 * UpstreamError without status. Anything else is returned unchanged.
 */
export function toUpstreamError(error: unknown, provider: string, url: string): unknown {
  if (error instanceof UpstreamError) return error;
  const code = isObject(error) ? stringField(error.code) : undefined;
  const safeUrl = redactUrl(url);
  if (error instanceof OutboundRefusedError) {
    return new UpstreamError(`${provider}: ${error.message}`, {
      provider,
      isRetryable: false,
      url: safeUrl,
      providerCode: 'outbound_refused',
    });
  }
  if (error instanceof undiciErrors.ConnectTimeoutError || code === 'UND_ERR_CONNECT_TIMEOUT')
    return new UpstreamTimeoutError(provider, 'connect', safeUrl);
  if (error instanceof undiciErrors.HeadersTimeoutError || code === 'UND_ERR_HEADERS_TIMEOUT')
    return new UpstreamTimeoutError(provider, 'first_token', safeUrl);
  if (error instanceof undiciErrors.BodyTimeoutError || code === 'UND_ERR_BODY_TIMEOUT')
    return new UpstreamTimeoutError(provider, 'idle', safeUrl);
  if (code && CONNECTION_FAILURES.has(code)) {
    return new UpstreamError(`${provider}: connection failed (${code})`, { provider, isRetryable: true, url: safeUrl });
  }
  return error;
}

/**
 * A streamed response body. Iterating yields raw bytes; leaving early closes the upstream
 * connection (so the provider stops generating) unless the provider marked the stream
 * complete, in which case the few bytes left are drained and the connection kept alive.
 */
export class ResponseStream implements AsyncIterable<Uint8Array> {
  private complete = false;

  constructor(
    private readonly body: ResponseBody,
    private readonly mapError: (error: unknown) => unknown,
  ) {}

  /** The provider saw its end marker ([DONE], message_stop, done:true). */
  markComplete(): void {
    this.complete = true;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    let failed = false;
    try {
      // destroyOnReturn: false — this finally block decides between draining and closing.
      for await (const chunk of this.body.iterator({ destroyOnReturn: false })) yield chunk as Uint8Array;
    } catch (error) {
      failed = true;
      throw this.mapError(error);
    } finally {
      if (!this.body.readableEnded) {
        if (this.complete && !failed) await this.body.dump({ limit: 16384, signal: AbortSignal.timeout(DRAIN_MS) }).catch(() => undefined);
        else this.body.on('error', () => undefined).destroy(); // undici emits 'error' on destroy; nobody listens any more
      }
    }
  }
}

/** One provider instance's connection pool and request helpers. */
export class HttpClient {
  private readonly agent: Agent;
  private readonly targets = new Map<string, Target>();
  /** The headers of every postJson(), built once: a spread per call showed in the direct lane's CPU a call (docs/benchmarks.md). */
  private readonly jsonHeaders: Record<string, string>;

  constructor(private readonly options: HttpClientOptions) {
    this.agent = createProviderAgent({
      connectMs: options.timeouts.connectMs,
      connections: options.connections,
      outboundGuard: options.outboundGuard,
    });
    this.jsonHeaders = { ...options.headers, 'content-type': 'application/json', accept: 'application/json' };
  }

  /**
   * POSTs JSON and returns the whole answer as a checked JSON object. Collected by an undici
   * dispatch handler, without the body stream and promise wrappers of `request()`: this is the
   * router's hottest path (docs/benchmarks.md).
   */
  async postJson(path: string, payload: unknown, signal: AbortSignal, extraHeaders?: Record<string, string>): Promise<JsonObject> {
    const headers = extraHeaders ? { ...this.jsonHeaders, ...extraHeaders } : this.jsonHeaders;
    return this.postBody(path, JSON.stringify(payload), signal, headers);
  }

  /** POSTs a multipart form (OpenAI's image edits) and returns the whole answer as a checked JSON object. */
  async postForm(path: string, form: FormData, signal: AbortSignal): Promise<JsonObject> {
    const encoded = new Request('http://form.invalid/', { method: 'POST', body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    const contentType = encoded.headers.get('content-type')!;
    return this.postBody(path, body, signal, { ...this.options.headers, 'content-type': contentType, accept: 'application/json' });
  }

  private async postBody(path: string, body: string | Buffer, signal: AbortSignal, headers: Record<string, string>): Promise<JsonObject> {
    const target = this.target(path);
    let answer: CollectedAnswer;
    try {
      answer = await this.collect(target, body, signal, headers);
    } catch (error) {
      throw this.mapError(error, target.url, signal);
    }
    if (answer.statusCode < 200 || answer.statusCode >= 300)
      throw this.statusError(answer.statusCode, answer.headers, answer.text, target.url);
    return parseJsonObject(answer.text, this.options.provider, target.safeUrl);
  }

  /** POSTs JSON and returns the response body as a stream of bytes (SSE or NDJSON). `extraHeaders` go with this request only. */
  async postStream(path: string, payload: unknown, signal: AbortSignal, extraHeaders?: Record<string, string>): Promise<ResponseStream> {
    const url = this.url(path);
    const body = await this.post(url, payload, signal, 'text/event-stream, application/x-ndjson', extraHeaders);
    return new ResponseStream(body, (error) => this.mapError(error, url, signal));
  }

  /** Closes pooled connections once in-flight requests finish. */
  async close(): Promise<void> {
    await this.agent.close();
  }

  private url(path: string): string {
    return this.options.baseUrl.replace(/\/+$/, '') + path;
  }

  /** Where a path of this provider goes, parsed once. */
  private target(path: string): Target {
    let target = this.targets.get(path);
    if (!target) {
      const url = this.url(path);
      const parsed = new URL(url);
      target = { url, safeUrl: redactUrl(url), origin: parsed.origin, path: parsed.pathname + parsed.search };
      this.targets.set(path, target);
    }
    return target;
  }

  /** One POST through the pool, its whole answer collected (an error answer only up to ERROR_READ_LIMIT). */
  private collect(target: Target, body: string | Buffer, signal: AbortSignal, headers: Record<string, string>): Promise<CollectedAnswer> {
    const { timeouts } = this.options;
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const chunks: Buffer[] = [];
      let size = 0;
      let statusCode = 0;
      let responseHeaders: IncomingHttpHeaders = {};
      let controller: Dispatcher.DispatchController | null = null;
      let settled = false;
      const onAbort = () => controller?.abort(signal.reason);
      const settle = (error: Error | null) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        if (error) return reject(error);
        resolve({ statusCode, headers: responseHeaders, text: Buffer.concat(chunks, size).toString('utf8') });
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.agent.dispatch(
        {
          origin: target.origin,
          path: target.path,
          method: 'POST',
          headers,
          body,
          headersTimeout: timeouts.firstTokenMs,
          bodyTimeout: timeouts.idleMs,
        },
        {
          onRequestStart(started) {
            controller = started;
            if (signal.aborted) started.abort(signal.reason);
          },
          onResponseStart(_controller, status, received) {
            statusCode = status;
            responseHeaders = received;
          },
          onResponseData(current, chunk) {
            const failed = statusCode < 200 || statusCode >= 300;
            if (failed && size >= ERROR_READ_LIMIT) return;
            chunks.push(chunk);
            size += chunk.length;
            if (failed && size >= ERROR_READ_LIMIT) {
              settle(null); // enough of an error body: stop reading and drop the connection
              current.abort(new Error('error body read up to its limit'));
            }
          },
          onResponseEnd() {
            settle(null);
          },
          onResponseError(_controller, error) {
            settle(error);
          },
        },
      );
    });
  }

  private async post(
    url: string,
    payload: unknown,
    signal: AbortSignal,
    accept: string,
    extraHeaders?: Record<string, string>,
  ): Promise<ResponseBody> {
    const { timeouts, headers } = this.options;
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        dispatcher: this.agent,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', accept, ...extraHeaders },
        body: JSON.stringify(payload),
        signal,
        headersTimeout: timeouts.firstTokenMs,
        bodyTimeout: timeouts.idleMs,
      });
    } catch (error) {
      throw this.mapError(error, url, signal);
    }
    if (response.statusCode >= 200 && response.statusCode < 300) return response.body;
    throw await this.streamStatusError(response, url, signal);
  }

  /** Reads (up to ERROR_READ_LIMIT) a streamed request's error answer. */
  private async streamStatusError(response: Dispatcher.ResponseData, url: string, signal: AbortSignal): Promise<unknown> {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        chunks.push(Buffer.from(chunk as Uint8Array));
        size += (chunk as Uint8Array).byteLength;
        if (size >= ERROR_READ_LIMIT) break;
      }
    } catch (error) {
      return this.mapError(error, url, signal);
    } finally {
      if (!response.body.readableEnded) response.body.on('error', () => undefined).destroy();
    }
    return this.statusError(response.statusCode, response.headers, Buffer.concat(chunks).toString('utf8'), url);
  }

  /** A non-2xx answer as UpstreamError: retryable or not, Retry-After, the provider's own message. */
  private statusError(status: number, headers: IncomingHttpHeaders, text: string, url: string): UpstreamError {
    const { provider, describeError = describeCommonError } = this.options;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const description = describeError(parsed);
    return new UpstreamError(`${provider}: HTTP ${status}${description.message ? `: ${description.message}` : ''}`, {
      provider,
      statusCode: status,
      isRetryable: isRetryableStatus(status),
      retryAfterMs: retryAfterMs(headers) ?? numberField(description.retryAfterMs),
      responseBody: truncateResponseBody(text),
      url: redactUrl(url),
      providerCode: description.providerCode,
    });
  }

  private mapError(error: unknown, url: string, signal: AbortSignal): unknown {
    if (signal.aborted) return abortError(signal);
    return toUpstreamError(error, this.options.provider, url);
  }
}
