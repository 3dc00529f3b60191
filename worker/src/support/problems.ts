import { ApiError } from './api-error';

/** A parsed JSON object or query as it arrived. */
export type Raw = Record<string, unknown>;

/**
 * Collects every bad field of one input, so a single svc_invalid_request names them all
 * (`data.params`: field → what is wrong).
 */
export class Problems {
  readonly params: Record<string, string> = {};
  add(name: string, message: string): void {
    this.params[name] = message;
  }
  throwIfAny(): void {
    if (Object.keys(this.params).length > 0) throw ApiError.invalidRequest(this.params);
  }
}

/** A trimmed string of 1–max characters; '' when absent (a problem if required) or bad. */
export function text(raw: Raw, name: string, problems: Problems, options: { required: boolean; max: number }): string {
  const value = raw[name];
  if (value === undefined || value === '') {
    if (options.required) problems.add(name, 'is required');
    return '';
  }
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > options.max) {
    problems.add(name, `must be a string of 1 to ${options.max} characters`);
    return '';
  }
  return value.trim();
}
