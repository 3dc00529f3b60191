import { present, type Problems } from './problems';
import { checkPromptPlaceholders, parseGenerate } from './renders/generated-layers';
import { effectiveFields, parseFields } from './renders/template-fields';
import { ASSET_TYPES, SAMPLE_TYPES } from './vocabulary';

/**
 * A template's `definition` (docs/library.md, "Layers"): a background and an ordered list
 * of text, image and shape layers with positions (pixels of the template's canvas, origin
 * top left) and styles. Validation keeps the documented fields and drops unknown ones, so
 * what is stored (and hashed) is exactly the documented shape.
 */

export const LAYER_TYPES = ['text', 'image', 'shape'] as const;
export const SHAPES = ['rect', 'ellipse', 'line', 'polygon', 'path'] as const;
export const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const LAYER_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const PATH_DATA = /^[MLHVCSQTAZmlhvcsqtaz0-9eE ,.+-]+$/;
export const VIEW_BOX = /^-?\d+(?:\.\d+)? -?\d+(?:\.\d+)? \d+(?:\.\d+)? \d+(?:\.\d+)?$/;
const IMAGE_SOURCE = new RegExp(`^(?:sample:(?:${SAMPLE_TYPES.join('|')})|asset:(?:${ASSET_TYPES.join('|')}))/[a-z0-9-]{1,80}$`);
const POSITION = 20_000;

export function color(problems: Problems, value: unknown, path: string): string | undefined {
  if (typeof value !== 'string' || !COLOR.test(value)) return void problems.add(path, 'must be a colour #rgb, #rrggbb or #rrggbbaa');
  return value.toLowerCase();
}

/** A colour, or `{ gradient: { angle, stops: [{ offset, color }] } }`. */
export function parsePaint(problems: Problems, value: unknown, path: string): unknown {
  if (typeof value === 'string') return color(problems, value, path);
  const record = problems.object(value, path);
  const gradient = record && problems.object(record.gradient, `${path}.gradient`);
  if (!gradient) return undefined;
  const stops = problems.array(gradient.stops, `${path}.gradient.stops`, 8, 2) ?? [];
  return {
    gradient: {
      angle: problems.number(gradient.angle ?? 0, `${path}.gradient.angle`, 0, 360),
      stops: stops.map((stop, index) => {
        const entry = problems.object(stop, `${path}.gradient.stops[${index}]`) ?? {};
        return {
          offset: problems.number(entry.offset, `${path}.gradient.stops[${index}].offset`, 0, 1),
          color: color(problems, entry.color, `${path}.gradient.stops[${index}].color`),
        };
      }),
    },
  };
}

const optional = <T>(value: unknown, read: () => T): T | undefined => (value === undefined ? undefined : read());
const flag = (problems: Problems, value: unknown, path: string): boolean | undefined =>
  typeof value === 'boolean' ? value : void problems.add(path, 'must be true or false');

function textLayer(problems: Problems, layer: Record<string, unknown>, path: string): Record<string, unknown> {
  const style = problems.object(layer.style, `${path}.style`) ?? {};
  const at = (name: string) => `${path}.style.${name}`;
  return {
    text: problems.text(layer.text, `${path}.text`, { max: 2000, min: 0 }),
    style: present({
      font_family: problems.text(style.font_family, at('font_family'), { max: 80 }),
      font_size: problems.number(style.font_size, at('font_size'), 1, 1000),
      font_weight: optional(style.font_weight, () => problems.weight(style.font_weight, at('font_weight'))),
      font_style: optional(style.font_style, () => problems.oneOf(style.font_style, at('font_style'), ['normal', 'italic'])),
      color: color(problems, style.color, at('color')),
      align: optional(style.align, () => problems.oneOf(style.align, at('align'), ['left', 'center', 'right'])),
      line_height: optional(style.line_height, () => problems.number(style.line_height, at('line_height'), 0.5, 3)),
      letter_spacing: optional(style.letter_spacing, () => problems.number(style.letter_spacing, at('letter_spacing'), -50, 200)),
      text_transform: optional(style.text_transform, () =>
        problems.oneOf(style.text_transform, at('text_transform'), ['none', 'uppercase', 'lowercase']),
      ),
      wrap: optional(style.wrap, () => flag(problems, style.wrap, at('wrap'))),
      shrink: optional(style.shrink, () => flag(problems, style.shrink, at('shrink'))),
      min_font_size: optional(style.min_font_size, () => problems.number(style.min_font_size, at('min_font_size'), 1, 1000)),
      max_lines: optional(style.max_lines, () => problems.number(style.max_lines, at('max_lines'), 1, 50, true)),
      vertical_align: optional(style.vertical_align, () =>
        problems.oneOf(style.vertical_align, at('vertical_align'), ['top', 'middle', 'bottom']),
      ),
      direction: optional(style.direction, () => problems.oneOf(style.direction, at('direction'), ['auto', 'ltr', 'rtl'])),
    }),
  };
}

