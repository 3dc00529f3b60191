/**
 * What a WooCommerce delivery says about itself in its headers (docs/external/woocommerce.md), the
 * form-encoded ping, and the request headers as the audit log keeps them.
 */
export interface DeliveryHeaders {
  source: string | null;
  topic: string | null;
  signature: string | null;
  webhookId: string | null;
  deliveryId: string | null;
  /** Whether any X-WC-Webhook-* header came at all (a ping has none). */
  anyWooHeader: boolean;
}

type HeaderReader = (name: string) => string | undefined;

const present = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

/** Reads the X-WC-Webhook-* headers; `rawHeaders` is Node's flat [name, value, …] list. */
export function readDeliveryHeaders(get: HeaderReader, rawHeaders: string[]): DeliveryHeaders {
  return {
    source: present(get('x-wc-webhook-source')),
    topic: present(get('x-wc-webhook-topic')),
    signature: present(get('x-wc-webhook-signature')),
    webhookId: present(get('x-wc-webhook-id')),
    deliveryId: present(get('x-wc-webhook-delivery-id')),
    anyWooHeader: rawHeaders.some((value, index) => index % 2 === 0 && value.toLowerCase().startsWith('x-wc-webhook-')),
  };
}

const FORM = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;
const PING_BODY = /^webhook_id=(\d{1,20})$/;

/**
 * WooCommerce's ping: `webhook_id=<N>` form-encoded, with no X-WC-Webhook-* header and no
 * signature (sent when a webhook is created, activated or its URL changes). Returns the
 * webhook id, or null when the request is not exactly that.
 */
export function pingWebhookId(contentType: string | undefined, body: Buffer, headers: DeliveryHeaders): string | null {
  if (headers.anyWooHeader || !contentType || !FORM.test(contentType) || body.length > 40) return null;
  return PING_BODY.exec(body.toString('latin1'))?.[1] ?? null;
}

/** Never kept: credentials a client may have sent along. */
const NOT_KEPT = new Set(['authorization', 'proxy-authorization', 'cookie']);

/** What the audit log keeps of an attempt's headers (docs/woocommerce-webhook.md, "Audit log"). */
export const AUDIT_HEADER_LIMITS = {
  /** Headers kept; a WooCommerce delivery sends about 12, the shell adds 6. */
  count: 40,
  /** Characters of a name kept. */
  nameChars: 100,
  /** Bytes of a value kept; a longer one is cut and says how long it was. */
  valueBytes: 1024,
  /** Bytes of the whole JSON list. */
  totalBytes: 8192,
} as const;

/** At most `max` bytes of `value` (never splitting a character), marked when cut. */
function clipValue(value: string, max: number): string {
  const bytes = Buffer.byteLength(value);
  if (bytes <= max) return value;
  let kept = value.slice(0, max);
  while (Buffer.byteLength(kept) > max) kept = kept.slice(0, -1);
  return `${kept}… (${bytes} bytes)`;
}

/**
 * The request headers for the audit log: JSON `[[name, value], …]` as sent (case and order
 * kept), without credentials, within AUDIT_HEADER_LIMITS — a long value is cut, and headers
 * past the count or the total size are only counted, in a last `(not kept)` entry.
 */
export function auditHeaders(rawHeaders: string[]): string {
  const pairs: [string, string][] = [];
  const budget = AUDIT_HEADER_LIMITS.totalBytes - 64; // room for the (not kept) entry
  let bytes = 2;
  let dropped = 0;
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = rawHeaders[index]!;
    if (NOT_KEPT.has(name.toLowerCase())) continue;
    const pair: [string, string] = [
      [...name].slice(0, AUDIT_HEADER_LIMITS.nameChars).join(''),
      clipValue(rawHeaders[index + 1]!, AUDIT_HEADER_LIMITS.valueBytes),
    ];
    const size = Buffer.byteLength(JSON.stringify(pair)) + 1;
    if (pairs.length >= AUDIT_HEADER_LIMITS.count || bytes + size > budget) {
      dropped += 1;
      continue;
    }
    pairs.push(pair);
    bytes += size;
  }
  if (dropped > 0) pairs.push(['(not kept)', `${dropped} more header(s) over the limits`]);
  return JSON.stringify(pairs);
}
