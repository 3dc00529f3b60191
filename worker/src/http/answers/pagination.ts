import type { Request, Response } from 'express';
import type { Page } from '../../support/pagination';

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
