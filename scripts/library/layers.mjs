// Small constructors for template layers (docs/library.md, "Layers"), so designs read as a
// list of boxes: [x, y, width, height] in canvas pixels.
import { SHAPES } from './assets.mjs';

export const linear = (angle, ...colors) => ({
  gradient: { angle, stops: colors.map((color, index) => ({ offset: Math.round((index / (colors.length - 1)) * 100) / 100, color })) },
});

const box = ([x, y, width, height]) => ({ x, y, width, height });

export const text = (id, area, content, style, extra = {}) => ({
  id,
  type: 'text',
  ...box(area),
  ...extra,
  text: content,
  style: { font_family: 'Inter', font_weight: 400, align: 'left', line_height: 1.2, ...style },
});

export const rect = (id, area, style, extra = {}) => ({ id, type: 'shape', ...box(area), ...extra, shape: 'rect', style });
export const ellipse = (id, area, style, extra = {}) => ({ id, type: 'shape', ...box(area), ...extra, shape: 'ellipse', style });
export const line = (id, [x, y, width], stroke, strokeWidth) => ({
  id,
  type: 'shape',
  x,
  y,
  width,
  height: 0,
  shape: 'line',
  style: { stroke, stroke_width: strokeWidth },
});

/** A shape from the starter's shape assets, by slug. */
export const shape = (id, area, slug, style, extra = {}) => {
  const asset = SHAPES.find((entry) => entry.slug === slug);
  if (!asset) throw new Error(`no shape asset ${slug}`);
  return { id, type: 'shape', ...box(area), ...extra, ...asset.data, style };
};

export const picture = (id, area, src, style, extra = {}) => ({
  id,
  type: 'image',
  ...box(area),
  ...extra,
  src,
  ...(src === null || src.startsWith('sample:') ? { placeholder: src?.startsWith('sample:logos') ? 'logos' : 'photos' } : {}),
  fit: src === null || src.startsWith('sample:photos') ? 'cover' : 'contain',
  ...(style ? { style } : {}),
});

/** A rounded button: its shape and its centred label. */
export const button = (id, [x, y, width, height], label, fill, color, fontSize, fontFamily = 'Inter') => [
  rect(`${id}-shape`, [x, y, width, height], { fill, radius: height / 2 }),
  text(`${id}-label`, [x, y + (height - fontSize * 1.2) / 2, width, fontSize * 1.2], label, {
    font_family: fontFamily,
    font_size: fontSize,
    font_weight: 700,
    color,
    align: 'center',
  }),
];
