import { EVERY_FEATURE } from '../model-facts';
import type { ProviderDescriptor } from '../types';
import { createDeepSeekProvider } from './deepseek';

/**
 * DeepSeek. List prices per million tokens from api-docs.deepseek.com/quick_start/pricing
 * (DeepSeek-V3.2 behind both names, 128K context; read 2026-11-27): input on a cache miss 0.28,
 * on a cache hit 0.028, output 0.42. JSON mode but no JSON schema, no images, no seed or logit
 * bias; deepseek-reasoner takes no sampling penalties or logprobs.
 */
export const DEEPSEEK: ProviderDescriptor = {
  id: 'deepseek',
  factory: createDeepSeekProvider,
  dialect: 'openai-compatible',
  defaultBaseUrl: 'https://api.deepseek.com',
  environment: { apiKey: 'DEEPSEEK_API_KEY', baseUrl: 'DEEPSEEK_BASE_URL' },
  needsKey: true,
  testModel: 'deepseek/deepseek-chat',
  fetchesImageUrls: false,
  openModels: false,
  support: { ...EVERY_FEATURE, images: false, jsonSchema: false, reasoning: false, seed: false, logitBias: false },
  models: [
    {
      name: 'deepseek-chat',
      capability: 'chat',
      maxOutput: 8_192,
      contextWindow: 128_000,
      price: { input: 0.28, output: 0.42, cacheRead: 0.028 },
    },
    {
      name: 'deepseek-reasoner',
      capability: 'chat',
      maxOutput: 65_536,
      contextWindow: 128_000,
      price: { input: 0.28, output: 0.42, cacheRead: 0.028 },
      supports: { logprobs: false, penalties: false },
    },
  ],
};
