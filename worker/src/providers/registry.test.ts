import {
  describeProvider,
  isOfflineProvider,
  NETWORK_PROVIDERS,
  OPEN_MODEL_PROVIDER_IDS,
  PROVIDER_DESCRIPTORS,
  PROVIDER_ENVIRONMENT_VARIABLES,
  PROVIDER_IDS,
} from './registry';

const timeouts = { connectMs: 100, firstTokenMs: 100, idleMs: 100 };

describe('provider registry', () => {
  it('builds every provider under its own name, and each one closes', async () => {
    for (const descriptor of PROVIDER_DESCRIPTORS) {
      const provider = descriptor.factory({
        name: descriptor.id,
        baseUrl: descriptor.defaultBaseUrl || 'http://127.0.0.1:9/v1',
        apiKey: 'k',
        timeouts,
      });
      expect(provider.name).toBe(descriptor.id);
      await provider.close();
    }
    expect(PROVIDER_IDS).toEqual(
      expect.arrayContaining(['anthropic', 'compat', 'google', 'mistral', 'mock', 'ollama', 'openai', 'openrouter']),
    );
    expect(new Set(PROVIDER_IDS).size).toBe(PROVIDER_IDS.length);
  });

  it('knows every default base URL but none for compat (the admin gives one) or mock (no network)', () => {
    expect(Object.fromEntries(PROVIDER_DESCRIPTORS.map((descriptor) => [descriptor.id, descriptor.defaultBaseUrl]))).toMatchObject({
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
    const providers = PROVIDER_DESCRIPTORS.map((descriptor) =>
      descriptor.factory({ name: descriptor.id, baseUrl: 'http://127.0.0.1:9', apiKey: '', timeouts }),
    );
    const withEmbeddings = providers.filter((provider) => provider.embed).map((provider) => provider.name);
    await Promise.all(providers.map((provider) => provider.close()));
    expect(withEmbeddings).toEqual(expect.arrayContaining(['compat', 'google', 'mistral', 'mock', 'ollama', 'openai', 'openrouter']));
    expect(withEmbeddings).not.toContain('anthropic');
  });

  it('lists every environment variable a provider reads (config.ts reads exactly these), each once', () => {
    expect(PROVIDER_ENVIRONMENT_VARIABLES).toEqual(
      expect.arrayContaining([
        'OPENAI_API_KEY',
        'OPENAI_BASE_URL',
        'ANTHROPIC_API_KEY',
        'ANTHROPIC_BASE_URL',
        'GEMINI_API_KEY',
        'GEMINI_BASE_URL',
        'MISTRAL_API_KEY',
        'MISTRAL_BASE_URL',
        'OPENROUTER_API_KEY',
        'OPENROUTER_BASE_URL',
        'OLLAMA_BASE_URL',
        'SVC_COMPAT_BASE_URL',
        'SVC_COMPAT_API_KEY',
      ]),
    );
    expect(new Set(PROVIDER_ENVIRONMENT_VARIABLES).size).toBe(PROVIDER_ENVIRONMENT_VARIABLES.length);
    for (const name of PROVIDER_ENVIRONMENT_VARIABLES) expect(name).toMatch(/^[A-Z][A-Z0-9_]*_(API_KEY|BASE_URL)$/);
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
