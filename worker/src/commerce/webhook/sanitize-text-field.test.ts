import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sanitizeTextField } from './sanitize-text-field';

const CASES = [
  `Ab&c<d>e"f'g<h&i%41j`,
  'generated secret ending in a space ',
  '  leading\tand\n\ninner   runs  ',
  'a<b c>d',
  'x < y > z',
  'one<two<three>four',
  `<script>alert(1)</script>kept<style>p{}</style>`,
  `tag with <a title=">">quoted</a> end`,
  '%41%4a%zz%4',
  '100% sure %20 ',
  '%2%41541',
  '>Zx3RbX)87dswyS/X|JkJVB|~<x`s-7:5NLAM0N;!s1}F!BO##',
  'a&amp;b&lt;c',
  '<\nb',
];

/** The WordPress tree the stack unpacks (scripts/wordpress-cache.sh), when this checkout has one. */
function wordpressIncludes(): string | null {
  const cache = process.env.SVC_STACK_CACHE ?? join(resolve(__dirname, '../../../..'), '.stack/cache');
  const includes = join(cache, 'wordpress/wp-includes');
  return existsSync(join(includes, 'formatting.php')) ? includes : null;
}

function wordpressSanitize(includes: string, inputs: string[]): string[] {
  const script = [
    'define("ABSPATH", "/");',
    'foreach (["plugin", "utf8", "formatting", "kses"] as $file) { require $argv[1] . "/$file.php"; }',
    'function get_option($name) { return "UTF-8"; }',
    'function is_utf8_charset($charset = null) { return true; }',
    'function _canonical_charset($charset) { return "UTF-8"; }',
    'echo json_encode(array_map("sanitize_text_field", json_decode(stream_get_contents(STDIN), true)));',
  ].join('\n');
  const php = spawnSync('php', ['-r', script, includes], { input: JSON.stringify(inputs), encoding: 'utf8' });
  if (php.status !== 0) throw new Error(php.stderr);
  return JSON.parse(php.stdout) as string[];
}

describe('sanitize_text_field (how WooCommerce stores a webhook secret)', () => {
  it("turns the facts' typed secret into the stored form", () => {
    expect(sanitizeTextField(`Ab&c<d>e"f'g<h&i%41j`)).toBe(`Ab&ce"f'g&lt;h&amp;ij`);
  });

  it('trims a trailing space and collapses whitespace runs', () => {
    expect(sanitizeTextField('secret ending in a space ')).toBe('secret ending in a space');
    expect(sanitizeTextField('  a\t\tb\n c  ')).toBe('a b c');
  });

  it('is stable: a re-save of the stored, decoded form changes nothing more', () => {
    expect(sanitizeTextField(`Ab&ce"f'g<h&ij`)).toBe(`Ab&ce"f'g&lt;h&amp;ij`);
  });

  const includes = wordpressIncludes();
  (includes ? it : it.skip)('agrees with WordPress’s own sanitize_text_field on every case (the stack’s WordPress tree)', () => {
    expect(CASES.map(sanitizeTextField)).toEqual(wordpressSanitize(includes!, CASES));
  });
});
