import { ApiError } from '../../support/api-error';
import { Problems, type Raw } from '../../support/problems';
import type { ImageFile } from '../../providers/image-types';

/** The most parts one edit's form may hold (a form of thousands of tiny parts is refused, not walked). */
export const MAX_FORM_PARTS = 40;
/** The most images one edit may upload (gpt-image-1 takes up to 16). */
export const MAX_EDIT_IMAGES = 16;

const NUMBER_FIELDS = new Set(['n', 'output_compression']);

/** The image type its first bytes say (PNG, JPEG, WebP), whatever the part declared; null for anything else. */
export function sniffImage(bytes: Buffer): string | null {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

async function file(value: File, name: string, problems: Problems): Promise<ImageFile | null> {
  const bytes = Buffer.from(await value.arrayBuffer());
  const mediaType = sniffImage(bytes);
  if (mediaType === null) {
    problems.add(name, 'must be a PNG, JPEG or WebP image');
    return null;
  }
  return { bytes, mediaType, filename: value.name || `${name}.${mediaType.slice(6)}` };
}

/**
 * POST /images/edits: OpenAI's multipart/form-data as the OpenAI SDK sends it (docs/api-notes.md
 * "Images") — `image` (or `image[]`, one or more files), `mask`, and the generation's fields as
 * text (`n` and `output_compression` read as numbers, `metadata` as JSON) — into the body
 * image-request.ts parses, files in `images` and `mask`, each checked by its bytes.
 */
export async function readImageForm(contentType: string | undefined, body: Buffer): Promise<Raw> {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType))
    throw new ApiError(415, 'svc_unsupported_media_type', 'POST /images/edits takes multipart/form-data, as the OpenAI SDK sends it.');
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw ApiError.invalidRequest({ body: 'is not a well-formed multipart/form-data body' });
  }
  const entries = [...form.entries()];
  if (entries.length > MAX_FORM_PARTS) throw ApiError.invalidRequest({ body: `holds more than ${MAX_FORM_PARTS} parts` });
  const problems = new Problems();
  const raw: Raw = {};
  const images: ImageFile[] = [];
  for (const [key, value] of entries) {
    const name = key === 'image[]' ? 'image' : key;
    if (typeof value !== 'string') {
      const read = name === 'image' || name === 'mask' ? await file(value, name, problems) : null;
      if (name !== 'image' && name !== 'mask') problems.add(name, 'must be a text field');
      if (read && name === 'image') images.push(read);
      if (read && name === 'mask') raw.mask = read;
    } else if (name === 'metadata') {
      try {
        raw.metadata = JSON.parse(value) as unknown;
      } catch {
        problems.add('metadata', 'must be a JSON object {team, campaign, user}');
      }
    } else raw[name] = NUMBER_FIELDS.has(name) && /^\d{1,6}$/.test(value) ? Number(value) : value;
  }
  if (images.length === 0 && problems.empty) problems.add('image', 'give one or more image files');
  if (images.length > MAX_EDIT_IMAGES) problems.add('image', `at most ${MAX_EDIT_IMAGES} images`);
  problems.throwIfAny();
  raw.images = images;
  return raw;
}
