/**
 * Normalises a client site's URL so one site has one spelling: lower-case scheme and host,
 * no default port, no trailing slash, no query, fragment or credentials. Returns null when
 * the value is not an absolute http(s) URL.
 */
export function normaliseSiteUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 255) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  if (url.username || url.password) return null;
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}
