import { EVERY_FEATURE } from '../model-facts';
import type { ProviderDescriptor } from '../types';
import { createMistralProvider } from './mistral';

/** Mistral (api.mistral.ai/v1), an OpenAI-compatible dialect: `random_seed` and penalties, no logprobs or logit bias, no cache discount. */
export const MISTRAL: ProviderDescriptor = {
  id: 'mistral',
  factory: createMistralProvider,
  dialect: 'openai-compatible',
  defaultBaseUrl: 'https://api.mistral.ai/v1',
  environment: { apiKey: 'MISTRAL_API_KEY', baseUrl: 'MISTRAL_BASE_URL' },
  needsKey: true,
  testModel: 'mistral/mistral-small-latest',
  fetchesImageUrls: true,
  openModels: false,
  support: { ...EVERY_FEATURE, reasoning: false, logprobs: false, logitBias: false },
  models: [
    { name: 'mistral-small-latest', capability: 'chat', contextWindow: 128_000, price: { input: 0.1, output: 0.3 }, purposes: { fast: 3 } },
    {
      name: 'mistral-large-latest',
      capability: 'chat',
      contextWindow: 128_000,
      price: { input: 2, output: 6 },
      supports: { images: false },
    },
    {
      name: 'mistral-embed',
      capability: 'embeddings',
      contextWindow: 8_192,
      price: { input: 0.1, output: 0 },
      dimensions: { size: 1_024, shortens: false },
      purposes: { 'semantic-search': 2 },
    },
    {
      name: 'codestral-embed',
      capability: 'embeddings',
      contextWindow: 8_192,
      price: { input: 0.15, output: 0 },
      dimensions: { size: 3_072, shortens: true },
    },
  ],
};
