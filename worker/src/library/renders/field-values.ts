import { Problems } from '../../support/problems';
import { TEXT_MAX_LENGTH, type TemplateField } from './template-fields';

/**
 * The client's `fields` checked against the template's fields (docs/library.md "Fields"): each
 * value named `fields.<name>` when it is unknown, of the wrong type, missing but required,
 * oversized or malformed — one 400 for all of them, before anything is fetched or rendered.
 * A field not given takes its default. Image values stay text here (an https or data: URL);
 * render-images.ts fetches and checks them.
 */

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/** C0 controls but tab and newline, DEL, C1 controls, and the bidi overrides and isolates (Trojan Source). */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** The longest image value: a data: URL of SVC_IMAGE_MAX_BYTES in base64 and its prefix. */
const imageValueMax = (maxBytes: number) => Math.ceil(maxBytes / 3) * 4 + 64;

export interface FieldValue {
  field: TemplateField;
  /** The value to apply; null for an image field with no image (its placeholder is drawn). */
  value: string | null;
  /** Whether the client sent it (else the default). */
  given: boolean;
}

export function fieldValues(fields: TemplateField[], raw: Record<string, unknown>, maxImageBytes: number): FieldValue[] {
  const problems = new Problems();
  const known = new Map(fields.map((field) => [field.name, field]));
  for (const name of Object.keys(raw)) {
    if (!known.has(name)) {
      const names = fields.map((field) => field.name).join(', ');
      problems.add(`fields.${name.slice(0, 60)}`, `is not a field of this template (its fields: ${names || 'none'})`);
    }
  }
  const values = fields.map((field): FieldValue => {
    const path = `fields.${field.name}`;
    const given = Object.hasOwn(raw, field.name) && raw[field.name] !== null;
    if (!given) {
      if (field.required) problems.add(path, 'is required');
      return { field, value: field.default ?? null, given: false };
    }
    const value = raw[field.name];
    if (typeof value !== 'string') {
      problems.add(path, 'must be a string');
      return { field, value: null, given };
    }
    const problem = problemOf(field, value, maxImageBytes);
    if (problem) problems.add(path, problem);
    return { field, value: field.type === 'color' ? value.toLowerCase() : value, given };
  });
  problems.throwIfAny();
  return values;
}

function problemOf(field: TemplateField, value: string, maxImageBytes: number): string | null {
  switch (field.type) {
    case 'text': {
      const max = field.max_length ?? TEXT_MAX_LENGTH;
      const length = value.length > max * 2 ? value.length : [...value].length;
      if (length > max) return `must be at most ${max} characters`;
      if (CONTROL.test(value)) return 'must not contain control characters (a newline and a tab are fine)';
      return null;
    }
    case 'color':
      return COLOR.test(value) ? null : 'must be a colour #rgb, #rrggbb or #rrggbbaa';
    case 'choice':
      return field.choices?.includes(value) ? null : `must be one of ${(field.choices ?? []).join(', ')}`;
    case 'image':
      if (value.length > imageValueMax(maxImageBytes)) return `must be an image of at most ${maxImageBytes} bytes`;
      return /^(?:https?:\/\/|data:)/i.test(value) ? null : 'must be an https URL or a data: URL of an image';
  }
}
