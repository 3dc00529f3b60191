import { createHmac, randomBytes } from 'node:crypto';

/** The signature methods WooCommerce accepts; the hub signs with HMAC-SHA256. */
export type OAuthSignatureMethod = 'HMAC-SHA1' | 'HMAC-SHA256';

export interface OAuthSigning {
  consumerKey: string;
  consumerSecret: string;
  /** Unix seconds; WooCommerce refuses one more than 15 minutes away from its clock. */
  timestamp: number;
  /** Unique per request: WooCommerce refuses a nonce it saw in the last 15 minutes. */
  nonce: string;
  signatureMethod?: OAuthSignatureMethod;
}

/** PHP's rawurlencode (RFC 3986): encodeURIComponent also leaves `!'()*` alone. */
export function rawUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** PHP's strcmp: byte order of the UTF-8 text. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/**
 * The string WooCommerce signs to check a one-legged OAuth 1.0a request (docs/commerce.md,
 * "Reconcile"): `METHOD&` + the encoded URL without its query + `&` + every parameter but
 * `oauth_signature`, sorted by the raw name in byte order, each name and value encoded, joined
 * `name=value`, each pair encoded again and the pairs joined with `%26`. `url` is the store's
 * home URL followed by the route, as the store rebuilds it from its home URL; `parameters` are
 * the query's values as the store decodes them.
 */
export function signatureBaseString(method: string, url: URL, parameters: [string, string][]): string {
  const signed = parameters.filter(([name]) => name !== 'oauth_signature').sort(([a], [b]) => byteOrder(a, b));
  const pairs = signed.map(([name, value]) => rawUrlEncode(`${rawUrlEncode(name)}=${rawUrlEncode(value)}`));
  return `${method.toUpperCase()}&${rawUrlEncode(`${url.origin}${url.pathname}`)}&${pairs.join('%26')}`;
}

/** base64 of the HMAC of the base string, keyed with the consumer secret followed by `&` (no token secret). */
export function oauthSignature(baseString: string, consumerSecret: string, method: OAuthSignatureMethod = 'HMAC-SHA256'): string {
  const algorithm = method === 'HMAC-SHA1' ? 'sha1' : 'sha256';
  return createHmac(algorithm, `${consumerSecret}&`).update(baseString).digest('base64');
}

/** 32 hexadecimal characters: WooCommerce asks for a unique alphanumeric string of 32. */
export const newNonce = () => randomBytes(16).toString('hex');

/**
 * `url` with the OAuth parameters added to its query and signed — WooCommerce reads them from
 * the query string (it does not read an Authorization: OAuth header on every server). The
 * existing query stays as it is and is signed with them.
 */
export function signUrl(method: string, url: URL, signing: OAuthSigning): URL {
  const signed = new URL(url);
  const signatureMethod = signing.signatureMethod ?? 'HMAC-SHA256';
  signed.searchParams.append('oauth_consumer_key', signing.consumerKey);
  signed.searchParams.append('oauth_timestamp', String(signing.timestamp));
  signed.searchParams.append('oauth_nonce', signing.nonce);
  signed.searchParams.append('oauth_signature_method', signatureMethod);
  const baseString = signatureBaseString(method, signed, [...signed.searchParams]);
  signed.searchParams.append('oauth_signature', oauthSignature(baseString, signing.consumerSecret, signatureMethod));
  return signed;
}
