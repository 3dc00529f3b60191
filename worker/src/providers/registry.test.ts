import { DEFAULT_BASE_URLS, PROVIDER_FACTORIES } from './registry';

describe('provider registry', () => {
  it('builds every provider under its own name, and each one closes', async () => {
    for (const [name, factory] of Object.entries(PROVIDER_FACTORIES)) {
      const provider = factory({ name, baseUrl: DEFAULT_BASE_URLS[name] ?? 'http://127.0.0.1:9/v1', apiKey: 'k', timeouts: { connectMs: 100, firstTokenMs: 100, idleMs: 100 } });
      expect(provider.name).toBe(name);
      await provider.close();
    }
    expect(Object.keys(PROVIDER_FACTORIES).sort()).toEqual(['anthropic', 'compat', 'google', 'mistral', 'mock', 'ollama', 'openai', 'openrouter']);
  });

  it('knows every default base URL but none for compat or mock', () => {
    expect(DEFAULT_BASE_URLS).toEqual({
      openai: 'https://api.openai.com/v1',
      anthropic: 'https://api.anthropic.com',
      google: 'https://generativelanguage.googleapis.com',
      mistral: 'https://api.mistral.ai/v1',
      openrouter: 'https://openrouter.ai/api/v1',
      ollama: 'http://127.0.0.1:11434',
    });
  });

  it('offers embeddings only where the provider has them', async () => {
    const timeouts = { connectMs: 100, firstTokenMs: 100, idleMs: 100 };
    const providers = Object.entries(PROVIDER_FACTORIES).map(([name, factory]) => factory({ name, baseUrl: 'http://127.0.0.1:9', apiKey: '', timeouts }));
    const withEmbeddings = providers.filter((provider) => provider.embed).map((provider) => provider.name);
    await Promise.all(providers.map((provider) => provider.close()));
    expect(withEmbeddings.sort()).toEqual(['compat', 'google', 'mistral', 'mock', 'ollama', 'openai', 'openrouter']);
  });
});
