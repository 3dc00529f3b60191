import { EVERY_FEATURE } from '../model-facts';
import type { ProviderDescriptor } from '../types';
import { createCompatProvider } from './compat';

/** Any other OpenAI-compatible server at the base URL the admin gives (no default, key optional); any model name. */
export const COMPAT: ProviderDescriptor = {
  id: 'compat',
  factory: createCompatProvider,
  dialect: 'openai-compatible',
  defaultBaseUrl: null,
  environment: { apiKey: 'SVC_COMPAT_API_KEY', baseUrl: 'SVC_COMPAT_BASE_URL' },
  needsKey: false,
  testModel: null,
  fetchesImageUrls: false,
  openModels: true,
  support: EVERY_FEATURE,
  models: [],
};
