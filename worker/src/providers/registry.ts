/**
 * Provider ids → factories (Portkey's registry), and where each provider lives by default.
 * `compat` has no default base URL (the admin must give one); `mock` needs none.
 */
import { createAnthropicProvider } from './anthropic/anthropic';
import { createCompatProvider } from './compat/compat';
import { createGoogleProvider } from './google/google';
import { createMistralProvider } from './mistral/mistral';
import { createMockProvider } from './mock/mock';
import { createOllamaProvider } from './ollama/ollama';
import { createOpenAiProvider } from './openai/openai';
import { createOpenRouterProvider } from './openrouter/openrouter';
import type { ProviderDescriptor, ProviderFactory } from './types';

export const PROVIDER_FACTORIES: Readonly<Record<string, ProviderFactory>> = Object.freeze({
  openai: createOpenAiProvider,
  anthropic: createAnthropicProvider,
  google: createGoogleProvider,
  mistral: createMistralProvider,
  openrouter: createOpenRouterProvider,
  ollama: createOllamaProvider,
  compat: createCompatProvider,
  mock: createMockProvider,
});

export const DEFAULT_BASE_URLS: Readonly<Record<string, string>> = Object.freeze({
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
  google: 'https://generativelanguage.googleapis.com',
  mistral: 'https://api.mistral.ai/v1',
  openrouter: 'https://openrouter.ai/api/v1',
  ollama: 'http://127.0.0.1:11434',
});

type DescriptorRow = Omit<ProviderDescriptor, 'id'>;

const DESCRIPTORS: Readonly<Record<string, DescriptorRow>> = {
  openai: { factory: createOpenAiProvider, defaultBaseUrl: DEFAULT_BASE_URLS.openai!, environment: { apiKey: 'OPENAI_API_KEY', baseUrl: 'OPENAI_BASE_URL' }, needsKey: true, testModel: 'openai/gpt-4o-mini', fetchesImageUrls: true, openModels: false },
  anthropic: { factory: createAnthropicProvider, defaultBaseUrl: DEFAULT_BASE_URLS.anthropic!, environment: { apiKey: 'ANTHROPIC_API_KEY', baseUrl: 'ANTHROPIC_BASE_URL' }, needsKey: true, testModel: 'anthropic/claude-3-5-haiku-latest', fetchesImageUrls: true, openModels: false },
  google: { factory: createGoogleProvider, defaultBaseUrl: DEFAULT_BASE_URLS.google!, environment: { apiKey: 'GEMINI_API_KEY', baseUrl: 'GEMINI_BASE_URL' }, needsKey: true, testModel: 'google/gemini-2.0-flash', fetchesImageUrls: false, openModels: false },
  mistral: { factory: createMistralProvider, defaultBaseUrl: DEFAULT_BASE_URLS.mistral!, environment: { apiKey: 'MISTRAL_API_KEY', baseUrl: 'MISTRAL_BASE_URL' }, needsKey: true, testModel: 'mistral/mistral-small-latest', fetchesImageUrls: true, openModels: false },
  openrouter: { factory: createOpenRouterProvider, defaultBaseUrl: DEFAULT_BASE_URLS.openrouter!, environment: { apiKey: 'OPENROUTER_API_KEY', baseUrl: 'OPENROUTER_BASE_URL' }, needsKey: true, testModel: 'openrouter/openai/gpt-4o-mini', fetchesImageUrls: true, openModels: true },
  ollama: { factory: createOllamaProvider, defaultBaseUrl: DEFAULT_BASE_URLS.ollama!, environment: { baseUrl: 'OLLAMA_BASE_URL' }, needsKey: false, testModel: 'ollama/llama3.2', fetchesImageUrls: false, openModels: true },
  compat: { factory: createCompatProvider, defaultBaseUrl: null, environment: { apiKey: 'SVC_COMPAT_API_KEY', baseUrl: 'SVC_COMPAT_BASE_URL' }, needsKey: false, testModel: null, fetchesImageUrls: false, openModels: true },
  mock: { factory: createMockProvider, defaultBaseUrl: '', environment: {}, needsKey: false, testModel: 'mock/echo', fetchesImageUrls: true, openModels: false },
};

/** Every provider's descriptor, in registry order. */
export const PROVIDER_DESCRIPTORS: readonly ProviderDescriptor[] = Object.freeze(Object.entries(DESCRIPTORS).map(([id, row]) => ({ id, ...row })));

/** The provider's descriptor, or null for a name svc-hub does not know. */
export function describeProvider(id: string): ProviderDescriptor | null {
  return PROVIDER_DESCRIPTORS.find((descriptor) => descriptor.id === id) ?? null;
}

/** Whether the provider calls no network (mock: defaultBaseUrl ''): it takes no key or base URL, only an on/off switch (SVC_MOCK or the admin's `enabled`). */
export function isOfflineProvider(descriptor: ProviderDescriptor): boolean {
  return descriptor.defaultBaseUrl === '';
}

/** Providers that reach a network, in registry order: the ones configured by a key and/or base URL. */
export const NETWORK_PROVIDERS: readonly ProviderDescriptor[] = Object.freeze(PROVIDER_DESCRIPTORS.filter((descriptor) => !isOfflineProvider(descriptor)));

/** Every environment variable a provider reads (key, then base URL, per provider; docs/configuration.md). */
export const PROVIDER_ENVIRONMENT_VARIABLES: readonly string[] = Object.freeze(
  PROVIDER_DESCRIPTORS.flatMap(({ environment }) => [environment.apiKey, environment.baseUrl].filter((name): name is string => name !== undefined)),
);

/** Providers that accept any model name (catalog.ts's OPEN_MODEL_PROVIDERS). */
export const OPEN_MODEL_PROVIDER_IDS: ReadonlySet<string> = new Set(PROVIDER_DESCRIPTORS.filter((descriptor) => descriptor.openModels).map((descriptor) => descriptor.id));
