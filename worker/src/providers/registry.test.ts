import { describeProvider, isOfflineProvider, NETWORK_PROVIDERS, OPEN_MODEL_PROVIDER_IDS, PROVIDER_DESCRIPTORS, PROVIDER_ENVIRONMENT_VARIABLES, PROVIDER_IDS } from './registry';

const timeouts = { connectMs: 100, firstTokenMs: 100, idleMs: 100 };

describe('provider registry', () => {
  it('builds every provider under its own name, and each one closes', async () => {
    for (const descriptor of PROVIDER_DESCRIPTORS) {
      const provider = descriptor.factory({ name: descriptor.id, baseUrl: descriptor.defaultBaseUrl || 'http://127.0.0.1:9/v1', apiKey: 'k', timeouts });
      expect(provider.name).toBe(descriptor.id);
      await provider.close();
    }
    expect([...PROVIDER_IDS].sort()).toEqual(['anthropic', 'compat', 'google', 'mistral', 'mock', 'ollama', 'openai', 'openrouter']);
  });

  it('knows every default base URL but none for compat (the admin gives one) or mock (no network)', () => {
    expect(Object.fromEntries(PROVIDER_DESCRIPTORS.map((descriptor) => [descriptor.id, descriptor.defaultBaseUrl]))).toEqual({
      openai: 'https://api.openai.com/v1',
      anthropic: 'https://api.anthropic.com',
      google: 'https://generativelanguage.googleapis.com',
      mistral: 'https://api.mistral.ai/v1',
      openrouter: 'https://openrouter.ai/api/v1',
      ollama: 'http://127.0.0.1:11434',
      compat: null,
      mock: '',
    });
  });

  it('offers embeddings only where the provider has them', async () => {
    const providers = PROVIDER_DESCRIPTORS.map((descriptor) => descriptor.factory({ name: descriptor.id, baseUrl: 'http://127.0.0.1:9', apiKey: '', timeouts }));
    const withEmbeddings = providers.filter((provider) => provider.embed).map((provider) => provider.name);
    await Promise.all(providers.map((provider) => provider.close()));
    expect(withEmbeddings.sort()).toEqual(['compat', 'google', 'mistral', 'mock', 'ollama', 'openai', 'openrouter']);
  });

  it('lists every environment variable a provider reads (config.ts reads exactly these)', () => {
    expect([...PROVIDER_ENVIRONMENT_VARIABLES].sort()).toEqual(
      [
        'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'GEMINI_API_KEY', 'GEMINI_BASE_URL', 'MISTRAL_API_KEY',
        'MISTRAL_BASE_URL', 'OPENROUTER_API_KEY', 'OPENROUTER_BASE_URL', 'OLLAMA_BASE_URL', 'SVC_COMPAT_BASE_URL', 'SVC_COMPAT_API_KEY',
      ].sort(),
    );
  });

  it('only mock is offline; open-model providers are openrouter, ollama and compat', () => {
    expect(PROVIDER_DESCRIPTORS.filter(isOfflineProvider).map((descriptor) => descriptor.id)).toEqual(['mock']);
    expect(NETWORK_PROVIDERS.map((descriptor) => descriptor.id)).not.toContain('mock');
    expect([...OPEN_MODEL_PROVIDER_IDS].sort()).toEqual(['compat', 'ollama', 'openrouter']);
  });

  it('every descriptor is whole: test model its own and catalogued, model names unique, prices not negative', () => {
    for (const descriptor of PROVIDER_DESCRIPTORS) {
      const names = descriptor.models.map((model) => model.name);
      expect(new Set(names).size).toBe(names.length);
      if (descriptor.testModel !== null) expect(names.map((name) => `${descriptor.id}/${name}`)).toContain(descriptor.testModel);
      for (const model of descriptor.models) {
        for (const price of Object.values(model.price)) expect(price).toBeGreaterThanOrEqual(0);
        if (model.capability === 'embeddings') expect(model.supports).toBeUndefined();
      }
      if (descriptor.dialect === 'own') expect(describeProvider(descriptor.id)).toBe(descriptor);
      if (descriptor.needsKey) expect(descriptor.environment.apiKey).toBeDefined();
    }
    expect(describeProvider('compat')!.testModel).toBeNull();
    expect(describeProvider('nobody')).toBeNull();
  });
});
