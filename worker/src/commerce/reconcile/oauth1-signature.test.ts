import { newNonce, oauthSignature, rawUrlEncode, signatureBaseString, signUrl } from './oauth1-signature';

/**
 * Vectors computed by WooCommerce's own PHP (`check_oauth_signature`, `normalize_parameters`,
 * `join_with_equals_sign`, `wc_rest_urlencode_rfc3986`) run with `php` on the request URI as
 * the store receives it and its home URL — not by this module.
 */
const KEY = 'ck_0123456789abcdef0123456789abcdef01234567';
const SECRET = 'cs_fedcba9876543210fedcba9876543210fedcba98';

const PHP_VECTORS = [
  {
    query: { modified_after: '2026-11-01T00:00:00', dates_are_gmt: 'true', orderby: 'modified', order: 'asc', per_page: '50', page: '2' },
    url: 'http://shop.example/wp-json/wc/v3/orders',
    timestamp: 1764000000,
    nonce: '8f14e45fceea167a5a36dedd4bea2543',
    baseString:
      'GET&http%3A%2F%2Fshop.example%2Fwp-json%2Fwc%2Fv3%2Forders&dates_are_gmt%3Dtrue%26modified_after%3D2026-11-01T00%253A00%253A00%26oauth_consumer_key%3Dck_0123456789abcdef0123456789abcdef01234567%26oauth_nonce%3D8f14e45fceea167a5a36dedd4bea2543%26oauth_signature_method%3DHMAC-SHA256%26oauth_timestamp%3D1764000000%26order%3Dasc%26orderby%3Dmodified%26page%3D2%26per_page%3D50',
    signature: 'j3/Q+m8rVbTS8hiX6D8UXx8bE89mTdSjKyT2KmUMVME=',
  },
  {
    // A store in a subdirectory, on a LAN address and port 8080.
    query: { modified_after: '2026-11-30T23:59:59', dates_are_gmt: 'true', orderby: 'modified', order: 'asc', per_page: '50', page: '1' },
    url: 'http://192.168.1.20:8080/shop/wp-json/wc/v3/orders',
    timestamp: 1764547200,
    nonce: 'c9f0f895fb98ab9159f51fd0297e236d',
    baseString:
      'GET&http%3A%2F%2F192.168.1.20%3A8080%2Fshop%2Fwp-json%2Fwc%2Fv3%2Forders&dates_are_gmt%3Dtrue%26modified_after%3D2026-11-30T23%253A59%253A59%26oauth_consumer_key%3Dck_0123456789abcdef0123456789abcdef01234567%26oauth_nonce%3Dc9f0f895fb98ab9159f51fd0297e236d%26oauth_signature_method%3DHMAC-SHA256%26oauth_timestamp%3D1764547200%26order%3Dasc%26orderby%3Dmodified%26page%3D1%26per_page%3D50',
    signature: 'U4hAT0YE947Y/vRwtatYzQFNIFrSgA1f6VwXVHTMVLA=',
  },
];

describe("WooCommerce's OAuth 1.0a signature", () => {
  it.each(PHP_VECTORS)('signs $url as WooCommerce checks it', (vector) => {
    const url = new URL(vector.url);
    url.search = new URLSearchParams(vector.query).toString();
    const signed = signUrl('GET', url, { consumerKey: KEY, consumerSecret: SECRET, timestamp: vector.timestamp, nonce: vector.nonce });
    expect(signatureBaseString('get', signed, [...signed.searchParams])).toBe(vector.baseString);
    expect(signed.searchParams.get('oauth_signature')).toBe(vector.signature);
    // The query the store reads: the hub's own parameters first, unchanged, then the OAuth ones.
    expect([...signed.searchParams.keys()]).toEqual([
      ...Object.keys(vector.query),
      'oauth_consumer_key',
      'oauth_timestamp',
      'oauth_nonce',
      'oauth_signature_method',
      'oauth_signature',
    ]);
    expect(signed.search).toContain(`&oauth_signature=${encodeURIComponent(vector.signature)}`);
  });

  it('sorts raw names in byte order and encodes as PHP rawurlencode does (HMAC-SHA1, a value PHP decodes from the query)', () => {
    const url = new URL(
      'http://shop.example/wp-json/wc/v3/orders?search=a+b%2Bc%7Ed*e%21f%27%28g%29+%C3%A9&Zeta=1&alpha=2&oauth_consumer_key=ck_key&oauth_timestamp=1764000001&oauth_nonce=nonce1&oauth_signature_method=HMAC-SHA1&oauth_signature=ignored',
    );
    const baseString = signatureBaseString('GET', url, [...url.searchParams]);
    expect(baseString).toBe(
      'GET&http%3A%2F%2Fshop.example%2Fwp-json%2Fwc%2Fv3%2Forders&Zeta%3D1%26alpha%3D2%26oauth_consumer_key%3Dck_key%26oauth_nonce%3Dnonce1%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1764000001%26search%3Da%2520b%252Bc~d%252Ae%2521f%2527%2528g%2529%2520%25C3%25A9',
    );
    expect(oauthSignature(baseString, 'cs_secret', 'HMAC-SHA1')).toBe('OYhfxnDNdlW2XzGyfpF4d4sJcwA=');
  });

  it("encodes like PHP's rawurlencode and makes 32-character nonces that differ", () => {
    expect(rawUrlEncode("a b+c~d*e!f'(g)/é")).toBe('a%20b%2Bc~d%2Ae%21f%27%28g%29%2F%C3%A9');
    expect(newNonce()).toMatch(/^[0-9a-f]{32}$/);
    expect(newNonce()).not.toBe(newNonce());
  });
});
