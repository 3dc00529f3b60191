import { EVERY_FEATURE } from '../model-facts';
import type { ProviderDescriptor } from '../types';
import { createXaiProvider } from './xai';

/**
 * xAI (Grok). List prices per million tokens from docs.x.ai/docs/models (read 2026-11-27),
 * cached input as cache read. grok-4 reasons always and refuses `reasoning_effort` and the
 * penalties; grok-3-mini takes `reasoning_effort` and no images. No logprobs, seed or logit bias.
 */
export const XAI: ProviderDescriptor = {
  id: 'xai',
  factory: createXaiProvider,
  dialect: 'openai-compatible',
  defaultBaseUrl: 'https://api.x.ai/v1',
  environment: { apiKey: 'XAI_API_KEY', baseUrl: 'XAI_BASE_URL' },
  needsKey: true,
  testModel: 'xai/grok-3-mini',
  fetchesImageUrls: true,
  openModels: false,
  support: { ...EVERY_FEATURE, reasoning: false, logprobs: false, seed: false, logitBias: false },
  models: [
    {
      name: 'grok-4',
      capability: 'chat',
      contextWindow: 256_000,
      price: { input: 3, output: 15, cacheRead: 0.75 },
      supports: { penalties: false },
    },
    {
      name: 'grok-4-1-fast-non-reasoning',
      capability: 'chat',
      contextWindow: 2_000_000,
      price: { input: 0.2, output: 0.5, cacheRead: 0.05 },
    },
    {
      name: 'grok-3-mini',
      capability: 'chat',
      contextWindow: 131_072,
      price: { input: 0.3, output: 0.5, cacheRead: 0.075 },
      supports: { reasoning: true, images: false },
    },
  ],
};
