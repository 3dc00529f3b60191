import { collect, useFixtureProvider } from '../__fixtures__/fixture-server';
import { GROQ } from './descriptor';
import { createGroqProvider } from './groq';
import type { StreamEvent } from '../types';

const signal = () => new AbortController().signal;
const request = { model: 'llama-3.1-8b-instant', messages: [{ role: 'user' as const, content: 'Say hello.' }] };
const text = (events: StreamEvent[]) => events.map((event) => (event.type === 'delta' ? event.text : '')).join('');

describe('groq provider', () => {
  const upstream = useFixtureProvider(createGroqProvider, 'groq', {
    path: '/openai/v1',
    settings: { apiKey: 'gsk_test' },
    framing: { done: true },
  });

  it('reads usage from x_groq.usage when the finish chunk has no top-level usage', async () => {
    upstream.serve('groq-x-groq-usage-synthetic.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));
    expect(text(events)).toBe('Hello there!');
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage: { promptTokens: 18, completionTokens: 3, totalTokens: 21 } },
    ]);
    expect(upstream.server.requests.at(-1)).toMatchObject({ url: '/openai/v1/chat/completions', body: { stream: true } });
  });

  it('counts usage once when it is both at the top level and in x_groq (recorded)', async () => {
    upstream.serve('groq-text.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));
    expect(events.filter((event) => event.type === 'usage')).toEqual([
      { type: 'usage', usage: { promptTokens: 45, completionTokens: 662, totalTokens: 707 } },
    ]);
  });

  it('takes a whole streamed tool call from one delta (recorded)', async () => {
    upstream.serve('groq-tool-call.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));
    const calls = events.filter((event) => event.type === 'tool_call');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ index: 0, id: expect.any(String), name: expect.any(String), arguments: '{}' });
    expect(events.find((event) => event.type === 'finish')).toEqual({ type: 'finish', reason: 'tool_calls' });
  });

  it('has no embeddings; its descriptor points at api.groq.com/openai/v1 with GROQ_* variables and refuses logprobs', () => {
    expect(upstream.provider.embed).toBeUndefined();
    expect(GROQ).toMatchObject({
      defaultBaseUrl: 'https://api.groq.com/openai/v1',
      environment: { apiKey: 'GROQ_API_KEY', baseUrl: 'GROQ_BASE_URL' },
    });
    expect(GROQ.support).toMatchObject({ logprobs: false, logitBias: false });
  });
});
