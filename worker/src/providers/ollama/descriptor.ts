import { EVERY_FEATURE } from '../model-facts';
import type { ProviderDescriptor } from '../types';
import { createOllamaProvider } from './ollama';

/**
 * Ollama, its native `/api/chat`: no key; configured only by naming where it lives (its local
 * default is not assumed). Seed and penalties in `options`, no logprobs or logit bias; it cannot
 * fetch image URLs. Any model name, free unless the admin prices it: it runs on the admin's own machine.
 */
export const OLLAMA: ProviderDescriptor = {
  id: 'ollama',
  factory: createOllamaProvider,
  dialect: 'own',
  defaultBaseUrl: 'http://127.0.0.1:11434',
  defaultBaseUrlAliases: ['http://localhost:11434'],
  environment: { baseUrl: 'OLLAMA_BASE_URL' },
  needsKey: false,
  testModel: 'ollama/llama3.2',
  fetchesImageUrls: false,
  openModels: true,
  unlistedFree: true,
  support: { ...EVERY_FEATURE, logprobs: false, logitBias: false },
  models: [
    {
      name: 'llama3.2',
      capability: 'chat',
      contextWindow: 128_000,
      price: { input: 0, output: 0 },
      supports: { images: false, reasoning: false },
    },
    {
      name: 'nomic-embed-text',
      capability: 'embeddings',
      contextWindow: 8_192,
      price: { input: 0, output: 0 },
      dimensions: { size: 768, shortens: true },
    },
  ],
};
