import { collect, useFixtureProvider } from '../__fixtures__/fixture-server';
import { createMistralProvider } from './mistral';

const signal = () => new AbortController().signal;
const request = { model: 'mistral-small-latest', messages: [{ role: 'user' as const, content: 'Hello' }], maxTokens: 64 };

describe('mistral provider', () => {
  const upstream = useFixtureProvider(createMistralProvider, 'mistral', { path: '/v1', framing: { done: true } });

  it('reads usage from the last chunk that still has a choice with finish_reason', async () => {
    upstream.serve('mistral-text.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));

    expect(events.map((event) => (event.type === 'delta' ? event.text : '')).join('')).toBe('Hello, world! This is a test response.');
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage: { promptTokens: 13, completionTokens: 8, totalTokens: 21 } },
    ]);
  });

  it('sends no stream_options (Mistral answers 422 to it) and uses max_tokens', async () => {
    upstream.serve('mistral-text.chunks.txt');
    await collect(upstream.provider.stream(request, { signal: signal() }));
    const body = upstream.server.requests.at(-1)!.body as Record<string, unknown>;

    expect(body.stream).toBe(true);
    expect(body).not.toHaveProperty('stream_options');
    expect(body.max_tokens).toBe(64);
  });

  it('maps a blocking answer', async () => {
    upstream.serve('mistral-text.json');
    const result = await upstream.provider.chat(request, { signal: signal() });

    expect(result.content).toMatch(/World Kindness Day of Sharing/);
    expect(result.usage).toEqual({ promptTokens: 13, completionTokens: 434, totalTokens: 447 });
  });

  it('names an embedding length output_dimension (Mistral’s embeddings API), never dimensions', async () => {
    upstream.serve('openai-embedding.json');
    await upstream.provider.embed!({ model: 'codestral-embed', input: ['a', 'b'], dimensions: 256 }, { signal: signal() });
    expect(upstream.server.requests.at(-1)!).toMatchObject({
      url: '/v1/embeddings',
      body: { model: 'codestral-embed', input: ['a', 'b'], output_dimension: 256 },
    });
    expect(upstream.server.requests.at(-1)!.body).not.toHaveProperty('dimensions');
  });
});
