import { spawnSync } from 'node:child_process';
import { htmlEntityDecode, wpSpecialcharsDecode } from './html-entities';

// [input, wp_specialchars_decode(input, ENT_QUOTES), html_entity_decode(input)] as PHP 8.2 and
// WordPress 6.1 answer them.
const VECTORS: [string, string, string][] = [
  ['plain', 'plain', 'plain'],
  ['a&b', 'a&b', 'a&b'],
  ['&amp;', '&', '&'],
  ['&amp;amp;', '&amp;', '&amp;'],
  ['&lt;&gt;&quot;&#039;&apos;', '<>"\'&apos;', '<>"\'&apos;'],
  ['&#39;&#x27;&#X27;&#x027;&#0000039;', "'''''", "'''''"],
  ['&#34;&#x22;&#X0022;', '"""', '"""'],
  ['&#60;&#x3c;&#x3C;&#062;&#x3e;', '<&#x3c;&#x3C;>&#x3e;', '<<<>>'],
  ['&#38;&#x26;&#X026;&#0038;', '&&&&', '&&&&'],
  ['&eacute;&Eacute;&EACUTE;&nbsp;&euro;&lang;', '&eacute;&Eacute;&EACUTE;&nbsp;&euro;&lang;', 'éÉ&EACUTE;\u00a0€\u2329'],
  [
    '&#65;&#x41;&#x0x41;&#x0x;&#0;&#9;&#127;&#128;&#160;&#xD800;',
    '&#65;&#x41;&#x0x41;&#x0x;&#0;&#9;&#127;&#128;&#160;&#xD800;',
    'AAA&#x0x;&#0;\t&#127;&#128;\u00a0&#xD800;',
  ],
  ['&#xFFFE;&#x10FFFF;&#x110000;', '&#xFFFE;&#x10FFFF;&#x110000;', '\ufffe\u{10ffff}&#x110000;'],
  ['&#;&#x;&;&amp&lt &#65 &amp ;', '&#;&#x;&;&amp&lt &#65 &amp ;', '&#;&#x;&;&amp&lt &#65 &amp ;'],
  ['&&amp;&&lt;', '&&&<', '&&&<'],
  ['&AMP;&LT;', '&AMP;&LT;', '&AMP;&LT;'],
  ['&#x26;lt;', '&lt;', '&lt;'],
  ['&amp;#39;', '&#39;', '&#39;'],
];

describe('wpSpecialcharsDecode (WordPress wp_specialchars_decode, ENT_QUOTES)', () => {
  it.each(VECTORS)('%j', (input, expected) => {
    expect(wpSpecialcharsDecode(input)).toBe(expected);
  });
});

describe('htmlEntityDecode (PHP html_entity_decode, default flags)', () => {
  it.each(VECTORS)('%j', (input, _wordpress, expected) => {
    expect(htmlEntityDecode(input)).toBe(expected);
  });

  it("agrees with the PHP CLI's own html_entity_decode on 2,000 generated strings", () => {
    const parts = [
      '&',
      '#',
      'x',
      'X',
      ';',
      '0',
      '3',
      '9',
      'a',
      'F',
      'amp',
      'lt',
      'gt',
      'quot',
      'apos',
      'eacute',
      'not',
      'notin',
      '#39',
      '#x27',
      '#128',
      '#xD800',
      '#1114111',
      '#x110000',
      '#00060',
      ' ',
      'é',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const samples = Array.from({ length: 2000 }, () =>
      Array.from({ length: 1 + (next() % 12) }, () => parts[next() % parts.length]).join(''),
    );
    const php = spawnSync(
      'php',
      ['-r', 'echo json_encode(array_map("html_entity_decode", json_decode(stream_get_contents(STDIN))), JSON_UNESCAPED_UNICODE);'],
      {
        input: JSON.stringify(samples),
        encoding: 'utf8',
      },
    );
    expect(php.status).toBe(0);
    const expected = JSON.parse(php.stdout) as string[];
    const mismatches = samples.filter((sample, index) => htmlEntityDecode(sample) !== expected[index]);
    expect(mismatches).toEqual([]);
  });
});
