/**
 * OpenAI's Images API (docs/api-notes.md "Images"): `POST /images/generations` (JSON) and
 * `POST /images/edits` (multipart: `image` — `image[]` for several, gpt-image-1 — and `mask`).
 * Always asks for base64 from DALL·E (`response_format: b64_json`; gpt-image-1 answers base64
 * only and refuses the field), so the hub stores what a client asks as a URL. gpt-image-1's
 * `usage` (input tokens with their text and image parts, output tokens) becomes TokenUsage.
 */
import { UpstreamError } from '../errors';
import type { HttpClient } from '../shared/http';
import type { CallOptions, GeneratedImage, ImageRequest, ImageResult } from '../types';

type Json = Record<string, unknown>;

/** The request's options by OpenAI's names, each only when given. */
export function openAiImageFields(request: ImageRequest): Record<string, string | number> {
  const fields: Record<string, string | number> = { model: request.model, prompt: request.prompt, n: request.n };
  if (request.size !== undefined) fields.size = request.size;
  if (request.quality !== undefined) fields.quality = request.quality;
  if (request.background !== undefined) fields.background = request.background;
  if (request.outputFormat !== undefined) fields.output_format = request.outputFormat;
  if (request.outputCompression !== undefined) fields.output_compression = request.outputCompression;
  if (request.moderation !== undefined) fields.moderation = request.moderation;
  if (request.style !== undefined) fields.style = request.style;
  if (request.user !== undefined) fields.user = request.user;
  if (request.model.startsWith('dall-e')) fields.response_format = 'b64_json';
  return fields;
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);

/** OpenAI's images answer as ImageResult; an image without `b64_json` is the provider's error. */
export function fromOpenAiImages(body: Json, provider: string): ImageResult {
  const format = typeof body.output_format === 'string' ? body.output_format : 'png';
  const data = Array.isArray(body.data) ? (body.data as Json[]) : [];
  const images: GeneratedImage[] = data.map((item) => {
    if (typeof item.b64_json !== 'string' || item.b64_json === '')
      throw new UpstreamError(`${provider} answered an image without b64_json`, { provider, isRetryable: false });
    return {
      base64: item.b64_json,
      mediaType: `image/${format}`,
      ...(typeof item.revised_prompt === 'string' && { revisedPrompt: item.revised_prompt }),
    };
  });
  if (images.length === 0) throw new UpstreamError(`${provider} answered no image`, { provider, isRetryable: false });
  const usage = body.usage as Json | undefined;
  if (!usage || typeof usage !== 'object') return { images, usage: null };
  const details = (usage.input_tokens_details ?? {}) as Json;
  const promptTokens = count(usage.input_tokens);
  const completionTokens = count(usage.output_tokens);
  return {
    images,
    usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, imageInputTokens: count(details.image_tokens) },
  };
}

/** The edit's form: the fields, each image (`image[]` when several), the mask. */
function editForm(request: ImageRequest): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(openAiImageFields(request))) form.append(name, String(value));
  const images = request.images ?? [];
  const field = images.length > 1 ? 'image[]' : 'image';
  for (const image of images) form.append(field, new Blob([image.bytes], { type: image.mediaType }), image.filename);
  if (request.mask) form.append('mask', new Blob([request.mask.bytes], { type: request.mask.mediaType }), request.mask.filename);
  return form;
}

/** generateImages and editImages on a provider's HTTP client (OpenAI, or a server speaking its Images API). */
export function openAiImages(client: HttpClient, provider: string) {
  return {
    async generateImages(request: ImageRequest, { signal }: CallOptions): Promise<ImageResult> {
      return fromOpenAiImages(await client.postJson('/images/generations', openAiImageFields(request), signal), provider);
    },
    async editImages(request: ImageRequest, { signal }: CallOptions): Promise<ImageResult> {
      return fromOpenAiImages(await client.postForm('/images/edits', editForm(request), signal), provider);
    },
  };
}
