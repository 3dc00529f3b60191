import { ApiError } from './api-error';
import { MAX_REPORTED_PROBLEMS } from './error-limits';

/** A parsed JSON object or query as it arrived. */
export type Raw = Record<string, unknown>;

export { MAX_REPORTED_PROBLEMS };

/**
 * Collects the bad fields of one input, so a single svc_invalid_request names them
 * (`data.params`: field → what is wrong), up to MAX_REPORTED_PROBLEMS; later ones are only
 * counted. The first problem given for a field wins.
 */
export class Problems {
  readonly params: Record<string, string> = {};
  private reported = 0;
  private total = 0;

  add(name: string, message: string): void {
    if (Object.hasOwn(this.params, name)) return;
    this.total += 1;
    if (this.reported >= MAX_REPORTED_PROBLEMS) return;
    this.params[name] = message;
    this.reported += 1;
  }

  /** How many problems were found, named or not. */
  get count(): number {
    return this.total;
  }

  get empty(): boolean {
    return this.total === 0;
  }

  throwIfAny(): void {
    if (this.total > 0) throw ApiError.invalidRequest(this.params, this.total - this.reported);
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
