import type { NextFunction, Request, Response } from 'express';
import type { RateLimiter } from '../router/rate-limiter';
import { ApiError } from '../support/api-error';
import { context } from './context';

/** 429 svc_rate_limited with Retry-After once the key's requests per minute are used up. */
export function rateLimit(limiter: RateLimiter) {
  return (_request: Request, response: Response, next: NextFunction): void => {
    const key = context(response).apiKey!;
    const verdict = limiter.take(key.id, key.rateLimitPerMinute);
    if (!verdict.allowed) throw ApiError.rateLimited(verdict.retryAfterSeconds);
    next();
  };
}
