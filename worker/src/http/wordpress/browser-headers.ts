import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { pathMatcher, type RouteDefinition } from '../routes';

/**
 * The headers WordPress's REST API puts on every answer (WP_REST_Server::serve_request and
 * rest_send_cors_headers, WordPress 7.1), so browser code behaves the same on both lanes:
 * `X-Content-Type-Options: nosniff`, `X-Robots-Tag: noindex`, the exposed and allowed CORS
 * headers, and — when the request has an Origin — that origin allowed with credentials and
 * `Vary: Origin` (also on a GET without an Origin, as WordPress does for a visitor).
 * On the WordPress lane WordPress sends the same values again; the shell keeps one `Vary`.
 */
export const EXPOSED_HEADERS = 'X-WP-Total, X-WP-TotalPages, Link';
export const ALLOWED_HEADERS = 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type';
export const ALLOWED_METHODS = 'OPTIONS, GET, POST, PUT, PATCH, DELETE';

/** An Origin worth echoing: `null` (file:, data:) or scheme://host[:port], nothing else. */
function originOf(request: IncomingMessage): string | null {
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === '') return null;
  if (origin === 'null') return origin;
  return /^https?:\/\/[A-Za-z0-9.\-[\]:]+$/.test(origin) ? origin : null;
}

/** The browser headers for a request, as a flat name/value list (staged by the lean dispatch: staged-headers.ts). */
export function browserHeaderList(request: IncomingMessage): string[] {
  const list = [
    'X-Content-Type-Options',
    'nosniff',
    'X-Robots-Tag',
    'noindex',
    'Access-Control-Expose-Headers',
    EXPOSED_HEADERS,
    'Access-Control-Allow-Headers',
    ALLOWED_HEADERS,
  ];
  const origin = originOf(request);
  if (origin !== null) {
    list.push(
      'Access-Control-Allow-Origin',
      origin,
      'Access-Control-Allow-Methods',
      ALLOWED_METHODS,
      'Access-Control-Allow-Credentials',
      'true',
      'Vary',
      'Origin',
    );
  } else if (request.method === 'GET') {
    list.push('Vary', 'Origin');
  }
  return list;
}

export function setBrowserHeaders(request: IncomingMessage, response: ServerResponse): void {
  const list = browserHeaderList(request);
  for (let index = 0; index < list.length; index += 2) response.setHeader(list[index]!, list[index + 1]!);
}

/** Express middleware: the browser headers on every answer, errors included. */
export function browserHeaders(request: Request, response: Response, next: NextFunction): void {
  setBrowserHeaders(request, response);
  next();
}

/**
 * Answers `OPTIONS` (a CORS preflight) on every path a route has: 204 with `Allow` (the
 * route's methods and OPTIONS) and the allowed methods and headers. Other paths fall through
 * to the 404.
 */
export function preflight(routes: RouteDefinition[]) {
  const matchers = routes.map((route) => ({ method: route.method, matcher: pathMatcher(route.path) }));
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.method !== 'OPTIONS') return next();
    const methods = new Set<string>(matchers.filter(({ matcher }) => matcher.test(request.path)).map(({ method }) => method));
    if (methods.size === 0) return next();
    if (methods.has('GET')) methods.add('HEAD');
    response.setHeader('Allow', [...methods, 'OPTIONS'].join(', '));
    response.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
    response.status(204).end();
  };
}
