import type { IncomingMessage } from 'node:http';
import { phpParameter } from './php-query';

/** The methods an override may name; anything else is ignored (the shell removes it too). */
const OVERRIDE_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The method WordPress would serve a request with: `_method` in the query (as PHP reads it,
 * the last one) when it names GET, POST, PUT, PATCH or DELETE, else `X-HTTP-Method-Override`
 * when it does, else none (null). The block editor's apiFetch sends PUT, PATCH and DELETE as POST
 * with the header; WordPress honours both on every route, and the shell forwards the method
 * WordPress settled on, signed — so the worker applies an override only to an unsigned request
 * (the direct lane), and both lanes serve the same method (docs/api-notes.md).
 */
export function methodOverride(request: IncomingMessage): string | null {
  const headers = request.headers;
  if (headers['x-svc-hub-signature'] !== undefined) return null;
  const url = request.url ?? '';
  const queryAt = url.indexOf('?');
  if (queryAt >= 0 && url.includes('method', queryAt)) {
    const named = phpParameter(url.slice(queryAt + 1), '_method');
    const method = named?.value.toString('latin1').toUpperCase();
    if (method !== undefined && OVERRIDE_METHODS.has(method)) return method;
  }
  const header = headers['x-http-method-override'];
  const method = typeof header === 'string' ? header.toUpperCase() : undefined;
  return method !== undefined && OVERRIDE_METHODS.has(method) ? method : null;
}
