import { phpParameter } from './php-query';

/**
 * WordPress's spellings of a REST request, as a request target the worker routes. An encoded
 * slash in the path is a slash: WordPress decodes the route before matching it, so `a%2Fb` is
 * two segments there (no route) and `ord_1%2F` a trailing slash. Then the other spellings:
 * `/?rest_route=/llm/router/v1/models&x=1` (plain permalinks, on any front-end path, with the
 * parameter name as PHP reads it: `rest.route`, `rest route` and `rest[route` are `rest_route`
 * too, the last one wins) and `/index.php/wp-json/…` (PATH_INFO). The shipped nginx site sends
 * these spellings of the public namespaces to the worker (docs/deploy-nginx.md), so the worker
 * answers them as the shell would: the route with its trailing slash removed and each segment
 * percent-encoded as PHP's rawurlencode() does (`.` and `..` as %2E), the rest of the query
 * unchanged. Null when the target is none of these (the common case: one comparison).
 */
export function restRouteTarget(url: string): string | null {
  if (url.startsWith('/wp-json/')) return withSlashesDecoded(url);
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (/^\/index\.php\/wp-json(?:\/|$)/i.test(path)) return url.slice('/index.php'.length);
  if (queryAt < 0) return null;
  const parameter = phpParameter(url.slice(queryAt + 1), 'rest_route');
  if (parameter === null) return null;
  const route = parameter.value;
  if (route[0] !== SLASH) return null;
  let end = route.length;
  while (end > 0 && route[end - 1] === SLASH) end -= 1;
  const query = parameter.rest.join('&');
  return `/wp-json${segments(route.subarray(0, end)).map(rawUrlEncode).join('/')}${query ? `?${query}` : ''}`;
}

const SLASH = 0x2f;
const UNRESERVED = /[A-Za-z0-9\-_.~]/;

/** The route's segments, split at each `/`. */
function segments(route: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let index = 0; index <= route.length; index += 1) {
    if (index === route.length || route[index] === SLASH) {
      parts.push(route.subarray(start, index));
      start = index + 1;
    }
  }
  return parts;
}

/** PHP's rawurlencode() of one segment's bytes, with `.` and `..` spelled %2E as the shell spells them. */
function rawUrlEncode(segment: Buffer): string {
  const text = segment.toString('latin1');
  if (text === '.' || text === '..') return '%2E'.repeat(text.length);
  let encoded = '';
  for (const byte of segment) {
    const character = String.fromCharCode(byte);
    encoded += UNRESERVED.test(character) ? character : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** The target with each `%2F` of its path as `/`, or null when it has none. */
function withSlashesDecoded(url: string): string | null {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (!path.includes('%2F') && !path.includes('%2f')) return null;
  return path.replace(/%2f/gi, '/') + (queryAt < 0 ? '' : url.slice(queryAt));
}
