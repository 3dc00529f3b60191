/**
 * WordPress's `sanitize_text_field()` (wp-includes/formatting.php, `_sanitize_text_fields`
 * without newlines kept), ported for one purpose: WooCommerce's webhook form runs the secret
 * through it before storing it, so the key a store signs with after a save of that form is
 * this function's result, HTML-decoded (docs/external/woocommerce.md, "Observed on a real store").
 * Invalid UTF-8 cannot occur in a JavaScript string, so `wp_check_invalid_utf8` is a no-op.
 */

/** `esc_html()` without double encoding: `&` that starts no valid reference, `< > " '`. */
function escapeHtml(text: string): string {
  return text
    .replace(/&(?!(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#[xX][0-9a-fA-F]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/** `wp_pre_kses_less_than()`: a `<` that opens no tag (no `>` before the next `<` or the end) is escaped. */
function escapeLoneLessThan(text: string): string {
  return text.replace(/<[^>]*?(?:(?=<)|>|$)/g, (match) => (match.includes('>') ? match : escapeHtml(match)));
}

/**
 * PHP's `strip_tags()` for what is left after escapeLoneLessThan: a `<` followed by a letter,
 * `/`, `!` or `?` opens a tag that runs to its `>` (a `>` inside quotes does not end it); a `<`
 * followed by whitespace is text.
 */
function stripTags(text: string): string {
  let output = '';
  let index = 0;
  while (index < text.length) {
    const character = text[index]!;
    if (character !== '<' || /\s/.test(text[index + 1] ?? ' ')) {
      output += character;
      index += 1;
      continue;
    }
    let quote: string | null = null;
    index += 1;
    while (index < text.length) {
      const inside = text[index]!;
      index += 1;
      if (quote !== null) {
        if (inside === quote) quote = null;
      } else if (inside === '"' || inside === "'") {
        quote = inside;
      } else if (inside === '>') {
        break;
      }
    }
  }
  return output;
}

/** `wp_strip_all_tags( $text )`: script and style elements with their content, then every tag; trimmed. */
function stripAllTags(text: string): string {
  return stripTags(text.replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '')).trim();
}

// eslint-disable-next-line no-control-regex -- PHP trim()'s own list: NUL and vertical tab on purpose.
const PHP_TRIM = /^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g;

export function sanitizeTextField(text: string): string {
  let filtered = text;
  if (filtered.includes('<')) {
    filtered = stripAllTags(escapeLoneLessThan(filtered)).replace(/<\n/g, '&lt;\n');
  }
  filtered = filtered.replace(/[\r\n\t ]+/g, ' ').replace(PHP_TRIM, '');
  let found = false;
  for (let match = /%[a-f0-9]{2}/i.exec(filtered); match !== null; match = /%[a-f0-9]{2}/i.exec(filtered)) {
    filtered = filtered.split(match[0]).join('');
    found = true;
  }
  if (found) filtered = filtered.replace(/ +/g, ' ').replace(PHP_TRIM, '');
  return filtered;
}
