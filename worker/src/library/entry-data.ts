import { COLOR, parsePaint, parseShapeGeometry, VIEW_BOX } from './definition';
import { present, type Problems } from './problems';
import type { AssetType, SampleType } from './vocabulary';

/**
 * The `data` of each sample and asset type (docs/library.md, "Samples and assets"), and
 * whether the type carries an SVG image. Validation keeps the documented fields only.
 */

type Reader = (problems: Problems, data: Record<string, unknown>, path: string) => Record<string, unknown>;

const colors = (problems: Problems, value: unknown, path: string) =>
  (problems.array(value, path, 12, 2) ?? []).map((entry, index) => {
    if (typeof entry !== 'string' || !COLOR.test(entry)) problems.add(`${path}[${index}]`, 'must be a colour #rgb, #rrggbb or #rrggbbaa');
    return typeof entry === 'string' ? entry.toLowerCase() : entry;
  });

const text = (problems: Problems, value: unknown, path: string, max: number) => problems.text(value, path, { max });
const maybe = <T>(value: unknown, read: () => T) => (value === undefined ? undefined : read());

export const SAMPLE_DATA: Record<SampleType, { image: boolean; read: Reader }> = {
  photos: { image: true, read: (problems, data, path) => ({ alt: text(problems, data.alt, `${path}.alt`, 300) }) },
  logos: { image: true, read: (problems, data, path) => ({ brand: text(problems, data.brand, `${path}.brand`, 80) }) },
  texts: {
    image: false,
    read: (problems, data, path) => ({
      role: problems.oneOf(data.role, `${path}.role`, ['headline', 'subheadline', 'body', 'quote', 'call-to-action', 'price']),
      text: text(problems, data.text, `${path}.text`, 1000),
      attribution: maybe(data.attribution, () => text(problems, data.attribution, `${path}.attribution`, 120)),
    }),
  },
  palettes: { image: false, read: (problems, data, path) => ({ colors: colors(problems, data.colors, `${path}.colors`) }) },
};

export const ASSET_DATA: Record<AssetType, { image: boolean; read: Reader }> = {
  shapes: { image: true, read: (problems, data, path) => parseShapeGeometry(problems, data, path) },
  icons: {
    image: true,
    read: (problems, data, path) => ({
      view_box: problems.text(data.view_box, `${path}.view_box`, {
        max: 60,
        pattern: VIEW_BOX,
        patternText: 'must be "minX minY width height"',
      }),
      style: problems.oneOf(data.style, `${path}.style`, ['outline', 'solid']),
    }),
  },
  backgrounds: {
    image: true,
    read: (problems, data, path) =>
      present({
        paint: parsePaint(problems, data.paint, `${path}.paint`),
        pattern: maybe(data.pattern, () =>
          problems.oneOf(data.pattern, `${path}.pattern`, ['none', 'dots', 'grid', 'waves', 'blobs', 'stripes']),
        ),
      }),
  },
  fonts: {
    image: false,
    read: (problems, data, path) => ({
      family: text(problems, data.family, `${path}.family`, 80),
      category: problems.oneOf(data.category, `${path}.category`, ['serif', 'sans-serif', 'display', 'handwriting', 'monospace']),
      weights: (problems.array(data.weights, `${path}.weights`, 9, 1) ?? []).map((weight, index) =>
        problems.weight(weight, `${path}.weights[${index}]`),
      ),
      styles: (problems.array(data.styles, `${path}.styles`, 2, 1) ?? []).map((style, index) =>
        problems.oneOf(style, `${path}.styles[${index}]`, ['normal', 'italic']),
      ),
      fallback: problems.text(data.fallback, `${path}.fallback`, {
        max: 120,
        pattern: /^[A-Za-z0-9 ,'"-]+$/,
        patternText: 'must be a CSS font-family list',
      }),
      provider: problems.oneOf(data.provider, `${path}.provider`, ['system', 'google-fonts', 'bunny-fonts']),
    }),
  },
};
