import sharp from 'sharp';
import { renderTemplate, type FilledTemplate, type RenderFormat } from './index';
import { REFERENCE_CASES } from './reference-cases';
import { compareImages, starterFilled, starterTemplates } from './reference-images';

const MAGIC: Record<Exclude<RenderFormat, 'svg'>, (bytes: Buffer) => boolean> = {
  png: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  webp: (bytes) => bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP',
};

const caseNamed = async (name: string): Promise<FilledTemplate> => {
  const found = REFERENCE_CASES.find((entry) => entry.name === name);
  if (!found) throw new Error(name);
  return found.filled();
};

describe('renderTemplate', () => {
  test.each(['png', 'jpeg', 'webp'] as const)('%s: its magic bytes, the output size, no metadata, the same bytes twice', async (format) => {
    const filled = await caseNamed('shapes-and-images');
    const first = await renderTemplate(filled, { width: 400, height: 250, format });
    const second = await renderTemplate(await caseNamed('shapes-and-images'), { width: 400, height: 250, format });
    expect(MAGIC[format](first.bytes)).toBe(true);
    expect(first.mediaType).toBe(`image/${format}`);
    const metadata = await sharp(first.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual([format, 400, 250]);
    expect([metadata.exif, metadata.icc, metadata.xmp]).toEqual([undefined, undefined, undefined]);
    expect(second.bytes.equals(first.bytes)).toBe(true);
  });

  test('svg: self-contained (text as outlines, images as data: URLs, no scripts), the same bytes twice, and it rasterises', async () => {
    const filled = await caseNamed('shapes-and-images');
    filled.definition.layers = [
      ...(filled.definition.layers as unknown[]),
      ...((await caseNamed('text-scripts')).definition.layers as unknown[]),
    ];
    const first = await renderTemplate(filled, { width: 800, height: 500, format: 'svg' });
    const svg = first.bytes.toString('utf8');
    expect(first.mediaType).toBe('image/svg+xml');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toMatch(/<text|<script|<foreignObject|\son[a-z]+=|href="(?!data:|#)/i);
    expect(svg).toMatch(/<image [^>]*href="data:image\/png;base64,/);
    expect((await renderTemplate(filled, { width: 800, height: 500, format: 'svg' })).bytes.equals(first.bytes)).toBe(true);
    expect((await sharp(first.bytes).metadata()).width).toBe(800);
  });

  test('values that slipped past validation cannot reach the SVG as markup', async () => {
    const hostile = '"/><script>alert(1)</script><x a="';
    const filled: FilledTemplate = {
      width: 100,
      height: 100,
      images: new Map(),
      definition: {
        schema: 1,
        background: hostile,
        layers: [
          { id: 'a', type: 'shape', shape: 'rect', x: 0, y: 0, width: 10, height: 10, style: { fill: hostile, stroke: hostile } },
          {
            id: 'b',
            type: 'shape',
            shape: 'path',
            x: 0,
            y: 0,
            width: 10,
            height: 10,
            path: { d: hostile, view_box: '0 0 1 1' },
            style: {},
          },
          { id: 'c', type: 'text', x: 0, y: 0, width: 100, height: 50, text: hostile, style: { font_size: 10, color: hostile } },
          { id: 'd', type: 'image', src: null, x: 0, y: 0, width: 10, height: 10, style: { border_width: 2, border_color: hostile } },
        ],
      },
    };
    const svg = (await renderTemplate(filled, { width: 100, height: 100, format: 'svg' })).bytes.toString('utf8');
    expect(svg).not.toMatch(/<script|<x /);
  });

  test('the canvas is scaled to the output size, another aspect included', async () => {
    const rendered = await renderTemplate(starterFilled('leaderboard-summer-sale'), { width: 364, height: 90, format: 'png' });
    expect(await sharp(rendered.bytes).metadata()).toMatchObject({ width: 364, height: 90 });
  });

  test('every starter template renders', async () => {
    for (const template of starterTemplates()) {
      const width = Math.round(template.width / 8);
      const height = Math.round(template.height / 8);
      const rendered = await renderTemplate(starterFilled(template.slug), { width, height, format: 'png' });
      expect(await sharp(rendered.bytes).metadata()).toMatchObject({ width, height });
    }
  });
});

describe('the reference comparison', () => {
  const layersOf = (filled: FilledTemplate) => filled.definition.layers as Array<Record<string, unknown>>;
  const output = { width: 800, height: 500, format: 'png' } as const;

  test('passes for the same definition and fails when a shape moves by 6 px or a text changes', async () => {
    const reference = (await renderTemplate(await caseNamed('shapes-and-images'), output)).bytes;
    expect((await compareImages((await renderTemplate(await caseNamed('shapes-and-images'), output)).bytes, reference)).differing).toBe(0);

    const moved = await caseNamed('shapes-and-images');
    const ellipse = layersOf(moved).find((layer) => layer.id === 'ellipse') as { x: number };
    ellipse.x += 6;
    expect((await compareImages((await renderTemplate(moved, output)).bytes, reference)).differing).toBeGreaterThan(0.001);

    const textReference = (await renderTemplate(await caseNamed('text-fitting'), output)).bytes;
    const changed = await caseNamed('text-fitting');
    (layersOf(changed).find((layer) => layer.id === 'middle') as Record<string, unknown>).text = 'MUDDLE';
    expect((await compareImages((await renderTemplate(changed, output)).bytes, textReference)).differing).toBeGreaterThan(0.001);
  });

  test('fails for another size', async () => {
    const rendered = await renderTemplate(await caseNamed('text-fitting'), output);
    const smaller = await renderTemplate(await caseNamed('text-fitting'), { ...output, width: 400, height: 250 });
    expect(await compareImages(smaller.bytes, rendered.bytes)).toEqual({ differing: 1, sameSize: false });
  });
});
