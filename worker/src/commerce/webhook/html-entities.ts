import { HTML401_ENTITIES } from './html401-entities';

/**
 * The two ways WooCommerce has turned a webhook secret into the HMAC key, ported exactly so
 * a secret with `&`, `<`, `>` or quotes verifies: PHP's html_entity_decode() and
 * WordPress's wp_specialchars_decode( $secret, ENT_QUOTES ) (what class-wc-webhook.php calls
 * since WooCommerce 3.5.5).
 */

/**
 * Code points a numeric reference may stand for under ENT_HTML401 (php-src
 * unicode_cp_is_allowed): no C0 controls but tab, LF and CR, no DEL or C1 controls, no
 * surrogates (noncharacters are allowed; HTML5 would refuse them).
 */
function allowedInHtml401(codePoint: number): boolean {
  return (
    (codePoint >= 0x20 && codePoint <= 0x7e) ||
    codePoint === 0x09 ||
    codePoint === 0x0a ||
    codePoint === 0x0d ||
    (codePoint >= 0xa0 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0x10ffff)
  );
}

// A reference must end with ";". Hex digits go through strtol(…, 16), which also takes a "0x" prefix.
const REFERENCE = /&(?:#[xX](?:0[xX](?=[0-9a-fA-F]))?([0-9a-fA-F]+)|#([0-9]+)|([A-Za-z0-9]+));/g;

/**
 * PHP's `html_entity_decode($text)` with its default flags (ENT_QUOTES | ENT_SUBSTITUTE |
 * ENT_HTML401, UTF-8): the HTML 4.01 named references and numeric references to allowed
 * code points are decoded, in one pass; anything else is left exactly as written.
 */
export function htmlEntityDecode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (reference, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    const codePoint = name !== undefined ? HTML401_ENTITIES.get(name) : parseInt((hex ?? decimal)!, hex !== undefined ? 16 : 10);
    if (codePoint === undefined || !(codePoint <= 0x10ffff) || !allowedInHtml401(codePoint)) return reference;
    return String.fromCodePoint(codePoint);
  });
}

// wp_specialchars_decode(): zero-padded numeric forms are first rewritten to one spelling…
const PADDED: [RegExp, string][] = [
  [/&#0*39;/g, '&#039;'],
  [/&#x0*27;/gi, '&#x27;'],
  [/&#0*34;/g, '&#034;'],
  [/&#x0*22;/gi, '&#x22;'],
  [/&#0*60;/g, '&#060;'],
  [/&#0*62;/g, '&#062;'],
  [/&#0*38;/g, '&#038;'],
  [/&#x0*26;/gi, '&#x26;'],
];

// …then strtr() replaces these, longest match first, in one pass.
const SPECIAL: Record<string, string> = {
  '&#039;': "'",
  '&#x27;': "'",
  '&quot;': '"',
  '&#034;': '"',
  '&#x22;': '"',
  '&lt;': '<',
  '&#060;': '<',
  '&gt;': '>',
  '&#062;': '>',
  '&amp;': '&',
  '&#038;': '&',
  '&#x26;': '&',
};
const SPECIAL_PATTERN = new RegExp(Object.keys(SPECIAL).join('|'), 'g');

/**
 * WordPress's `wp_specialchars_decode( $text, ENT_QUOTES )`: only `&amp; &lt; &gt; &quot;`
 * and the numeric forms of `& < > " '` (decimal with any zero padding, hex for `& " '`).
 */
export function wpSpecialcharsDecode(text: string): string {
  if (!text.includes('&')) return text;
  const normalised = PADDED.reduce((current, [pattern, spelling]) => current.replace(pattern, spelling), text);
  return normalised.replace(SPECIAL_PATTERN, (reference) => SPECIAL[reference]!);
}
