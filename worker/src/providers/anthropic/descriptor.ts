import { NO_FEATURE } from '../model-facts';
import type { ProviderDescriptor } from '../types';
import { createAnthropicProvider } from './anthropic';
import { THINKING_BUDGETS } from './request';

/**
 * Anthropic (api.anthropic.com), its own Messages format. No seed, penalties, logprobs or logit
 * bias; JSON through its structured output or a forced tool. Cache read: its cache hits
 * (0.1 × input); cache write: 5-minute cache writes (1.25 × input). Images ≈ w·h/750 tokens after a
 * resize to ≤ 1568 px and ~1.15 MP, so at most ~1,600; thinking is billed on top of max_tokens
 * (docs/external/image-tokens.md).
 */
export const ANTHROPIC: ProviderDescriptor = {
  id: 'anthropic',
  factory: createAnthropicProvider,
  dialect: 'own',
  defaultBaseUrl: 'https://api.anthropic.com',
  environment: { apiKey: 'ANTHROPIC_API_KEY', baseUrl: 'ANTHROPIC_BASE_URL' },
  needsKey: true,
  testModel: 'anthropic/claude-3-5-haiku-latest',
  fetchesImageUrls: true,
  nativeDialects: ['anthropic-messages'],
  openModels: false,
  support: { ...NO_FEATURE, tools: true, images: true, jsonObject: true, jsonSchema: true },
  models: [
    {
      name: 'claude-3-5-haiku-latest',
      capability: 'chat',
      maxOutput: 8_192,
      imageTokens: 1_600,
      contextWindow: 200_000,
      price: { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 },
      purposes: { 'customer-care': 1 },
    },
    {
      name: 'claude-haiku-4-5',
      capability: 'chat',
      maxOutput: 64_000,
      imageTokens: 1_600,
      reasoningBeyondLimit: THINKING_BUDGETS,
      contextWindow: 200_000,
      price: { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 },
      supports: { reasoning: true },
    },
    {
      name: 'claude-sonnet-4-5',
      capability: 'chat',
      maxOutput: 64_000,
      imageTokens: 1_600,
      reasoningBeyondLimit: THINKING_BUDGETS,
      contextWindow: 200_000,
      price: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
      supports: { reasoning: true },
      purposes: { sales: 2, 'internal-advisory': 1, quality: 1 },
    },
  ],
};
