import { EVERY_FEATURE } from '../model-facts';
import type { ProviderDescriptor } from '../types';
import { createGroqProvider } from './groq';

/**
 * Groq. List prices per million tokens from groq.com/pricing (read 2026-11-27): prompt-cache
 * hits at half the input price where Groq caches (gpt-oss). No logprobs or logit bias (its
 * OpenAI-compatibility page: a 400), no images on these models; gpt-oss takes
 * `reasoning_effort` and JSON schemas.
 */
export const GROQ: ProviderDescriptor = {
  id: 'groq',
  factory: createGroqProvider,
  dialect: 'openai-compatible',
  defaultBaseUrl: 'https://api.groq.com/openai/v1',
  environment: { apiKey: 'GROQ_API_KEY', baseUrl: 'GROQ_BASE_URL' },
  needsKey: true,
  testModel: 'groq/llama-3.1-8b-instant',
  fetchesImageUrls: false,
  openModels: false,
  support: { ...EVERY_FEATURE, images: false, jsonSchema: false, reasoning: false, logprobs: false, logitBias: false },
  models: [
    { name: 'llama-3.1-8b-instant', capability: 'chat', maxOutput: 131_072, contextWindow: 131_072, price: { input: 0.05, output: 0.08 } },
    {
      name: 'llama-3.3-70b-versatile',
      capability: 'chat',
      maxOutput: 32_768,
      contextWindow: 131_072,
      price: { input: 0.59, output: 0.79 },
    },
    {
      name: 'openai/gpt-oss-120b',
      capability: 'chat',
      maxOutput: 65_536,
      contextWindow: 131_072,
      price: { input: 0.15, output: 0.6, cacheRead: 0.075 },
      supports: { reasoning: true, jsonSchema: true },
    },
  ],
};
