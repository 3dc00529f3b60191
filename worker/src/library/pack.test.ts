import { ApiError } from '../support/api-error';
import { integrity } from './canonical-json';
import { itemHash } from './item-hash';
import { parsePack } from './pack';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#ff7a59"/></svg>';

function template(overrides: Record<string, unknown> = {}) {
  return {
    slug: 'spring-sale',
    title: 'Spring sale',
    category: 'banner',
    type: 'x-post',
    tags: ['sale'],
    width: 1600,
    height: 900,
    format: 'png',
    preview: 'previews/spring-sale.svg',
    definition: {
      schema: 1,
      background: '#FFFFFF',
      layers: [
        {
          id: 'title',
          type: 'text',
          x: 10,
          y: 10,
          width: 500,
          height: 100,
          text: 'Sale',
          style: { font_family: 'Inter', font_size: 80, color: '#111111', align: 'left' },
          shadow: 'ignored',
        },
        { id: 'photo', type: 'image', x: 0, y: 0, width: 100, height: 100, src: 'sample:photos/mountain-lake', fit: 'cover' },
        {
          id: 'badge',
          type: 'shape',
          shape: 'polygon',
          x: 0,
          y: 0,
          width: 10,
          height: 10,
          points: [
            [0.5, 0],
            [1, 1],
            [0, 1],
          ],
          style: {
            fill: {
              gradient: {
                angle: 90,
                stops: [
                  { offset: 0, color: '#fff' },
                  { offset: 1, color: '#000' },
                ],
              },
            },
          },
        },
      ],
    },
    ...overrides,
  };
}

const pack = (extra: Record<string, unknown> = {}) => ({
  format: 'svc-hub-library-pack',
  format_version: 1,
  templates: [template()],
  samples: [{ slug: 'hello', type: 'texts', title: 'Hello', data: { role: 'headline', text: 'Hello' } }],
  files: { 'previews/spring-sale.svg': SVG },
  ...extra,
});

function problems(body: unknown): Record<string, string> {
  try {
    parsePack(body);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).data.params as Record<string, string>;
  }
  throw new Error('expected the pack to be refused');
}

