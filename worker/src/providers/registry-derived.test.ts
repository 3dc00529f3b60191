import { OPEN_MODEL_PROVIDERS } from '../router/catalog/models';
import { PROVIDER_ENVIRONMENT } from '../router/settings/provider-hosts';
import { describeProvider, isOfflineProvider, NETWORK_PROVIDERS, OPEN_MODEL_PROVIDER_IDS, PROVIDER_DESCRIPTORS, PROVIDER_ENVIRONMENT_VARIABLES } from './registry';

/** What the rest of the worker derives from the provider descriptors instead of repeating provider names. */
describe('provider descriptors, derived', () => {
  it('lists every environment variable a provider reads (config.ts reads exactly these)', () => {
    expect([...PROVIDER_ENVIRONMENT_VARIABLES].sort()).toEqual(
      [
        'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'GEMINI_API_KEY', 'GEMINI_BASE_URL', 'MISTRAL_API_KEY',
        'MISTRAL_BASE_URL', 'OPENROUTER_API_KEY', 'OPENROUTER_BASE_URL', 'OLLAMA_BASE_URL', 'SVC_COMPAT_BASE_URL', 'SVC_COMPAT_API_KEY',
      ].sort(),
    );
  });

  it('only mock is offline; every other provider is configured by its environment or the admin', () => {
    expect(PROVIDER_DESCRIPTORS.filter(isOfflineProvider).map((descriptor) => descriptor.id)).toEqual(['mock']);
    expect(Object.keys(PROVIDER_ENVIRONMENT)).toEqual(NETWORK_PROVIDERS.map((descriptor) => descriptor.id));
    expect(PROVIDER_ENVIRONMENT.ollama).toEqual({ key: undefined, baseUrl: 'OLLAMA_BASE_URL', needsKey: false });
  });

  it('open-model providers agree with the catalog', () => {
    expect([...OPEN_MODEL_PROVIDER_IDS].sort()).toEqual([...OPEN_MODEL_PROVIDERS].sort());
  });

  it('every test model belongs to its provider; compat has none (the admin names one)', () => {
    for (const descriptor of PROVIDER_DESCRIPTORS) {
      if (descriptor.testModel !== null) expect(descriptor.testModel.startsWith(`${descriptor.id}/`)).toBe(true);
    }
    expect(describeProvider('compat')!.testModel).toBeNull();
  });
});
