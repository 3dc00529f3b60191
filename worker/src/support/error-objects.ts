import type { ApiError } from './api-error';
import { clip, MAX_PARAM_NAME_CHARACTERS } from './error-limits';

/**
 * The error objects of the two client dialects the router speaks (docs/architecture.md §3,
 * docs/api-notes.md "Error bodies and retries"): OpenAI's `error: { message, type, param, code }`
 * and Anthropic's `error: { type, message }`. http/answers/error-body.ts picks one by the
 * request's path; the router's stream shapers reuse them for mid-stream errors.
 */

export interface OpenAiErrorObject {
  message: string;
  type: string;
  param: string | null;
  code: string;
}

export interface AnthropicErrorObject {
  type: string;
  message: string;
}

/** 429s that mean money ran out (a budget, an allowance, credits), not too many requests. */
const QUOTA_CODES = new Set(['svc_budget_exceeded']);

/** OpenAI's `error.type` for a status and the hub's code. */
export function openAiErrorType(status: number, code: string): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 429) return QUOTA_CODES.has(code) ? 'insufficient_quota' : 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** Anthropic's `error.type` for a status (docs/api-notes.md "Error bodies and retries"). */
export function anthropicErrorType(status: number): string {
  switch (status) {
    case 401:
      return 'authentication_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 503:
    case 529:
      return 'overloaded_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}

/** The first field an error names in `data.params`, cut as `data.params` names are; null when it names none. */
export function firstParam(data: Record<string, unknown>): string | null {
  const params = data.params;
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return null;
  for (const name in params) if (Object.hasOwn(params, name)) return clip(name, MAX_PARAM_NAME_CHARACTERS);
  return null;
}

/** OpenAI's error object for `error`, its message as given (the caller bounds the answer). */
export function openAiError(error: Pick<ApiError, 'status' | 'code' | 'message' | 'data'>): OpenAiErrorObject {
  return { message: error.message, type: openAiErrorType(error.status, error.code), param: firstParam(error.data), code: error.code };
}

/** Anthropic's error object for `error`. */
export function anthropicError(error: Pick<ApiError, 'status' | 'message'>): AnthropicErrorObject {
  return { type: anthropicErrorType(error.status), message: error.message };
}

/** Refusals a client may cure by waiting: the rate and concurrency limits, a request still running, a slow upload. */
const WORTH_RETRYING_4XX = new Set(['svc_request_timeout', 'svc_idempotency_in_progress', 'svc_rate_limited', 'svc_too_many_concurrent']);
/** Server-side answers no retry cures: the hub is off, no provider is set up, an area not built. */
const NOT_WORTH_RETRYING_5XX = new Set(['svc_hub_disabled', 'svc_no_provider', 'svc_not_implemented']);

/**
 * Whether a retry cannot change the answer, so it carries `x-should-retry: false` (the OpenAI
 * SDKs retry 408, 409, 429 and 5xx unless told not to; docs/api-notes.md "Error bodies and
 * retries" lists each code's verdict). Upstream failures (502, 504), a database restarting and
 * the shell's busy or unreachable worker are left to the client's retries.
 */
export function retryCannotCure(error: Pick<ApiError, 'status' | 'code'>): boolean {
  if (error.status >= 500) return NOT_WORTH_RETRYING_5XX.has(error.code);
  return error.status >= 400 && !WORTH_RETRYING_4XX.has(error.code);
}
