import { collect, useFixtureProvider } from '../__fixtures__/fixture-server';
import { XAI } from './descriptor';
import { createXaiProvider } from './xai';
import type { StreamEvent } from '../types';

const signal = () => new AbortController().signal;
const request = { model: 'grok-3-mini', messages: [{ role: 'user' as const, content: 'Say hello.' }] };
const text = (events: StreamEvent[]) => events.map((event) => (event.type === 'delta' ? event.text : '')).join('');
/** xAI counts 94 reasoning tokens beside 9 completion tokens: 103 are billed as output. */
const USAGE = { promptTokens: 32, completionTokens: 103, totalTokens: 135, cachedTokens: 6, reasoningTokens: 94 };

describe('xai provider', () => {
  const upstream = useFixtureProvider(createXaiProvider, 'xai', { path: '/v1', settings: { apiKey: 'xai-test' }, framing: { done: true } });

  it('bills reasoning tokens reported beside completion_tokens, and reads cached_tokens (blocking)', async () => {
    upstream.serve('xai-reasoning-synthetic.json');
    const result = await upstream.provider.chat(request, { signal: signal() });
    expect(result).toMatchObject({ content: 'Hello there!', finishReason: 'stop', usage: USAGE });
    expect(upstream.server.requests.at(-1)).toMatchObject({ url: '/v1/chat/completions', headers: { authorization: 'Bearer xai-test' } });
  });

  it('streams the answer without reasoning_content, with the same usage', async () => {
    upstream.serve('xai-reasoning-synthetic.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));
    expect(text(events)).toBe('Hello there!');
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage: USAGE },
    ]);
  });

  it('has no embeddings; its descriptor points at api.x.ai/v1 with XAI_* variables', () => {
    expect(upstream.provider.embed).toBeUndefined();
    expect(XAI).toMatchObject({ defaultBaseUrl: 'https://api.x.ai/v1', environment: { apiKey: 'XAI_API_KEY', baseUrl: 'XAI_BASE_URL' } });
  });
});
