/**
 * OpenRouter's image models (docs/api-notes.md "Images"): a chat completion with
 * `modalities: ["image", "text"]`; the images come back as data URLs in
 * `choices[0].message.images[].image_url.url`, and `usage.cost` is what OpenRouter charged (the
 * figure the budget settles at, as for chat). One image a request (its models make one).
 */
import { UpstreamError } from '../errors';
import type { HttpClient } from '../shared/http';
import { toProviderCost } from '../shared/provider-cost';
import type { CallOptions, GeneratedImage, ImageRequest, ImageResult } from '../types';
import { IMAGE_ASPECTS } from '../image-types';

type Json = Record<string, unknown>;

const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/=]+)$/;
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);

export function openRouterImagePayload(request: ImageRequest): Json {
  return {
    model: request.model,
    messages: [{ role: 'user', content: request.prompt }],
    modalities: ['image', 'text'],
    ...(request.size !== undefined && IMAGE_ASPECTS[request.size] && { image_config: { aspect_ratio: IMAGE_ASPECTS[request.size] } }),
    ...(request.user !== undefined && { user: request.user }),
  };
}

export function fromOpenRouterImages(body: Json, provider: string): ImageResult {
  const choices = Array.isArray(body.choices) ? (body.choices as Json[]) : [];
  const message = (choices[0]?.message ?? {}) as Json;
  const listed = Array.isArray(message.images) ? (message.images as Json[]) : [];
  const images: GeneratedImage[] = [];
  for (const item of listed) {
    const url = (item.image_url as Json | undefined)?.url;
    const match = typeof url === 'string' ? DATA_URL.exec(url) : null;
    if (match) images.push({ base64: match[2]!, mediaType: match[1]! });
  }
  if (images.length === 0) throw new UpstreamError(`${provider} answered no image`, { provider, isRetryable: false });
  const usage = body.usage as Json | undefined;
  if (!usage) return { images, usage: null };
  const promptTokens = count(usage.prompt_tokens);
  const completionTokens = count(usage.completion_tokens);
  const providerCost = toProviderCost(usage.cost);
  return {
    images,
    usage: {
      promptTokens,
      completionTokens,
      totalTokens: promptTokens + completionTokens,
      ...(providerCost !== undefined && { providerCost }),
    },
  };
}

export function openRouterImages(client: HttpClient, provider: string) {
  return {
    async generateImages(request: ImageRequest, { signal }: CallOptions): Promise<ImageResult> {
      return fromOpenRouterImages(await client.postJson('/chat/completions', openRouterImagePayload(request), signal), provider);
    },
  };
}
