import { ApiError } from '../../support/api-error';
import { Problems, type Raw } from '../../support/problems';
import type { ImageFile, ImageOption } from '../../providers/image-types';
import type { CatalogModel } from '../catalog/models';
import { choiceField, numberField, stringField } from '../request/fields';
import { metadata, target, type CallMetadata } from '../request/target';

/** The longest prompt any image model takes (gpt-image-1's 32,000 characters); DALL·E's shorter limits are theirs to refuse. */
export const MAX_IMAGE_PROMPT_CHARACTERS = 32_000;
/** The most images one request may ask (OpenAI's limit); each model's own is checked after. */
export const MAX_IMAGES_PER_REQUEST = 10;
/** The largest side a size may name before a model is chosen (each model lists its sizes). */
const MAX_SIDE = 4096;

export interface ParsedImageRequest {
  model: string | null;
  purpose: string | null;
  prompt: string;
  n: number;
  size?: string;
  quality?: string;
  responseFormat: 'b64_json' | 'url';
  background?: 'transparent' | 'opaque' | 'auto';
  outputFormat?: 'png' | 'jpeg' | 'webp';
  outputCompression?: number;
  moderation?: 'auto' | 'low';
  style?: 'vivid' | 'natural';
  user?: string;
  metadata: CallMetadata;
  /** Edits: the uploaded images and mask (images-handler.ts reads them from the multipart body). */
  images?: ImageFile[];
  mask?: ImageFile;
}

function size(value: unknown, problems: Problems): string | undefined {
  if (value === undefined || value === null) return undefined;
  const match = typeof value === 'string' ? /^([1-9]\d{0,4})x([1-9]\d{0,4})$/.exec(value) : null;
  if (value === 'auto') return value;
  if (!match || Number(match[1]) > MAX_SIDE || Number(match[2]) > MAX_SIDE) {
    problems.add('size', `must be "auto" or WxH with sides from 1 to ${MAX_SIDE}, e.g. "1024x1024"`);
    return undefined;
  }
  return value as string;
}

/** POST /images/generations (and the fields of /images/edits): OpenAI's shape, metadata as chat (docs/api-notes.md "Images"). */
export function parseImageRequest(raw: Raw): ParsedImageRequest {
  const problems = new Problems();
  const prompt = stringField(raw.prompt, 'prompt', problems, { max: MAX_IMAGE_PROMPT_CHARACTERS, nonEmpty: true });
  if (raw.prompt === undefined || raw.prompt === null) problems.add('prompt', 'is required');
  const parsed: ParsedImageRequest = {
    ...target(raw, problems),
    prompt: prompt ?? '',
    n: numberField(raw.n, 'n', problems, { min: 1, max: MAX_IMAGES_PER_REQUEST, integer: true }) ?? 1,
    size: size(raw.size, problems),
    quality: choiceField(raw.quality, 'quality', ['auto', 'low', 'medium', 'high', 'standard', 'hd'] as const, problems),
    responseFormat: choiceField(raw.response_format, 'response_format', ['b64_json', 'url'] as const, problems) ?? 'b64_json',
    background: choiceField(raw.background, 'background', ['transparent', 'opaque', 'auto'] as const, problems),
    outputFormat: choiceField(raw.output_format, 'output_format', ['png', 'jpeg', 'webp'] as const, problems),
    outputCompression: numberField(raw.output_compression, 'output_compression', problems, { min: 0, max: 100, integer: true }),
    moderation: choiceField(raw.moderation, 'moderation', ['auto', 'low'] as const, problems),
    style: choiceField(raw.style, 'style', ['vivid', 'natural'] as const, problems),
    user: stringField(raw.user, 'user', problems, { max: 256 }),
    metadata: metadata(raw.metadata, problems),
  };
  if (Array.isArray(raw.images)) parsed.images = raw.images as ImageFile[];
  if (raw.mask !== undefined) parsed.mask = raw.mask as ImageFile;
  if (parsed.outputCompression !== undefined && parsed.outputFormat !== 'jpeg' && parsed.outputFormat !== 'webp')
    problems.add('output_compression', 'needs output_format jpeg or webp');
  problems.throwIfAny();
  return parsed;
}

const OPTION_FIELDS: ReadonlyArray<[ImageOption, keyof ParsedImageRequest]> = [
  ['background', 'background'],
  ['output_format', 'outputFormat'],
  ['output_compression', 'outputCompression'],
  ['moderation', 'moderation'],
  ['style', 'style'],
];

/**
 * What the model cannot honour, named (docs/api-notes.md "Images"): an option it lacks, a size
 * or quality it does not list, more images than it makes at once, an edit on a model without
 * edits. The first model of a purpose is the one checked (a purpose's image models are its own choice).
 */
export function checkForModel(body: ParsedImageRequest, model: CatalogModel, edit: boolean): void {
  const facts = model.image!;
  const problems = new Problems();
  const name = `model "${model.id}"`;
  if (edit && !facts.edits) problems.add('model', `${name} has no image edits; edits: OpenAI's gpt-image-1 and dall-e-2, mock/image`);
  for (const [option, field] of OPTION_FIELDS)
    if (body[field] !== undefined && !facts.options.includes(option)) problems.add(option, `${name} does not take ${option}`);
  if (body.size !== undefined && !facts.sizes.includes(body.size)) problems.add('size', `${name} makes ${facts.sizes.join(', ')}`);
  if (body.quality !== undefined && !facts.qualities.includes(body.quality))
    problems.add('quality', facts.qualities.length === 0 ? `${name} takes no quality` : `${name} takes ${facts.qualities.join(', ')}`);
  if (body.n > facts.maxImages)
    problems.add('n', `${name} makes at most ${facts.maxImages} image${facts.maxImages === 1 ? '' : 's'} a request`);
  problems.throwIfAny();
}

/** The model's `quality:size` price key for the request: its defaults where the request names none. */
export function priceKey(body: Pick<ParsedImageRequest, 'quality' | 'size'>, model: CatalogModel): string {
  const facts = model.image!;
  return `${body.quality ?? facts.qualities[0] ?? ''}:${body.size ?? facts.sizes[0]!}`;
}

/** An image model is required: a chat or embedding model named here is refused by name. */
export function requireImageModel(model: CatalogModel): void {
  if (model.image === null) throw ApiError.invalidRequest({ model: `"${model.id}" is not an image model` });
}
