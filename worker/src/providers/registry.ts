/**
 * The providers svc-hub knows: one line each, in the order the admin screen shows them. Each
 * provider's folder holds its descriptor (README.md, "Adding a provider"); everything below is
 * derived from the list, so nothing outside `providers/` names a provider.
 */
import { ANTHROPIC } from './anthropic/descriptor';
import { COMPAT } from './compat/descriptor';
import { DEEPSEEK } from './deepseek/descriptor';
import { GOOGLE } from './google/descriptor';
import { GROQ } from './groq/descriptor';
import { MISTRAL } from './mistral/descriptor';
import { MOCK } from './mock/descriptor';
import { OLLAMA } from './ollama/descriptor';
import { OPENAI } from './openai/descriptor';
import { OPENROUTER } from './openrouter/descriptor';
import type { ProviderDescriptor } from './types';
import { XAI } from './xai/descriptor';

/** Every provider's descriptor, in registry order. */
export const PROVIDER_DESCRIPTORS: readonly ProviderDescriptor[] = Object.freeze([
  OPENAI,
  ANTHROPIC,
  GOOGLE,
  MISTRAL,
  OPENROUTER,
  DEEPSEEK,
  GROQ,
  XAI,
  OLLAMA,
  COMPAT,
  MOCK,
]);

const BY_ID = new Map(PROVIDER_DESCRIPTORS.map((descriptor) => [descriptor.id, descriptor]));

/** The provider's descriptor, or null for a name svc-hub does not know. */
export function describeProvider(id: string): ProviderDescriptor | null {
  return BY_ID.get(id) ?? null;
}

/** The ids of every provider, in registry order. */
export const PROVIDER_IDS: readonly string[] = Object.freeze(PROVIDER_DESCRIPTORS.map((descriptor) => descriptor.id));

/**
 * Whether the provider calls no network (mock: defaultBaseUrl ''): it takes no key or base URL, only
 * an on/off switch (SVC_MOCK or the admin's `enabled`).
 */
export function isOfflineProvider(descriptor: ProviderDescriptor): boolean {
  return descriptor.defaultBaseUrl === '';
}

/** Providers that reach a network, in registry order: the ones configured by a key and/or base URL. */
export const NETWORK_PROVIDERS: readonly ProviderDescriptor[] = Object.freeze(
  PROVIDER_DESCRIPTORS.filter((descriptor) => !isOfflineProvider(descriptor)),
);

/** Every environment variable a provider reads (key, then base URL, per provider; docs/configuration.md). */
export const PROVIDER_ENVIRONMENT_VARIABLES: readonly string[] = Object.freeze(
  PROVIDER_DESCRIPTORS.flatMap(({ environment }) =>
    [environment.apiKey, environment.baseUrl].filter((name): name is string => name !== undefined),
  ),
);

/** Providers that accept any model name. */
export const OPEN_MODEL_PROVIDER_IDS: ReadonlySet<string> = new Set(
  PROVIDER_DESCRIPTORS.filter((descriptor) => descriptor.openModels).map((descriptor) => descriptor.id),
);
