import { EVERY_FEATURE } from '../model-facts';
import type { ProviderDescriptor } from '../types';
import { IMAGE_UNKNOWN_TOKENS } from './billing';
import { createMockProvider } from './mock';

/**
 * The offline provider (docs/architecture.md §9's mock/echo): no network (`defaultBaseUrl: ''`),
 * on with SVC_MOCK or the admin's switch. Its first chat and embedding models stand in for a
 * purpose when no provider of it is configured. `imageTokens`: the most one image costs by its
 * billing (billing.ts), what a budget reserves per image.
 */
export const MOCK: ProviderDescriptor = {
  id: 'mock',
  factory: createMockProvider,
  dialect: 'own',
  defaultBaseUrl: '',
  environment: {},
  needsKey: false,
  testModel: 'mock/echo',
  fetchesImageUrls: true,
  openModels: false,
  support: EVERY_FEATURE,
  models: [
    { name: 'echo', capability: 'chat', contextWindow: 32_768, price: { input: 0, output: 0 }, imageTokens: IMAGE_UNKNOWN_TOKENS },
    { name: 'slow', capability: 'chat', contextWindow: 32_768, price: { input: 0, output: 0 }, imageTokens: IMAGE_UNKNOWN_TOKENS },
    {
      name: 'embed',
      capability: 'embeddings',
      contextWindow: 8_192,
      price: { input: 0, output: 0 },
      dimensions: { size: 256, shortens: true },
    },
  ],
};
