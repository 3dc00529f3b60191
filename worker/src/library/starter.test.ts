import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STARTER_DIR } from './library';
import { parsePack } from './pack';
import { readPackFolder } from './pack-folder';
import { sanitiseSvg } from './svg-sanitiser';
import { ASSET_TYPES, SAMPLE_TYPES, TEMPLATE_CATEGORIES } from './vocabulary';

/** The fields of a pack folder's entries these tests read (the pack's own parser checks the rest). */
interface PackEntry {
  type: string;
  slug: string;
  data: { family?: string };
  definition: { layers: { type: string; src?: string | null; style: { font_family?: string } }[] };
}

/** The starter library shipped in plugin/library/starter (written by scripts/library/generate-starter.mjs). */
describe('the starter library', () => {
  const body = readPackFolder(STARTER_DIR) as {
    templates: PackEntry[];
    samples: PackEntry[];
    assets: PackEntry[];
    files: Record<string, string>;
  };
  const pack = parsePack(body, { staticFiles: true });
  const of = (kind: string) => pack.items.filter((item) => item.kind === kind);

  it('is a valid pack: at least 24 templates over at least 6 categories', () => {
    expect(of('template').length).toBeGreaterThanOrEqual(24);
    const categories = new Set(of('template').map((item) => item.fields.category));
    expect(categories.size).toBeGreaterThanOrEqual(6);
    expect([...categories].sort()).toEqual([...TEMPLATE_CATEGORIES].sort());
  });

  it('has samples of every sample type and assets of every asset type', () => {
    for (const type of SAMPLE_TYPES) expect(of('sample').filter((item) => item.fields.type === type).length).toBeGreaterThanOrEqual(4);
    for (const type of ASSET_TYPES) expect(of('asset').filter((item) => item.fields.type === type).length).toBeGreaterThanOrEqual(6);
  });

  it('ships SVG files exactly as the sanitiser leaves them, so the static copies match the stored hashes', () => {
    expect(Object.keys(body.files).length).toBeGreaterThan(50);
    for (const [path, svg] of Object.entries(body.files)) {
      expect({ path, ...sanitiseSvg(svg) }).toEqual({ path, svg, removed: [] });
      expect(readFileSync(join(STARTER_DIR, path), 'utf8')).toBe(svg);
    }
    expect(pack.sanitised).toEqual([]);
  });

  it('gives every template a layer list with text, image and shape layers an editor can render', () => {
    const layerTypes = new Set<string>();
    for (const template of of('template')) {
      const layers = (template.fields.definition as { layers: { type: string }[] }).layers;
      expect(layers.length).toBeGreaterThanOrEqual(3);
      expect(layers.some((layer) => layer.type === 'text')).toBe(true);
      for (const layer of layers) layerTypes.add(layer.type);
    }
    expect([...layerTypes].sort()).toEqual(['image', 'shape', 'text']);
  });

  it('only refers to samples, assets and fonts it ships', () => {
    const slugs = new Set([
      ...body.samples.map((entry) => `sample:${entry.type}/${entry.slug}`),
      ...body.assets.map((entry) => `asset:${entry.type}/${entry.slug}`),
    ]);
    const fonts = new Set(body.assets.filter((entry) => entry.type === 'fonts').map((entry) => entry.data.family));
    for (const template of body.templates) {
      for (const layer of template.definition.layers) {
        if (layer.type === 'image' && layer.src !== null) expect(slugs).toContain(layer.src);
        if (layer.type === 'text') expect(fonts).toContain(layer.style.font_family);
      }
    }
  });

  it('has unique, descriptive titles and tags for search', () => {
    const titles = of('template').map((item) => item.fields.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const template of of('template')) expect((template.fields.tags as string[]).length).toBeGreaterThan(0);
  });
});