describe('parsePack', () => {
  it('parses a valid pack into items with their hashes and sanitised files', () => {
    const parsed = parsePack(pack());
    expect(parsed.items.map((item) => [item.kind, item.slug, item.status])).toEqual([
      ['template', 'spring-sale', 'active'],
      ['sample', 'hello', 'active'],
    ]);
    const [first] = parsed.items;
    expect(first!.files).toEqual([
      expect.objectContaining({
        name: 'preview.svg',
        hash: integrity(SVG),
        length: SVG.length,
        mediaType: 'image/svg+xml',
        staticPath: null,
      }),
    ]);
    expect(first!.hash).toBe(itemHash('template', first!.fields, { 'preview.svg': integrity(SVG) }));
  });

  it('keeps documented definition fields only, and lower-cases colours', () => {
    const definition = parsePack(pack()).items[0]!.fields.definition as { background: string; layers: Record<string, unknown>[] };
    expect(definition.background).toBe('#ffffff');
    expect(definition.layers[0]).not.toHaveProperty('shadow');
  });

  it('stores sanitised SVG and reports what it removed', () => {
    const hostile =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><use href="https://evil.example/x.svg#a"/></svg>';
    const parsed = parsePack(pack({ files: { 'previews/spring-sale.svg': hostile } }));
    const content = parsed.items[0]!.files[0]!.content.toString('utf8');
    expect(content).toBe('<svg xmlns="http://www.w3.org/2000/svg"><use/></svg>');
    expect(parsed.sanitised).toEqual([
      { path: 'previews/spring-sale.svg', removed: expect.arrayContaining(['<script> element', 'onload on <svg> (event handler)']) },
    ]);
  });

  it('refuses an unknown format or version', () => {
    expect(Object.keys(problems({ ...pack(), format: 'zip', format_version: 2 }))).toEqual(['format', 'format_version']);
    expect(Object.keys(problems([]))).toContain('pack');
  });

  it('names every bad field with its path', () => {
    const bad = template({ slug: 'Bad Slug', category: 'memes', type: 'x-post', width: 1080, format: 'gif', tags: ['OK'] });
    const found = problems(pack({ templates: [bad] }));
    expect(found).toMatchObject({
      'templates[0].slug': expect.any(String),
      'templates[0].category': expect.stringContaining('social-post'),
      'templates[0].width': 'type x-post is 1600×900; use type "custom" for other sizes',
      'templates[0].format': 'must be one of png, jpeg, webp, svg',
      'templates[0].tags[0]': expect.any(String),
    });
  });

  it('checks layers deeply', () => {
    const layers = [
      { id: 'a', type: 'text', x: 0, y: 0, width: 1, height: 1, text: 'x', style: { font_family: 'Inter', font_size: 0, color: 'red' } },
      { id: 'a', type: 'image', x: 0, y: 0, width: 1, height: 1, src: 'https://evil.example/x.png' },
      {
        id: 'c',
        type: 'shape',
        shape: 'path',
        x: 0,
        y: 0,
        width: 1,
        height: 1,
        path: { d: 'M0 0<script>', view_box: '0 0 1 1' },
        style: {},
      },
      { id: 'd', type: 'video', x: 0, y: 0, width: 1, height: 1 },
    ];
    const found = problems(pack({ templates: [template({ definition: { schema: 1, background: '#fff', layers } })] }));
    expect(Object.keys(found).sort()).toEqual([
      'templates[0].definition.layers',
      'templates[0].definition.layers[0].style.color',
      'templates[0].definition.layers[0].style.font_size',
      'templates[0].definition.layers[1].src',
      'templates[0].definition.layers[2].path.d',
      'templates[0].definition.layers[3].type',
    ]);
  });

  it('refuses missing, unused, misnamed and malformed files', () => {
    expect(problems(pack({ files: {} }))).toEqual({
      'templates[0].preview': 'names "previews/spring-sale.svg", which is not in the pack\'s files',
    });
    expect(Object.keys(problems(pack({ files: { 'previews/spring-sale.svg': SVG, 'extra.svg': SVG } })))).toEqual(['files["extra.svg"]']);
    expect(
      Object.keys(problems(pack({ templates: [template({ preview: '../../wp-config.php' })], files: { '../../wp-config.php': SVG } }))),
    ).toEqual(expect.arrayContaining(['files["../../wp-config.php"]', 'templates[0].preview']));
    expect(problems(pack({ files: { 'previews/spring-sale.svg': '<html/>' } }))).toEqual({
      'files["previews/spring-sale.svg"]': 'the root element is <html>, not <svg>',
    });
  });

  it('refuses duplicate slugs, an image on a type without one, and an empty pack', () => {
    expect(Object.keys(problems(pack({ templates: [template(), template()] })))).toEqual(['templates[1].slug']);
    const withImage = { slug: 'x', type: 'texts', title: 'X', data: { role: 'body', text: 'x' }, image: 'previews/spring-sale.svg' };
    expect(Object.keys(problems(pack({ samples: [withImage] })))).toContain('samples[0].image');
    expect(problems({ format: 'svc-hub-library-pack', format_version: 1 })).toEqual({ pack: 'holds no templates, samples or assets' });
  });

  it("validates each sample and asset type's data", () => {
    const samples = [
      { slug: 'p', type: 'palettes', title: 'P', data: { colors: ['#fff'] } },
      { slug: 'q', type: 'videos', title: 'Q', data: {} },
    ];
    const assets = [
      {
        slug: 'f',
        type: 'fonts',
        title: 'F',
        data: { family: 'Inter', category: 'sans-serif', weights: [450], styles: ['normal'], fallback: 'Arial; }', provider: 'cdn' },
      },
    ];
    expect(Object.keys(problems(pack({ samples, assets }))).sort()).toEqual([
      'assets[0].data.fallback',
      'assets[0].data.provider',
      'assets[0].data.weights[0]',
      'samples[0].data.colors',
      'samples[1].type',
    ]);
  });
});

describe('parsePack on hostile packs (bounded problems)', () => {
  const refusal = (body: unknown): ApiError => {
    try {
      parsePack(body);
    } catch (error) {
      return error as ApiError;
    }
    throw new Error('expected svc_invalid_request');
  };

  it('names the first 10 of many bad templates and counts the rest', () => {
    const error = refusal(pack({ templates: Array.from({ length: 50 }, (_, index) => template({ slug: `Bad Slug ${index}` })) }));
    expect(Object.keys(error.data.params as object)).toHaveLength(10);
    expect(error.data.params_omitted).toBe(40);
    expect(error.message).toMatch(/ and 40 more\.$/);
  });

  it('refuses more files than a pack can use as one problem, without naming each', () => {
    const files: Record<string, string> = { 'previews/spring-sale.svg': SVG };
    for (let index = 0; index < 10_000; index += 1) files[`Bad ${index}.png`] = SVG;
    files[`k${'k'.repeat(100_000)}`] = SVG;
    const error = refusal(pack({ files }));
    expect(error.data.params).toEqual({ files: 'must hold at most 3000 files' });
  });

  it('cuts a huge file name in what it names', () => {
    const error = refusal(pack({ files: { 'previews/spring-sale.svg': SVG, [`K${'k'.repeat(100_000)}`]: SVG } }));
    const names = Object.keys(error.data.params as object);
    expect(names.every((name) => name.length <= 101)).toBe(true);
    expect(JSON.stringify(error.toBody()).length).toBeLessThan(8192);
  });
});
