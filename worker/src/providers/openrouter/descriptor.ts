import { EVERY_FEATURE } from '../model-facts';
import type { ProviderDescriptor } from '../types';
import { createOpenRouterProvider } from './openrouter';
import { OPENROUTER_IMAGE_MODELS } from './image-models';
import { OPENROUTER_PRICE_LIST } from './price-list';

/** OpenRouter (openrouter.ai/api/v1): any model name it routes; two shipped with their list prices, the rest loaded by `hub price sync openrouter`. */
export const OPENROUTER: ProviderDescriptor = {
  id: 'openrouter',
  factory: createOpenRouterProvider,
  dialect: 'openai-compatible',
  defaultBaseUrl: 'https://openrouter.ai/api/v1',
  environment: { apiKey: 'OPENROUTER_API_KEY', baseUrl: 'OPENROUTER_BASE_URL' },
  needsKey: true,
  testModel: 'openrouter/openai/gpt-4o-mini',
  fetchesImageUrls: true,
  openModels: true,
  support: EVERY_FEATURE,
  priceList: OPENROUTER_PRICE_LIST,
  models: [
    {
      name: 'openai/gpt-4o-mini',
      capability: 'chat',
      maxOutput: 16_384,
      imageTokens: 48_169,
      contextWindow: 128_000,
      price: { input: 0.15, output: 0.6, cacheRead: 0.075 },
      supports: { reasoning: false },
    },
    {
      name: 'anthropic/claude-3.5-haiku',
      capability: 'chat',
      maxOutput: 8_192,
      imageTokens: 1_600,
      contextWindow: 200_000,
      price: { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 },
      supports: { reasoning: false, seed: false, penalties: false, logprobs: false, logitBias: false },
    },
    ...OPENROUTER_IMAGE_MODELS,
  ],
};
