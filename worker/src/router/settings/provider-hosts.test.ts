import {
  baseUrlNeedsGuard,
  environmentKeyMayGoTo,
  fallbackBaseUrl,
  isShippedBaseUrl,
  keyRequiredProblem,
  sameBaseUrl,
} from './provider-hosts';

describe('where a provider key may go', () => {
  it('compares base URLs by scheme, host, port and path, not by spelling', () => {
    expect(sameBaseUrl('https://API.openai.com/v1/', 'https://api.openai.com:443/v1')).toBe(true);
    expect(sameBaseUrl('https://api.openai.com/v1', 'http://api.openai.com/v1')).toBe(false);
    expect(sameBaseUrl('https://api.openai.com/v1', 'https://api.openai.com.evil.example/v1')).toBe(false);
    expect(sameBaseUrl(null, undefined)).toBe(true);
    expect(sameBaseUrl(null, 'https://api.openai.com/v1')).toBe(false);
    expect(sameBaseUrl('not a url', 'not a url')).toBe(false);
  });

  it("sends an environment key only to the provider's shipped host or the environment's base URL", () => {
    expect(environmentKeyMayGoTo('openai', 'https://api.openai.com/v1', undefined)).toBe(true);
    expect(environmentKeyMayGoTo('openai', 'https://collector.example/v1', undefined)).toBe(false);
    expect(environmentKeyMayGoTo('openai', 'http://127.0.0.1:9000/openai/v1', 'http://127.0.0.1:9000/openai/v1/')).toBe(true);
    expect(environmentKeyMayGoTo('openai', 'http://127.0.0.1:9000/compat/v1', 'http://127.0.0.1:9000/openai/v1')).toBe(false);
    expect(environmentKeyMayGoTo('compat', 'https://llm.example/v1', undefined)).toBe(false); // compat has no shipped host
  });

  it("guards admin-entered base URLs, but not the shipped one (Ollama's local default too) or the environment's", () => {
    expect(baseUrlNeedsGuard('openai', 'http://10.0.0.1/v1', undefined)).toBe(true);
    expect(baseUrlNeedsGuard('openai', 'https://api.openai.com/v1', undefined)).toBe(false);
    expect(baseUrlNeedsGuard('ollama', 'http://127.0.0.1:11434', undefined)).toBe(false);
    expect(baseUrlNeedsGuard('ollama', 'http://localhost:11434/', undefined)).toBe(false);
    expect(baseUrlNeedsGuard('ollama', 'http://127.0.0.1:11435', undefined)).toBe(true);
    expect(baseUrlNeedsGuard('openai', 'http://127.0.0.1:9000/openai/v1', 'http://127.0.0.1:9000/openai/v1')).toBe(false);
    expect(baseUrlNeedsGuard('openai', null, undefined)).toBe(false);
    expect(isShippedBaseUrl('anthropic', 'https://api.anthropic.com/')).toBe(true);
  });

  it('asks for the key again when a change moves the base URL while a key is stored', () => {
    const stored = { apiKey: 'sk-stored', baseUrl: null };
    expect(keyRequiredProblem(stored, { baseUrl: 'https://collector.example/v1' })).toMatch(/^is required when the base URL changes/);
    expect(keyRequiredProblem({ apiKey: 'sk-stored', baseUrl: 'https://a.example/v1' }, { baseUrl: null })).not.toBeNull();
    expect(keyRequiredProblem(stored, { baseUrl: 'https://collector.example/v1', apiKey: 'sk-new' })).toBeNull();
    expect(keyRequiredProblem(stored, { baseUrl: 'https://collector.example/v1', apiKey: null })).toBeNull();
    expect(keyRequiredProblem({ apiKey: 'sk-stored', baseUrl: 'https://a.example/v1' }, { baseUrl: 'https://A.example/v1/' })).toBeNull();
    expect(keyRequiredProblem({ apiKey: null, baseUrl: null }, { baseUrl: 'https://collector.example/v1' })).toBeNull();
    expect(keyRequiredProblem(undefined, { baseUrl: 'https://collector.example/v1' })).toBeNull();
    expect(keyRequiredProblem(stored, { enabled: false } as never)).toBeNull();
  });

  it("does not count naming the base URL already in force (the environment's or the shipped one) as a move", () => {
    const stored = { apiKey: 'sk-stored', baseUrl: null };
    expect(keyRequiredProblem(stored, { baseUrl: 'https://api.openai.com/v1/' }, 'https://api.openai.com/v1')).toBeNull();
    expect(
      keyRequiredProblem({ apiKey: 'sk-stored', baseUrl: 'https://api.openai.com/v1' }, { baseUrl: null }, 'https://api.openai.com/v1'),
    ).toBeNull();
    expect(
      keyRequiredProblem({ apiKey: 'sk-stored', baseUrl: 'https://a.example/v1' }, { baseUrl: null }, 'https://api.openai.com/v1'),
    ).not.toBeNull();
    expect(keyRequiredProblem(stored, { baseUrl: 'https://a.example/v1' }, 'https://api.openai.com/v1')).not.toBeNull();
    expect(fallbackBaseUrl('openai', undefined)).toBe('https://api.openai.com/v1');
    expect(fallbackBaseUrl('openai', 'http://127.0.0.1:9000/openai/v1')).toBe('http://127.0.0.1:9000/openai/v1');
    expect(fallbackBaseUrl('compat', undefined)).toBeNull();
  });
});