function imageLayer(problems: Problems, layer: Record<string, unknown>, path: string): Record<string, unknown> {
  const style = optional(layer.style, () => problems.object(layer.style, `${path}.style`) ?? {});
  if (layer.src !== null && (typeof layer.src !== 'string' || !IMAGE_SOURCE.test(layer.src))) {
    problems.add(`${path}.src`, 'must be null, "sample:<sample type>/<slug>" or "asset:<asset type>/<slug>"');
  }
  return present({
    src: layer.src,
    placeholder: optional(layer.placeholder, () => problems.oneOf(layer.placeholder, `${path}.placeholder`, SAMPLE_TYPES)),
    fit: optional(layer.fit, () => problems.oneOf(layer.fit, `${path}.fit`, ['cover', 'contain'])),
    generate: optional(layer.generate, () => parseGenerate(problems, layer.generate, `${path}.generate`)),
    style:
      style &&
      present({
        radius: optional(style.radius, () => problems.number(style.radius, `${path}.style.radius`, 0, POSITION)),
        mask: optional(style.mask, () => problems.oneOf(style.mask, `${path}.style.mask`, ['none', 'circle'])),
        border_color: optional(style.border_color, () => color(problems, style.border_color, `${path}.style.border_color`)),
        border_width: optional(style.border_width, () => problems.number(style.border_width, `${path}.style.border_width`, 0, 500)),
      }),
  });
}

/** A shape's geometry: `shape`, plus `points` (polygon, 0–1 of the layer box) or `path` ({ d, view_box }). */
export function parseShapeGeometry(problems: Problems, layer: Record<string, unknown>, path: string): Record<string, unknown> {
  const shape = problems.oneOf(layer.shape, `${path}.shape`, SHAPES);
  const points =
    shape !== 'polygon'
      ? undefined
      : (problems.array(layer.points, `${path}.points`, 100, 3) ?? []).map((point, index) => {
          const pair = problems.array(point, `${path}.points[${index}]`, 2, 2) ?? [];
          return pair.map((value, axis) => problems.number(value, `${path}.points[${index}][${axis}]`, 0, 1));
        });
  const pathData = shape !== 'path' ? undefined : (problems.object(layer.path, `${path}.path`) ?? {});
  return present({
    shape,
    points,
    path: pathData && {
      d: problems.text(pathData.d, `${path}.path.d`, { max: 5000, pattern: PATH_DATA, patternText: 'must be SVG path data' }),
      view_box: problems.text(pathData.view_box, `${path}.path.view_box`, {
        max: 60,
        pattern: VIEW_BOX,
        patternText: 'must be "minX minY width height"',
      }),
    },
  });
}

function shapeLayer(problems: Problems, layer: Record<string, unknown>, path: string): Record<string, unknown> {
  const style = problems.object(layer.style, `${path}.style`) ?? {};
  return {
    ...parseShapeGeometry(problems, layer, path),
    style: present({
      fill: style.fill === null ? null : optional(style.fill, () => parsePaint(problems, style.fill, `${path}.style.fill`)),
      stroke: optional(style.stroke, () => color(problems, style.stroke, `${path}.style.stroke`)),
      stroke_width: optional(style.stroke_width, () => problems.number(style.stroke_width, `${path}.style.stroke_width`, 0, 500)),
      radius: optional(style.radius, () => problems.number(style.radius, `${path}.style.radius`, 0, POSITION)),
    }),
  };
}

function layerOf(problems: Problems, value: unknown, path: string): Record<string, unknown> {
  const layer = problems.object(value, path) ?? {};
  const type = problems.oneOf(layer.type, `${path}.type`, LAYER_TYPES);
  const common = present({
    id: problems.text(layer.id, `${path}.id`, { max: 40, pattern: LAYER_ID, patternText: 'must be lower-case letters, digits and dashes' }),
    type,
    name: optional(layer.name, () => problems.text(layer.name, `${path}.name`, { max: 80 })),
    x: problems.number(layer.x, `${path}.x`, -POSITION, POSITION),
    y: problems.number(layer.y, `${path}.y`, -POSITION, POSITION),
    width: problems.number(layer.width, `${path}.width`, 0, POSITION),
    height: problems.number(layer.height, `${path}.height`, 0, POSITION),
    rotation: optional(layer.rotation, () => problems.number(layer.rotation, `${path}.rotation`, -360, 360)),
    opacity: optional(layer.opacity, () => problems.number(layer.opacity, `${path}.opacity`, 0, 1)),
    locked: optional(layer.locked, () =>
      typeof layer.locked === 'boolean' ? layer.locked : problems.add(`${path}.locked`, 'must be true or false'),
    ),
  });
  const specific =
    type === 'text'
      ? textLayer(problems, layer, path)
      : type === 'image'
        ? imageLayer(problems, layer, path)
        : type === 'shape'
          ? shapeLayer(problems, layer, path)
          : {};
  return { ...common, ...specific };
}

/** Validates a definition; problems are added under `path`. Returns the documented fields only. */
export function parseDefinition(problems: Problems, value: unknown, path: string): Record<string, unknown> {
  const definition = problems.object(value, path) ?? {};
  const layers = (problems.array(definition.layers, `${path}.layers`, 100, 1) ?? []).map((layer, index) =>
    layerOf(problems, layer, `${path}.layers[${index}]`),
  );
  const ids = layers.map((layer) => layer.id).filter((id): id is string => typeof id === 'string');
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) problems.add(`${path}.layers`, `layer id "${duplicate}" appears twice`);
  if (definition.schema !== 1) problems.add(`${path}.schema`, 'must be 1');
  // `fields` only when given: the stored definition (and its hash) of a template without them is unchanged.
  const fields = parseFields(problems, definition.fields, `${path}.fields`, layers);
  const parsed = {
    schema: 1,
    background: parsePaint(problems, definition.background, `${path}.background`),
    layers,
    ...(fields && { fields }),
  };
  checkPromptPlaceholders(problems, parsed, effectiveFields(parsed), path);
  return parsed;
}
