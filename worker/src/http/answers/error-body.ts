import type { ApiError } from '../../support/api-error';
import { bytes, MAX_ERROR_BODY_BYTES } from '../../support/error-limits';
import { anthropicError, openAiError, retryCannotCure } from '../../support/error-objects';
import { NAMESPACES } from '../routes/namespaces';

/**
 * Which error body a path gets (docs/architecture.md §3, docs/api-notes.md "Error bodies and
 * retries"): the Anthropic Messages routes Anthropic's, the rest of the router's namespace
 * OpenAI's, every other namespace WordPress's shape alone.
 */
export type ErrorDialect = 'wordpress' | 'openai' | 'anthropic';

/** The WordPress part's share when the dialect's object repeats its message; the rest leaves room for type, param, code and id. */
const HALF_BUDGET_BYTES = (MAX_ERROR_BODY_BYTES - 512) / 2;

const ROUTER = NAMESPACES.router.toLowerCase();
const MESSAGES = `${ROUTER}/messages`;

/** Whether `path` is `prefix` or below it. */
function within(path: string, prefix: string): boolean {
  return path.startsWith(prefix) && (path.length === prefix.length || path.charAt(prefix.length) === '/');
}

export function errorDialect(path: string): ErrorDialect {
  const lower = path.toLowerCase(); // Express matches routes without regard to case.
  if (!within(lower, ROUTER)) return 'wordpress';
  return within(lower, MESSAGES) ? 'anthropic' : 'openai';
}

/**
 * The error answer's body for `path`: WordPress's `{code, message, data}`, plus on the router's
 * routes OpenAI's `error` object, or Anthropic's `type: "error"`, `error` and `request_id`.
 * Never over MAX_ERROR_BODY_BYTES: when the whole would be, the WordPress part is cut to less
 * than half of it, so the message repeated in `error` (and the id) still fits.
 */
export function errorBody(path: string, error: ApiError, requestId: string): object {
  const dialect = errorDialect(path);
  if (dialect === 'wordpress') return error.toBody();
  const whole = withDialect(dialect, error.toBody(), error.status, requestId);
  if (bytes(whole) <= MAX_ERROR_BODY_BYTES) return whole;
  return withDialect(dialect, error.toBody(HALF_BUDGET_BYTES), error.status, requestId);
}

function withDialect(dialect: 'openai' | 'anthropic', body: ReturnType<ApiError['toBody']>, status: number, requestId: string): object {
  const said = { status, code: body.code, message: body.message, data: body.data };
  if (dialect === 'openai') return { ...body, error: openAiError(said) };
  return { ...body, type: 'error', error: anthropicError(said), request_id: requestId };
}

/** The error's own headers, plus `x-should-retry: false` on the router's routes when retrying cannot cure it. */
export function errorHeaders(path: string, error: ApiError): Record<string, string> {
  if (errorDialect(path) === 'wordpress' || !retryCannotCure(error) || 'x-should-retry' in error.headers) return error.headers;
  return { ...error.headers, 'x-should-retry': 'false' };
}
