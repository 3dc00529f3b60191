import { createHash } from 'node:crypto';
import { canonicalJson, hashJson, hexToIntegrity, integrity, integrityToHex } from './canonical-json';
import { itemHash } from './item-hash';

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}');
  });

  it('gives the same text for the same data in any key order', () => {
    expect(canonicalJson({ title: 'Sale', tags: ['a', 'b'], width: 1080 })).toBe(
      canonicalJson({ width: 1080, tags: ['a', 'b'], title: 'Sale' }),
    );
  });

  it('keeps array order, which is meaningful', () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  it('sorts keys by UTF-16 code units and escapes strings as JSON does', () => {
    expect(canonicalJson({ é: 1, z: 2, A: 3, '\u{1F600}': 4 })).toBe('{"A":3,"z":2,"é":1,"\u{1F600}":4}');
    expect(canonicalJson('line\n"quote"')).toBe('"line\\n\\"quote\\""');
  });

  it('writes numbers as ECMAScript does (1.0 is 1, exponent forms normalised)', () => {
    expect(canonicalJson([1.0, 0.5, 1e21, -0])).toBe('[1,0.5,1e+21,0]');
  });

  it('leaves out undefined properties and refuses what JSON cannot hold', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson({ a: Infinity })).toThrow(TypeError);
    expect(() => canonicalJson({ a: new Date(0) })).toThrow(TypeError);
    expect(() => canonicalJson([() => 1])).toThrow(TypeError);
  });
});

describe('integrity strings', () => {
  it('are sha256-<base64> of the bytes', () => {
    const expected = createHash('sha256').update('abc').digest('base64');
    expect(integrity('abc')).toBe(`sha256-${expected}`);
    expect(integrity('abc')).toBe('sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=');
  });

  it('convert to and from hex', () => {
    const value = integrity('abc');
    const hex = integrityToHex(value)!;
    expect(hex).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hexToIntegrity(hex)).toBe(value);
    expect(integrityToHex('sha256-short')).toBeNull();
    expect(integrityToHex('md5-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=')).toBeNull();
  });

  it('hash canonical JSON, so key order does not change a hash', () => {
    expect(hashJson({ a: 1, b: 2 })).toBe(hashJson({ b: 2, a: 1 }));
    expect(hashJson({ a: 1, b: 2 })).toBe(integrity('{"a":1,"b":2}'));
  });
});

describe('itemHash', () => {
  const template = {
    slug: 'spring-sale',
    title: 'Spring sale',
    category: 'banner',
    type: 'x-post',
    tags: ['sale'],
    width: 1600,
    height: 900,
    format: 'png',
    definition: { layers: [] },
  };
  const files = { 'preview.svg': integrity('<svg/>') };

  it('covers the content fields and the file hashes, not id, version, dates or URLs', () => {
    const base = itemHash('template', template, files);
    expect(itemHash('template', { ...template, id: 'tpl_X', version: 9, updated_at: 'now', preview_url: 'x' }, files)).toBe(base);
    expect(itemHash('template', { ...template, title: 'Spring Sale' }, files)).not.toBe(base);
    expect(itemHash('template', template, { 'preview.svg': integrity('<svg></svg>') })).not.toBe(base);
    expect(itemHash('template', { ...template, definition: { layers: [{ id: 'a' }] } }, files)).not.toBe(base);
  });

  it('is the documented formula', () => {
    expect(itemHash('sample', { slug: 's', type: 'texts', title: 'T', tags: [], data: { text: 'hi' } }, {})).toBe(
      integrity('{"data":{"text":"hi"},"files":{},"slug":"s","tags":[],"title":"T","type":"texts"}'),
    );
  });
});
