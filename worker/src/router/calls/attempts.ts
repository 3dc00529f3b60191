import { ApiError } from '../../support/api-error';
import type { Eventually } from '../../support/eventually';
import type { CatalogModel } from '../catalog/models';
import { UpstreamError, UpstreamTimeoutError } from '../../providers/errors';

export interface RetryPolicy {
  /** Retries per model after the first try. */
  max: number;
  /** Longest single wait; a longer Retry-After moves on to the next model at once. */
  maxWaitMs: number;
  /** First backoff step (doubles each retry, with jitter). */
  baseDelayMs?: number;
}

export class AttemptsExhausted extends Error {
  constructor(
    readonly lastError: unknown,
    readonly attempts: number,
    readonly lastModel: CatalogModel,
  ) {
    super('every model of the request failed');
  }
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

export function isAbort(error: unknown): boolean {
  return (error as { name?: string })?.name === 'AbortError';
}

/** How long to wait before retrying after `error`, or null to give up on this model. */
export function retryDelay(error: unknown, retry: number, policy: RetryPolicy): number | null {
  if (!(error instanceof UpstreamError) || !error.isRetryable || retry >= policy.max) return null;
  const asked = error.details.retryAfterMs;
  if (asked !== undefined) return asked <= policy.maxWaitMs ? asked : null;
  const base = (policy.baseDelayMs ?? 200) * 2 ** retry;
  return Math.min(policy.maxWaitMs, Math.round(base * (0.75 + Math.random() * 0.5)));
}

/**
 * Tries each model in order: retries on 408/409/429/5xx/connect errors and timeouts
 * (honouring Retry-After), then falls back to the next model. `call` throws
 * `committed` errors (a stream that already sent its first token) through unchanged; a `call`
 * that throws at once counts as one that rejects.
 */
export async function withFallback<T>(
  candidates: CatalogModel[],
  policy: RetryPolicy,
  signal: AbortSignal,
  call: (model: CatalogModel, attempt: number) => Eventually<T>,
  isCommitted: (error: unknown) => boolean = () => false,
): Promise<{ result: T; model: CatalogModel; attempts: number }> {
  let attempts = 0;
  let lastError: unknown;
  for (const model of candidates) {
    for (let retry = 0; ; retry += 1) {
      attempts += 1;
      try {
        return { result: await call(model, attempts), model, attempts };
      } catch (error) {
        if (isAbort(error) || isCommitted(error)) throw error;
        lastError = error;
        const delay = retryDelay(error, retry, policy);
        if (delay === null) break;
        await wait(delay, signal);
      }
    }
  }
  throw new AttemptsExhausted(lastError, attempts, candidates[candidates.length - 1]!);
}

/** The contract's answer for an upstream failure (docs/architecture.md §3). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof UpstreamTimeoutError) {
    return new ApiError(504, 'svc_upstream_timeout', `The model provider did not answer in time (${error.phase}).`, {
      phase: error.phase,
      provider: error.details.provider,
    });
  }
  if (error instanceof UpstreamError) {
    // The provider's own text stays in the worker log: it can echo a (masked) provider key.
    const { provider, statusCode, providerCode } = error.details;
    const what = statusCode
      ? `answered HTTP ${statusCode}${providerCode ? ` (${providerCode})` : ''}`
      : providerCode
        ? `failed (${providerCode})`
        : 'could not be reached or sent an unusable answer';
    return new ApiError(502, 'svc_upstream_error', `The model provider ${provider} ${what}.`, {
      provider: error.details.provider,
      upstream_status: error.details.statusCode ?? null,
      upstream_code: error.details.providerCode ?? null,
    });
  }
  return ApiError.internal();
}
