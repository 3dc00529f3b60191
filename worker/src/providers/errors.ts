/**
 * Upstream failures keep what the router needs to decide (docs/architecture.md §0 item 5): the status code,
 * whether a retry may help, how long the provider asked us to wait, and the body it sent
 * (never logged with secrets; truncated).
 */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly details: {
      provider: string;
      statusCode?: number;
      isRetryable: boolean;
      retryAfterMs?: number;
      responseBody?: string;
      url?: string;
      /** The provider's own error code/type when it sent one (e.g. overloaded_error). */
      providerCode?: string;
    },
  ) {
    super(message);
    this.name = 'UpstreamError';
  }

  get statusCode(): number | undefined {
    return this.details.statusCode;
  }

  get isRetryable(): boolean {
    return this.details.isRetryable;
  }
}

export type TimeoutPhase = 'connect' | 'first_token' | 'idle';

export class UpstreamTimeoutError extends UpstreamError {
  constructor(
    provider: string,
    readonly phase: TimeoutPhase,
    url?: string,
  ) {
    super(`${provider}: no ${phase === 'connect' ? 'connection' : phase === 'first_token' ? 'first token' : 'data'} in time`, {
      provider,
      isRetryable: true,
      url,
    });
    this.name = 'UpstreamTimeoutError';
  }
}

/** 408, 409, 429 and 5xx (incl. Anthropic's 529) may succeed on retry (vercel/ai's rule). */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * `Retry-After` (seconds or an HTTP date) and `retry-after-ms` → milliseconds, or undefined.
 */
export function retryAfterMs(headers: Record<string, string | string[] | undefined>, now = Date.now()): number | undefined {
  const first = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const milliseconds = first('retry-after-ms');
  if (milliseconds && /^\d+(\.\d+)?$/.test(milliseconds)) return Math.round(Number(milliseconds));
  const value = first('retry-after');
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A response we cannot read (bad JSON, missing fields): a retry would get the same answer. */
export function invalidResponse(provider: string, detail: string, url?: string): UpstreamError {
  return new UpstreamError(`${provider}: invalid response (${detail})`, { provider, isRetryable: false, url });
}

/**
 * The error a cancelled call ends with: always named 'AbortError' (the router tells a client
 * hang-up from an upstream failure by that name), keeping the signal's own reason as `cause`.
 */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  const error = new Error('The operation was aborted', { cause: reason });
  error.name = 'AbortError';
  return error;
}

/** At most `limit` bytes of UTF-8 (4 KiB by default), cut on a character boundary: what errors keep of a body. */
export function truncateResponseBody(text: string, limit = 4096): string {
  if (Buffer.byteLength(text, 'utf8') <= limit) return text;
  let cut = Buffer.from(text, 'utf8').subarray(0, limit).toString('utf8');
  while (Buffer.byteLength(cut, 'utf8') > limit) cut = cut.slice(0, -1);
  return cut;
}
