import { EVERY_FEATURE } from '../model-facts';
import type { ProviderDescriptor } from '../types';
import { createGoogleProvider } from './google';
import { GOOGLE_IMAGE_MODELS } from './image-models';

/**
 * Google Gemini (generativelanguage.googleapis.com), its own format. Seed and penalties in
 * generationConfig, no logprobs or logit bias; it cannot fetch image URLs. Cache read: Gemini's
 * context-caching price (its hourly storage fee is not per call and is not counted).
 */
export const GOOGLE: ProviderDescriptor = {
  id: 'google',
  factory: createGoogleProvider,
  dialect: 'own',
  defaultBaseUrl: 'https://generativelanguage.googleapis.com',
  environment: { apiKey: 'GEMINI_API_KEY', baseUrl: 'GEMINI_BASE_URL' },
  needsKey: true,
  testModel: 'google/gemini-2.0-flash',
  fetchesImageUrls: false,
  openModels: false,
  support: { ...EVERY_FEATURE, reasoning: false, logprobs: false, logitBias: false },
  models: [
    {
      name: 'gemini-2.0-flash',
      capability: 'chat',
      maxOutput: 8_192,
      imageTokens: 4_128,
      contextWindow: 1_048_576,
      price: { input: 0.1, output: 0.4, cacheRead: 0.025 },
      purposes: { 'customer-care': 3, fast: 1 },
    },
    {
      name: 'gemini-2.5-flash',
      capability: 'chat',
      maxOutput: 65_536,
      imageTokens: 4_128,
      contextWindow: 1_048_576,
      price: { input: 0.3, output: 2.5, cacheRead: 0.03 },
      supports: { reasoning: true },
    },
    {
      name: 'gemini-2.5-pro',
      capability: 'chat',
      maxOutput: 65_536,
      imageTokens: 4_128,
      contextWindow: 1_048_576,
      price: { input: 1.25, output: 10, cacheRead: 0.125 },
      supports: { reasoning: true },
      purposes: { 'internal-advisory': 3, quality: 3 },
    },
    {
      name: 'gemini-embedding-001',
      capability: 'embeddings',
      contextWindow: 2_048,
      price: { input: 0.15, output: 0 },
      dimensions: { size: 3_072, shortens: true },
      purposes: { 'semantic-search': 3 },
    },
    ...GOOGLE_IMAGE_MODELS,
  ],
};
