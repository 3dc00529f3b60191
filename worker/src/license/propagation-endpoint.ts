/**
 * A key's webhook endpoint (where the site's entitlement changes are POSTed): an absolute
 * http(s) URL without credentials or fragment, up to 500 characters. Returns it trimmed, or
 * null when it is not one. Whether its host may be called is decided at delivery time (the
 * outbound guard), since DNS answers change.
 */
export function parseWebhookEndpoint(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > 500) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  if (url.username || url.password || url.hash) return null;
  return trimmed;
}
