import type { Request, Response } from 'express';
import { ApiError } from '../support/api-error';

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

/** `page` ≥ 1 and `per_page` 1–100 (default 20); out of range or not a number → 400, never clamped. */
export function readPage(request: Request, defaultPerPage = 20): Page {
  const problems: Record<string, string> = {};
  const page = positiveInteger(request.query.page, 'page', 1_000_000, problems) ?? 1;
  const perPage = positiveInteger(request.query.per_page, 'per_page', 100, problems) ?? defaultPerPage;
  if (Object.keys(problems).length > 0) throw ApiError.invalidRequest(problems);
  return { page, perPage };
}

/**
 * The request's own address on `baseUrl` (SVC_PUBLIC_URL): its parsed path and query, never
 * the request target as sent, whose host an absolute-form target (`GET http://other/…`) would
 * choose.
 */
function publicAddress(request: Request, baseUrl: string): { path: string; query: URLSearchParams } {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) {
    for (const item of [value].flat()) if (typeof item === 'string') query.append(name, item);
  }
  return { path: `${baseUrl.replace(/\/+$/, '')}${request.baseUrl}${request.path}`, query };
}

/** X-WP-Total, X-WP-TotalPages and an RFC 8288 Link header on `baseUrl`, as WordPress's own lists have. */
export function setPageHeaders(request: Request, response: Response, page: Page, total: number, baseUrl: string): void {
  const totalPages = Math.max(1, Math.ceil(total / page.perPage));
  response.setHeader('X-WP-Total', String(total));
  response.setHeader('X-WP-TotalPages', String(totalPages));
  const address = publicAddress(request, baseUrl);
  const link = (target: number, rel: string) => {
    const query = new URLSearchParams(address.query);
    query.set('page', String(target));
    query.set('per_page', String(page.perPage));
    return `<${address.path}?${query.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page.page > 1) links.push(link(Math.min(page.page - 1, totalPages), 'prev'));
  if (page.page < totalPages) links.push(link(page.page + 1, 'next'));
  if (links.length > 0) response.setHeader('Link', links.join(', '));
}
