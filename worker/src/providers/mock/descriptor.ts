import { EVERY_FEATURE } from '../model-facts';
import type { ProviderDescriptor } from '../types';
import { IMAGE_UNKNOWN_TOKENS } from './billing';
import { createMockProvider } from './mock';
import { MOCK_IMAGE_PRICES } from './image';

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
    {
      name: 'image',
      capability: 'images',
      contextWindow: 32_000,
      price: { input: 0, output: 0 },
      image: {
        sizes: ['auto', '1024x1024', '1024x1536', '1536x1024', '512x512', '256x256'],
        qualities: ['auto', 'low', 'medium', 'high'],
        maxImages: 10,
        options: ['background', 'output_format', 'output_compression', 'moderation', 'style'],
        edits: true,
        pricing: { kind: 'image', perImage: MOCK_IMAGE_PRICES },
        source: 'docs/api-notes.md "Images" (mock/image bills like DALL·E, per image)',
      },
    },
  ],
};
