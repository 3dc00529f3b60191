import { collect, useFixtureProvider } from '../__fixtures__/fixture-server';
import { createDeepSeekProvider } from './deepseek';
import { DEEPSEEK } from './descriptor';
import type { StreamEvent } from '../types';

const signal = () => new AbortController().signal;
const request = { model: 'deepseek-reasoner', messages: [{ role: 'user' as const, content: 'Say hello.' }] };
const text = (events: StreamEvent[]) => events.map((event) => (event.type === 'delta' ? event.text : '')).join('');

describe('deepseek provider', () => {
  const upstream = useFixtureProvider(createDeepSeekProvider, 'deepseek', {
    settings: { apiKey: 'sk-deepseek-test' },
    framing: { done: true },
  });

  it('streams the answer without reasoning_content, cached tokens from prompt_cache_hit_tokens', async () => {
    upstream.serve('deepseek-reasoner-cache-hit-synthetic.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));
    expect(text(events)).toBe('Hello there!');
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage: { promptTokens: 80, completionTokens: 12, totalTokens: 92, cachedTokens: 64, reasoningTokens: 9 } },
    ]);
    const sent = upstream.server.requests.at(-1)!;
    expect(sent.url).toBe('/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-deepseek-test');
    expect(sent.body).toMatchObject({ model: 'deepseek-reasoner', stream: true, stream_options: { include_usage: true } });
  });

  it('answers a JSON-mode call with content, not reasoning_content (recorded)', async () => {
    upstream.serve('deepseek-json.json');
    const result = await upstream.provider.chat(request, { signal: signal() });
    expect(JSON.parse(result.content)).toBeInstanceOf(Object);
    expect(result.usage?.cachedTokens).toBeGreaterThan(0);
  });

  it('has no embeddings; its descriptor points at api.deepseek.com with DEEPSEEK_* variables', () => {
    expect(upstream.provider.embed).toBeUndefined();
    expect(DEEPSEEK).toMatchObject({
      defaultBaseUrl: 'https://api.deepseek.com',
      dialect: 'openai-compatible',
      environment: { apiKey: 'DEEPSEEK_API_KEY', baseUrl: 'DEEPSEEK_BASE_URL' },
    });
    expect(DEEPSEEK.models.find((model) => model.name === 'deepseek-chat')?.price).toEqual({ input: 0.28, output: 0.42, cacheRead: 0.028 });
  });
});
