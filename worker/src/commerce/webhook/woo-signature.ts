import { createHmac, timingSafeEqual } from 'node:crypto';
import { htmlEntityDecode, wpSpecialcharsDecode } from './html-entities';
import { sanitizeTextField } from './sanitize-text-field';

/**
 * The secret in every form a store may sign with, from what the operator entered:
 * - as entered (WooCommerce's field as shown, or the entity-encoded value its database holds);
 * - as WooCommerce's admin form stores it: sanitize_text_field() (tags and `%XX` octets removed,
 *   whitespace runs collapsed, trimmed), so a re-save of the webhook form — which trims the
 *   trailing space a generated secret can end in — does not change the key the hub expects;
 * - the same for the decoded secret (an entity-encoded secret copied from the database).
 */
export function secretForms(secret: string): string[] {
  return [...new Set([secret, sanitizeTextField(secret), sanitizeTextField(wpSpecialcharsDecode(secret))])].filter((form) => form !== '');
}

/**
 * The HMAC keys a store's secret, as the operator entered it, may sign with: WooCommerce
 * decodes the secret before signing — wp_specialchars_decode( $secret, ENT_QUOTES ) in its
 * source since 3.5.5, html_entity_decode( $secret ) in the contract's words — and each form of
 * secretForms() is decoded both ways. The two decodings are one and the same key for every
 * secret whose only references are `&amp; &lt; &gt; &quot; &#039;`. At most six keys.
 */
export function signingKeys(secret: string): Buffer[] {
  const keys = secretForms(secret).flatMap((form) => [wpSpecialcharsDecode(form), htmlEntityDecode(form)]);
  return [...new Set(keys)].map((key) => Buffer.from(key, 'utf8'));
}

/** `X-WC-Webhook-Signature` as WooCommerce computes it: base64(HMAC-SHA256(raw body, key)). */
export function wooSignature(body: Buffer | string, key: Buffer | string): string {
  return createHmac('sha256', key).update(body).digest('base64');
}

/** A SHA-256 digest in canonical base64: 43 characters and one "=". */
const BASE64_DIGEST = /^[A-Za-z0-9+/]{43}=$/;

/**
 * Whether `header` signs exactly these body bytes with one of `keys`. Every key is tried and
 * compared in constant time over the 32 digest bytes; a header that is not a canonical base64
 * SHA-256 digest never matches.
 */
export function verifyWooSignature(body: Buffer, header: string, keys: Buffer[]): boolean {
  if (!BASE64_DIGEST.test(header)) return false;
  const given = Buffer.from(header, 'base64');
  let matched = false;
  for (const key of keys) {
    const expected = createHmac('sha256', key).update(body).digest();
    if (timingSafeEqual(expected, given)) matched = true;
  }
  return matched;
}
