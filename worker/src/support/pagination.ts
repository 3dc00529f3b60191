import { ApiError } from './api-error';

/** A page of a list: `page` counts from 1. */
export interface Page {
  page: number;
  perPage: number;
}

function positiveInteger(value: unknown, name: string, max: number, problems: Record<string, string>): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    problems[name] = `must be an integer from 1 to ${max}`;
    return undefined;
  }
  return Number(value);
}

/**
 * `page` ≥ 1 and `per_page` 1–100 (default 20) from a parsed query string; out of range or not
 * a number → 400, never clamped.
 */
export function readPage(query: Record<string, unknown>, defaultPerPage = 20): Page {
  const problems: Record<string, string> = {};
  const page = positiveInteger(query.page, 'page', 1_000_000, problems) ?? 1;
  const perPage = positiveInteger(query.per_page, 'per_page', 100, problems) ?? defaultPerPage;
  if (Object.keys(problems).length > 0) throw ApiError.invalidRequest(problems);
  return { page, perPage };
}
