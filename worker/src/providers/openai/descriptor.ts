import { EVERY_FEATURE, type ModelSupport } from '../model-facts';
import type { ProviderDescriptor } from '../types';
import { createOpenAiProvider } from './openai';
import { OPENAI_IMAGE_MODELS } from './image-models';

/**
 * OpenAI's reasoning models (o-series, gpt-5) take `reasoning_effort` and refuse the sampling
 * controls: no penalties, logprobs or logit bias (OpenAI's reasoning guide).
 */
const REASONING: Partial<ModelSupport> = { reasoning: true, logprobs: false, penalties: false, logitBias: false };

/**
 * OpenAI (api.openai.com/v1). List prices per million tokens; cache read is OpenAI's "cached
 * input": half of input for the gpt-4o family, a quarter for gpt-4.1, o3 and o4-mini, a tenth
 * for gpt-5 (docs/providers.md, "The providers").
 */
export const OPENAI: ProviderDescriptor = {
  id: 'openai',
  factory: createOpenAiProvider,
  dialect: 'openai-compatible',
  defaultBaseUrl: 'https://api.openai.com/v1',
  environment: { apiKey: 'OPENAI_API_KEY', baseUrl: 'OPENAI_BASE_URL' },
  needsKey: true,
  testModel: 'openai/gpt-4o-mini',
  fetchesImageUrls: true,
  openModels: false,
  support: { ...EVERY_FEATURE, reasoning: false },
  models: [
    {
      name: 'gpt-4o-mini',
      capability: 'chat',
      maxOutput: 16_384,
      imageTokens: 48_169,
      contextWindow: 128_000,
      price: { input: 0.15, output: 0.6, cacheRead: 0.075 },
      purposes: { 'customer-care': 2, sales: 3, fast: 2 },
    },
    {
      name: 'gpt-4o',
      capability: 'chat',
      maxOutput: 16_384,
      imageTokens: 1_445,
      contextWindow: 128_000,
      price: { input: 2.5, output: 10, cacheRead: 1.25 },
      purposes: { sales: 1 },
    },
    {
      name: 'gpt-4.1-mini',
      capability: 'chat',
      maxOutput: 32_768,
      imageTokens: 2_489,
      contextWindow: 1_047_576,
      price: { input: 0.4, output: 1.6, cacheRead: 0.1 },
    },
    {
      name: 'gpt-4.1',
      capability: 'chat',
      maxOutput: 32_768,
      imageTokens: 1_536,
      contextWindow: 1_047_576,
      price: { input: 2, output: 8, cacheRead: 0.5 },
      purposes: { 'internal-advisory': 2, quality: 2 },
    },
    {
      name: 'gpt-5',
      capability: 'chat',
      maxOutput: 128_000,
      imageTokens: 1_844,
      contextWindow: 400_000,
      price: { input: 1.25, output: 10, cacheRead: 0.125 },
      supports: REASONING,
    },
    {
      name: 'gpt-5-mini',
      capability: 'chat',
      maxOutput: 128_000,
      imageTokens: 2_489,
      contextWindow: 400_000,
      price: { input: 0.25, output: 2, cacheRead: 0.025 },
      supports: REASONING,
    },
    {
      name: 'o3',
      capability: 'chat',
      maxOutput: 100_000,
      imageTokens: 1_275,
      contextWindow: 200_000,
      price: { input: 2, output: 8, cacheRead: 0.5 },
      supports: REASONING,
    },
    {
      name: 'o4-mini',
      capability: 'chat',
      maxOutput: 100_000,
      imageTokens: 2_642,
      contextWindow: 200_000,
      price: { input: 1.1, output: 4.4, cacheRead: 0.275 },
      supports: REASONING,
    },
    {
      name: 'text-embedding-3-small',
      capability: 'embeddings',
      contextWindow: 8_191,
      price: { input: 0.02, output: 0 },
      dimensions: { size: 1_536, shortens: true },
      purposes: { 'semantic-search': 1 },
    },
    {
      name: 'text-embedding-3-large',
      capability: 'embeddings',
      contextWindow: 8_191,
      price: { input: 0.13, output: 0 },
      dimensions: { size: 3_072, shortens: true },
    },
    {
      name: 'text-embedding-ada-002',
      capability: 'embeddings',
      contextWindow: 8_191,
      price: { input: 0.1, output: 0 },
      dimensions: { size: 1_536, shortens: false },
    },
    ...OPENAI_IMAGE_MODELS,
  ],
};
