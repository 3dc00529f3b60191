import { integrity } from '../canonical-json';
import { itemHash } from '../item-hash';
import { buildManifest } from '../manifest';
import { sanitiseSvg } from '../svg-sanitiser';
import { checkFile, checkItem, checkManifest, checkSvg, itemFiles } from './verify';

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
const fields = { slug: 'hello', type: 'photos', title: 'Hello', tags: ['a'], data: { alt: 'A picture' } };
const files = { 'image.svg': { hash: integrity(SVG), length: SVG.length, media_type: 'image/svg+xml', url: 'https://hub.example/x.svg' } };
const hash = itemHash('sample', fields, { 'image.svg': integrity(SVG) });
const item = {
  id: 'smp_01JAAAAAAAAAAAAAAAAAAAAAAA',
  ...fields,
  image_url: files['image.svg'].url,
  files,
  version: 3,
  hash,
  updated_at: '2026-01-01T00:00:00.000Z',
};
const entry = { id: item.id, slug: 'hello', type: 'photos', hash, version: 3, updated_at: item.updated_at };

describe('checkManifest', () => {
  const manifest = buildManifest(7, new Date(0), { templates: [], samples: [entry], assets: [] });

  it('accepts a manifest that matches its own hash', () => {
    expect(checkManifest(JSON.parse(JSON.stringify(manifest)))).toBeNull();
  });

  it('refuses a manifest whose content was changed without its hash', () => {
    expect(checkManifest({ ...manifest, version: 6 })).toBe('the manifest does not match its own hash');
    expect(checkManifest({ ...manifest, items: { ...manifest.items, samples: [{ ...entry, hash: integrity('x') }] } })).toBe(
      'the manifest does not match its own hash',
    );
  });

  it('refuses malformed manifests and entries that could name a path', () => {
    expect(checkManifest(null)).toBe('the manifest has no valid version');
    expect(checkManifest({ ...manifest, hash: 'md5-x' })).toBe('the manifest has no valid hash');
    expect(checkManifest({ ...manifest, items: { ...manifest.items, samples: [{ ...entry, id: '../../etc/passwd' }] } })).toBe(
      'the manifest lists malformed items',
    );
    expect(checkManifest({ ...manifest, items: { ...manifest.items, samples: [{ ...entry, type: '../x' }] } })).toBe(
      'the manifest lists malformed items',
    );
  });
});

describe('checkItem and checkFile', () => {
  const listed = itemFiles('sample', item) as Exclude<ReturnType<typeof itemFiles>, string>;

  it('accept an item whose content, files and hash agree with the manifest', () => {
    expect(listed).toEqual([
      {
        name: 'image.svg',
        hash: integrity(SVG),
        hex: expect.stringMatching(/^[0-9a-f]{64}$/),
        length: SVG.length,
        url: 'https://hub.example/x.svg',
      },
    ]);
    expect(checkItem('sample', item, entry, listed)).toBeNull();
    expect(checkFile(listed[0]!, SVG)).toBeNull();
  });

  it('refuse a tampered item, even one that kept its hash field', () => {
    expect(checkItem('sample', { ...item, title: 'Tampered' }, entry, listed)).toMatch(/^its content does not match its hash/);
    expect(checkItem('sample', { ...item, data: { alt: 'x' } }, entry, listed)).toMatch(/^its content does not match its hash/);
    expect(checkItem('sample', { ...item, hash: integrity('x') }, entry, listed)).toMatch(/is not the manifest's/);
    expect(checkItem('sample', { ...item, id: 'smp_01JBBBBBBBBBBBBBBBBBBBBBBB' }, entry, listed)).toMatch(/^the answer is for/);
  });

  it('refuse a swapped file', () => {
    const swapped = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>');
    expect(checkFile(listed[0]!, swapped)).toMatch(/bytes, not/);
    expect(checkFile({ ...listed[0]!, length: swapped.length }, swapped)).toMatch(/does not match its hash/);
    const relisted = itemFiles('sample', {
      ...item,
      files: { 'image.svg': { ...files['image.svg'], hash: integrity(swapped) } },
    }) as Exclude<ReturnType<typeof itemFiles>, string>;
    expect(checkItem('sample', item, entry, relisted)).toMatch(/^its content does not match its hash/);
  });

  it('refuse files with other names or malformed entries', () => {
    expect(itemFiles('sample', { files: { '../evil.svg': files['image.svg'] } })).toMatch(/malformed file/);
    expect(itemFiles('template', { files: { 'image.svg': files['image.svg'] } })).toMatch(/malformed file/);
    expect(itemFiles('sample', { files: [] })).toBe('the item has no files map');
  });
});

describe('checkSvg (a fetched file as an import would store it)', () => {
  it('accepts a file the sanitiser leaves as it is', () => {
    const clean = sanitiseSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#fff"/></svg>',
    ).svg;
    expect(checkSvg('image.svg', Buffer.from(clean))).toBeNull();
    expect(checkSvg('image.svg', SVG)).toBeNull();
  });

  it.each([
    ['a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'script'],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'event handler'],
    [
      'an external reference',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="https://evil.example/x.png"/></svg>',
      'external reference',
    ],
  ])('refuses %s, naming what an import would remove', (_name, text, removed) => {
    expect(checkSvg('image.svg', Buffer.from(text))).toMatch(
      new RegExp(`^file image.svg is not sanitised SVG \\(an import would remove: .*${removed}`),
    );
  });

  it('refuses a file that is not SVG or not UTF-8', () => {
    expect(checkSvg('image.svg', Buffer.from('<html><script>x</script></html>'))).toMatch(/^file image.svg is not acceptable SVG/);
    expect(checkSvg('image.svg', Buffer.from([0x3c, 0xff, 0x3e]))).toBe('file image.svg is not UTF-8 text');
  });
});
