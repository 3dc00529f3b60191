import { present, type Problems } from '../problems';

/**
 * A template's fields (docs/library.md "Fields"): what a client may fill in when it renders it.
 * Declared in an optional `definition.fields` list, each with a type and the layer properties it
 * sets; a template without the list has implicit ones (each text layer a text field, each image
 * layer without `generate` an image field, named by the layer's id), so every template renders
 * with fields and without.
 */

export const FIELD_TYPES = ['text', 'color', 'image', 'choice'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
const FIELD_NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
export const TEXT_MAX_LENGTH = 2000;
const ALIGNMENTS = ['left', 'center', 'right'];

/** The properties a field may set, the layer type that has each, and the field types that may fill it. */
export const TARGET_PROPERTIES: Record<
  string,
  { layer: 'text' | 'image' | 'shape'; types: readonly FieldType[]; choices?: 'color' | 'align' }
> = {
  text: { layer: 'text', types: ['text', 'choice'] },
  'style.color': { layer: 'text', types: ['color', 'choice'], choices: 'color' },
  'style.align': { layer: 'text', types: ['choice'], choices: 'align' },
  'style.font_family': { layer: 'text', types: ['choice'] },
  'style.fill': { layer: 'shape', types: ['color', 'choice'], choices: 'color' },
  'style.stroke': { layer: 'shape', types: ['color', 'choice'], choices: 'color' },
  'style.border_color': { layer: 'image', types: ['color', 'choice'], choices: 'color' },
  src: { layer: 'image', types: ['image'] },
};

export interface FieldTarget {
  layer: string;
  property: string;
}

export interface TemplateField {
  name: string;
  type: FieldType;
  label?: string;
  default?: string | null;
  required?: boolean;
  max_length?: number;
  choices?: string[];
  targets: FieldTarget[];
}

type Layer = Record<string, unknown>;

/** Validates `definition.fields` against the parsed layers; undefined when absent (the hash stays as it was). */
export function parseFields(problems: Problems, value: unknown, path: string, layers: Layer[]): TemplateField[] | undefined {
  if (value === undefined) return undefined;
  const list = problems.array(value, path, 50, 0) ?? [];
  const fields = list.map((entry, index) => parseField(problems, entry, `${path}[${index}]`, layers));
  const names = fields.map((field) => field.name).filter(Boolean);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate) problems.add(path, `field "${duplicate}" appears twice`);
  return fields;
}

function parseField(problems: Problems, value: unknown, path: string, layers: Layer[]): TemplateField {
  const field = problems.object(value, path) ?? {};
  const type = problems.oneOf(field.type, `${path}.type`, FIELD_TYPES);
  const choices =
    type === 'choice'
      ? (problems.array(field.choices, `${path}.choices`, 50, 1) ?? []).map(
          (choice, index) => problems.text(choice, `${path}.choices[${index}]`, { max: 200 }) ?? '',
        )
      : field.choices === undefined
        ? undefined
        : void problems.add(`${path}.choices`, 'is only for fields of type choice');
  const maxLength =
    field.max_length === undefined
      ? undefined
      : type === 'text'
        ? problems.number(field.max_length, `${path}.max_length`, 1, TEXT_MAX_LENGTH, true)
        : void problems.add(`${path}.max_length`, 'is only for fields of type text');
  const targets = (problems.array(field.targets, `${path}.targets`, 20, 1) ?? []).map((target, index) =>
    parseTarget(problems, target, `${path}.targets[${index}]`, layers, type, choices),
  );
  const parsed = present({
    name: problems.text(field.name, `${path}.name`, {
      max: 40,
      pattern: FIELD_NAME,
      patternText: 'must be lower-case letters, digits, _ and -',
    }),
    type,
    label: field.label === undefined ? undefined : problems.text(field.label, `${path}.label`, { max: 80 }),
    required:
      field.required === undefined || typeof field.required === 'boolean'
        ? field.required
        : problems.add(`${path}.required`, 'must be true or false'),
    max_length: maxLength,
    choices,
    targets,
  }) as unknown as TemplateField;
  if (field.default !== undefined) parsed.default = parseDefault(problems, field.default, `${path}.default`, parsed);
  return parsed;
}

function parseTarget(
  problems: Problems,
  value: unknown,
  path: string,
  layers: Layer[],
  type: FieldType | undefined,
  choices: string[] | undefined,
): FieldTarget {
  const target = problems.object(value, path) ?? {};
  const property = problems.oneOf(target.property, `${path}.property`, Object.keys(TARGET_PROPERTIES));
  const layer = layers.find((candidate) => candidate.id === target.layer);
  if (!layer) problems.add(`${path}.layer`, "must be the id of one of the template's layers");
  const rule = property ? TARGET_PROPERTIES[property] : undefined;
  if (rule && layer && layer.type !== rule.layer) problems.add(`${path}.property`, `${property} is a property of ${rule.layer} layers`);
  if (rule && type && !rule.types.includes(type))
    problems.add(`${path}.property`, `${property} takes a field of type ${rule.types.join(' or ')}`);
  if (rule?.choices && type === 'choice') {
    const valid = (choice: string) => (rule.choices === 'color' ? COLOR.test(choice) : ALIGNMENTS.includes(choice));
    if (choices?.some((choice) => !valid(choice)))
      problems.add(
        `${path}.property`,
        `${property} needs every choice to be ${rule.choices === 'color' ? 'a colour' : ALIGNMENTS.join(', ')}`,
      );
  }
  return { layer: String(target.layer), property: property ?? '' };
}

function parseDefault(problems: Problems, value: unknown, path: string, field: TemplateField): string | null | undefined {
  if (field.type === 'image') {
    if (value === null) return null;
    return problems.text(value, path, {
      max: 200,
      pattern: /^(?:sample|asset):[a-z]+\/[a-z0-9-]{1,80}$/,
      patternText: 'must be null or "sample:<type>/<slug>" or "asset:<type>/<slug>"',
    });
  }
  if (field.type === 'color')
    return typeof value === 'string' && COLOR.test(value)
      ? value.toLowerCase()
      : void problems.add(path, 'must be a colour #rgb, #rrggbb or #rrggbbaa');
  if (field.type === 'choice')
    return field.choices?.includes(value as string) ? (value as string) : void problems.add(path, 'must be one of the choices');
  return problems.text(value, path, { max: field.max_length ?? TEXT_MAX_LENGTH, min: 0 });
}

/** The fields a client may fill in: the declared ones, or the implicit ones of a template without `fields`. */
export function effectiveFields(definition: Record<string, unknown>): TemplateField[] {
  if (Array.isArray(definition.fields)) return definition.fields as TemplateField[];
  const layers = (Array.isArray(definition.layers) ? definition.layers : []) as Layer[];
  return layers.flatMap((layer): TemplateField[] => {
    const id = String(layer.id);
    if (layer.type === 'text')
      return [
        {
          name: id,
          type: 'text',
          default: String(layer.text ?? ''),
          max_length: TEXT_MAX_LENGTH,
          targets: [{ layer: id, property: 'text' }],
        },
      ];
    if (layer.type === 'image' && layer.generate === undefined)
      return [{ name: id, type: 'image', default: (layer.src as string | null) ?? null, targets: [{ layer: id, property: 'src' }] }];
    return [];
  });
}
