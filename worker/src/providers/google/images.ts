/**
 * Google's image models (docs/api-notes.md "Images"): Imagen through `models/{model}:predict`
 * (`instances: [{prompt}]`, `parameters: {sampleCount, aspectRatio}` → `predictions[].bytesBase64Encoded`),
 * Gemini's image output through `:generateContent` with `responseModalities: ["TEXT", "IMAGE"]`
 * (→ the answer's `inlineData` parts; `usageMetadata` with its IMAGE tokens apart). Sizes are
 * asked as the aspect ratio each names (IMAGE_ASPECTS). No edits here.
 */
import { UpstreamError } from '../errors';
import type { HttpClient } from '../shared/http';
import type { CallOptions, GeneratedImage, ImageRequest, ImageResult } from '../types';
import { IMAGE_ASPECTS } from '../image-types';

type Json = Record<string, unknown>;

const aspect = (size: string | undefined) => (size === undefined ? '1:1' : (IMAGE_ASPECTS[size] ?? '1:1'));
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);
const noImage = (provider: string) => new UpstreamError(`${provider} answered no image`, { provider, isRetryable: false });

export function imagenPayload(request: ImageRequest): Json {
  return { instances: [{ prompt: request.prompt }], parameters: { sampleCount: request.n, aspectRatio: aspect(request.size) } };
}

export function fromImagen(body: Json, provider: string): ImageResult {
  const predictions = Array.isArray(body.predictions) ? (body.predictions as Json[]) : [];
  const images: GeneratedImage[] = predictions
    .filter((item) => typeof item.bytesBase64Encoded === 'string')
    .map((item) => ({
      base64: item.bytesBase64Encoded as string,
      mediaType: typeof item.mimeType === 'string' ? item.mimeType : 'image/png',
    }));
  if (images.length === 0) throw noImage(provider);
  return { images, usage: null };
}

export function geminiImagePayload(request: ImageRequest): Json {
  return {
    contents: [{ role: 'user', parts: [{ text: request.prompt }] }],
    generationConfig: { responseModalities: ['TEXT', 'IMAGE'], imageConfig: { aspectRatio: aspect(request.size) } },
  };
}

export function fromGeminiImage(body: Json, provider: string): ImageResult {
  const candidates = Array.isArray(body.candidates) ? (body.candidates as Json[]) : [];
  const parts = ((candidates[0]?.content as Json | undefined)?.parts ?? []) as Json[];
  const images: GeneratedImage[] = [];
  for (const part of Array.isArray(parts) ? parts : []) {
    const inline = part.inlineData as Json | undefined;
    if (inline && typeof inline.data === 'string')
      images.push({ base64: inline.data, mediaType: typeof inline.mimeType === 'string' ? inline.mimeType : 'image/png' });
  }
  if (images.length === 0) throw noImage(provider);
  const metadata = body.usageMetadata as Json | undefined;
  if (!metadata) return { images, usage: null };
  const details = Array.isArray(metadata.candidatesTokensDetails) ? (metadata.candidatesTokensDetails as Json[]) : [];
  const imageOutputTokens = details.filter((item) => item.modality === 'IMAGE').reduce((sum, item) => sum + count(item.tokenCount), 0);
  const promptTokens = count(metadata.promptTokenCount);
  const completionTokens = count(metadata.candidatesTokenCount);
  return { images, usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, imageOutputTokens } };
}

/** generateImages on the Gemini API's client; `modelPath` as the chat calls build it. */
export function googleImages(client: HttpClient, provider: string, modelPath: (model: string) => string) {
  return {
    async generateImages(request: ImageRequest, { signal }: CallOptions): Promise<ImageResult> {
      if (request.model.startsWith('imagen'))
        return fromImagen(await client.postJson(`${modelPath(request.model)}:predict`, imagenPayload(request), signal), provider);
      return fromGeminiImage(
        await client.postJson(`${modelPath(request.model)}:generateContent`, geminiImagePayload(request), signal),
        provider,
      );
    },
  };
}
