import { ApiError } from '../../support/api-error';
import { Problems, type Raw } from '../../support/problems';
import { TEMPLATE_FORMATS } from '../vocabulary';

/**
 * The body of `POST /svc/v1/image-renders` (docs/library.md "Rendering"): `{ template, version?,
 * fields?, width?, height?, format?, response? }`, checked field by field (one 400 naming each
 * bad one). The field values are checked against the template afterwards (field-values.ts).
 */

export type RenderFormat = (typeof TEMPLATE_FORMATS)[number];
export const MAX_SIDE = 4096;
export const MAX_PIXELS = 16_777_216;
const MAX_FIELDS = 50;

export interface RenderRequest {
  template: string;
  /** The template's hash (`sha256-…`) or its version number, as the client cached it. */
  version: string | number | null;
  fields: Record<string, unknown>;
  width: number | null;
  height: number | null;
  format: RenderFormat | null;
  response: 'image' | 'url';
  /** Usage attribution for generated layers, as the router's `metadata` (team, campaign, user). */
  metadata: { team: string; campaign: string; user: string };
}

const side = (problems: Problems, value: unknown, name: string): number | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_SIDE) {
    problems.add(name, `must be an integer from 1 to ${MAX_SIDE}`);
    return null;
  }
  return value;
};

export function parseRenderRequest(raw: Raw): RenderRequest {
  const problems = new Problems();
  const template = raw.template;
  if (typeof template !== 'string' || template.length < 1 || template.length > 80)
    problems.add('template', 'must be a template id or slug');
  const version = raw.version ?? null;
  if (
    version !== null &&
    !(typeof version === 'string' && /^sha256-[A-Za-z0-9+/]{43}=$/.test(version)) &&
    !(typeof version === 'number' && Number.isInteger(version) && version >= 1)
  )
    problems.add('version', 'must be the template\'s hash ("sha256-…") or its version number');
  let fields: Record<string, unknown> = {};
  if (raw.fields !== undefined) {
    if (raw.fields === null || typeof raw.fields !== 'object' || Array.isArray(raw.fields)) problems.add('fields', 'must be an object');
    else if (Object.keys(raw.fields).length > MAX_FIELDS) problems.add('fields', `must hold at most ${MAX_FIELDS} values`);
    else fields = raw.fields as Record<string, unknown>;
  }
  const width = side(problems, raw.width, 'width');
  const height = side(problems, raw.height, 'height');
  const format = raw.format === undefined ? null : (raw.format as RenderFormat);
  if (format !== null && !(TEMPLATE_FORMATS as readonly unknown[]).includes(format))
    problems.add('format', `must be one of ${TEMPLATE_FORMATS.join(', ')}`);
  const response = raw.response ?? 'image';
  if (response !== 'image' && response !== 'url') problems.add('response', 'must be "image" or "url"');
  const metadata = { team: '', campaign: '', user: '' };
  if (raw.metadata !== undefined) {
    const given = raw.metadata as Record<string, unknown>;
    if (given === null || typeof given !== 'object' || Array.isArray(given))
      problems.add('metadata', 'must be an object {team, campaign, user}');
    else
      for (const name of ['team', 'campaign', 'user'] as const) {
        const value = given[name];
        if (value === undefined) continue;
        if (typeof value !== 'string' || value.length > 190) problems.add(`metadata.${name}`, 'must be a string of at most 190 characters');
        else metadata[name] = value;
      }
  }
  problems.throwIfAny();
  return {
    template: template as string,
    version: version as string | number | null,
    fields,
    width,
    height,
    format,
    response: response as 'image' | 'url',
    metadata,
  };
}

/**
 * The output size: the template's own, or one side given and the other following its aspect, or
 * both when they keep it (within a pixel of rounding); else 400 naming `height`. At most
 * MAX_SIDE a side and MAX_PIXELS in all (400 naming `width`).
 */
export function outputSize(template: { width: number; height: number }, request: Pick<RenderRequest, 'width' | 'height'>) {
  const aspect = template.width / template.height;
  let width = request.width ?? (request.height === null ? template.width : Math.max(1, Math.round(request.height * aspect)));
  let height = request.height ?? Math.max(1, Math.round(width / aspect));
  if (request.width !== null && request.height !== null && Math.abs(Math.round(request.width / aspect) - request.height) > 1) {
    throw ApiError.invalidRequest({
      height: `must keep the template's aspect ${template.width}:${template.height} (${Math.round(request.width / aspect)} for width ${request.width}); or send one side only`,
    });
  }
  width = Math.round(width);
  height = Math.round(height);
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    throw ApiError.invalidRequest({ width: `makes an image of ${width}×${height}; at most ${MAX_SIDE} a side and ${MAX_PIXELS} pixels` });
  }
  return { width, height };
}
