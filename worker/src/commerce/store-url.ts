import { normaliseSiteUrl } from '../support/site-url';

/**
 * A WooCommerce store's identity as `X-WC-Webhook-Source` spells it: its home URL with a
 * trailing slash (normalised like a site URL first). Null when not an absolute http(s) URL.
 */
export function normaliseStoreUrl(value: unknown): string | null {
  const site = normaliseSiteUrl(value);
  return site === null ? null : `${site}/`;
}
