import type { NextFunction, Request, Response } from 'express';
import type { ApiKeyRecord } from '../../license/api-keys';
import type { RateLimiter, RateVerdict } from '../../router/limits/rate-limiter';
import { ApiError } from '../../support/api-error';
import { countRateLimitRejection } from '../../support/metrics/hub-metrics';
import { context } from '../server/context';

/**
 * Counts one request of `key`; 429 svc_rate_limited with Retry-After once its requests per
 * minute are used up. A promise only when the limiter must claim quota first (else nothing
 * to await on the hot path).
 */
export function admit(limiter: RateLimiter, key: ApiKeyRecord): Promise<void> | undefined {
  const verdict = limiter.take(key.id, key.rateLimitPerMinute);
  if (verdict instanceof Promise) return verdict.then(enforce);
  enforce(verdict);
  return undefined;
}

function enforce(verdict: RateVerdict): void {
  if (!verdict.allowed) {
    countRateLimitRejection();
    throw ApiError.rateLimited(verdict.retryAfterSeconds);
  }
}

/** The middleware form of admit(). */
export function rateLimit(limiter: RateLimiter) {
  return (_request: Request, response: Response, next: NextFunction): void => {
    const waiting = admit(limiter, context(response).apiKey!);
    if (waiting) waiting.then(() => next(), next);
    else next();
  };
}
