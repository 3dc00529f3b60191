import { spawnSync } from 'node:child_process';
import { signingKeys, verifyWooSignature, wooSignature } from './woo-signature';

const BODY = Buffer.from('{"id":4711,"status":"processing","currency":"EUR","total":"49.00"}');

/** base64(HMAC-SHA256(body, html_entity_decode(secret))) computed by the PHP CLI, as WooCommerce does. */
function phpSignature(body: Buffer, secret: string): string {
  const php = spawnSync(
    'php',
    [
      '-r',
      '$in = json_decode(stream_get_contents(STDIN), true); echo base64_encode(hash_hmac("sha256", base64_decode($in[0]), html_entity_decode($in[1]), true));',
    ],
    { input: JSON.stringify([body.toString('base64'), secret]), encoding: 'utf8' },
  );
  if (php.status !== 0) throw new Error(php.stderr);
  return php.stdout;
}

describe('WooCommerce webhook signature', () => {
  it.each([
    ['plain', 'wc_secret_0123456789'],
    ['every special character', `a&b<c>d"e'f!@#$%^*()-_ []{}~\`+=,.;:/?|`],
    ['a 50-character generated secret', '>Zx3RbX)87dswyS/X|JkJVB|~<x`s-7:5NLAM0N;!s1}F!BO##'],
    ['entity-encoded special characters', 'a&amp;b&lt;c&gt;d&quot;e&#039;f'],
  ])('accepts what WooCommerce (PHP) signs with a %s secret', (_label, secret) => {
    const header = phpSignature(BODY, secret);
    expect(verifyWooSignature(BODY, header, signingKeys(secret))).toBe(true);
  });

  it('decodes the secret the way WooCommerce does: an entity-encoded secret signs like its decoded form', () => {
    const decoded = `a&b<c>d"e'f`;
    const header = wooSignature(BODY, decoded);
    expect(verifyWooSignature(BODY, header, signingKeys('a&amp;b&lt;c&gt;d&quot;e&#039;f'))).toBe(true);
    expect(verifyWooSignature(BODY, header, signingKeys(decoded))).toBe(true);
    expect(verifyWooSignature(BODY, wooSignature(BODY, 'a&amp;b'), signingKeys('a&amp;b'))).toBe(false);
  });

  it('tries both decodings only when they differ (wp_specialchars_decode leaves &eacute; alone, html_entity_decode does not)', () => {
    expect(signingKeys('plain&amp;')).toHaveLength(1);
    const keys = signingKeys('caf&eacute;');
    expect(keys.map((key) => key.toString('utf8'))).toEqual(['caf&eacute;', 'café']);
    expect(verifyWooSignature(BODY, wooSignature(BODY, 'caf&eacute;'), keys)).toBe(true);
    expect(verifyWooSignature(BODY, wooSignature(BODY, 'café'), keys)).toBe(true);
  });

  it('refuses another secret, a body changed after signing, and headers that are not a base64 digest', () => {
    const keys = signingKeys('right secret');
    const header = wooSignature(BODY, 'right secret');
    expect(verifyWooSignature(BODY, wooSignature(BODY, 'other secret'), keys)).toBe(false);
    expect(verifyWooSignature(Buffer.from(BODY.toString().replace('49.00', '0.01')), header, keys)).toBe(false);
    expect(verifyWooSignature(Buffer.concat([BODY, Buffer.from(' ')]), header, keys)).toBe(false);
    for (const bad of ['', header.slice(0, -1), `${header} `, Buffer.from(header, 'base64').toString('hex'), `sha256=${header}`]) {
      expect(verifyWooSignature(BODY, bad, keys)).toBe(false);
    }
  });

  it("accepts the key WooCommerce's admin form makes of a typed secret (facts: Ab&c<d>e\"f'g<h&i%41j → Ab&ce\"f'g<h&ij)", () => {
    const typed = `Ab&c<d>e"f'g<h&i%41j`;
    const storedKey = `Ab&ce"f'g<h&ij`;
    expect(verifyWooSignature(BODY, wooSignature(BODY, storedKey), signingKeys(typed))).toBe(true);
    expect(verifyWooSignature(BODY, wooSignature(BODY, typed), signingKeys(typed))).toBe(true);
    // The field shows the decoded key after saving; entered as shown, it verifies too.
    expect(verifyWooSignature(BODY, wooSignature(BODY, storedKey), signingKeys(storedKey))).toBe(true);
  });

  it('accepts a generated secret ending in a space both as first saved and as a later re-save trimmed it', () => {
    const generated = 'k3y&with>special<"chars\'and a trailing space ';
    const keys = signingKeys(generated);
    expect(verifyWooSignature(BODY, wooSignature(BODY, generated), keys)).toBe(true);
    expect(verifyWooSignature(BODY, wooSignature(BODY, generated.trimEnd()), keys)).toBe(true);
    expect(verifyWooSignature(BODY, wooSignature(BODY, generated.trim().slice(0, -1)), keys)).toBe(false);
  });

  it('keeps the number of keys small and never adds an empty one', () => {
    expect(signingKeys('   ').map(String)).toEqual(['   ']);
    expect(signingKeys(`Ab&c<d>e"f'g<h&i%41j`).length).toBeLessThanOrEqual(6);
  });
});
