import { ApiError } from '../../support/api-error';

/** Longer than any list of Anthropic's beta flags a client sends (Claude Code's is about 200 characters). */
const MAX_BETAS_LENGTH = 1000;
/** Flags such as `interleaved-thinking-2025-05-14`, separated by commas. */
const BETAS = /^[A-Za-z0-9._-]+(\s*,\s*[A-Za-z0-9._-]+)*$/;

/**
 * The client's `anthropic-beta` header (docs/api-notes.md "Anthropic Messages API"): the flags that
 * switch on the body fields it sends, carried to Anthropic's own models with the native request.
 * Absent or empty is none; anything but comma-separated flag names is 400 naming the header.
 * Node joins repeated headers of this name with ", ".
 */
export function anthropicBetas(header: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(header) ? header.join(', ') : (header ?? '')).trim();
  if (value === '') return undefined;
  if (value.length > MAX_BETAS_LENGTH || !BETAS.test(value)) {
    throw ApiError.invalidRequest({
      'anthropic-beta': `must be beta flag names separated by commas, at most ${MAX_BETAS_LENGTH} characters`,
    });
  }
  return value;
}
