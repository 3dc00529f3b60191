import { UpstreamError } from '../errors';
import { createGoogleProvider } from './google';
import { collect, rejection, useFixtureProvider } from '../__fixtures__/fixture-server';
import type { StreamEvent } from '../types';

const signal = () => new AbortController().signal;
const request = {
  model: 'gemini-3-pro-preview',
  messages: [
    { role: 'system' as const, content: 'Answer exactly.' },
    { role: 'user' as const, content: 'How many rs in strawberry?' },
    { role: 'assistant' as const, content: 'Let me count.' },
    { role: 'user' as const, content: 'Go on.' },
  ],
};
const text = (events: StreamEvent[]) => events.map((event) => (event.type === 'delta' ? event.text : '')).join('');

describe('google provider', () => {
  const upstream = useFixtureProvider(createGoogleProvider, 'google');

  it('emits the repeated cumulative usageMetadata each time, the last one counting thoughts as completion', async () => {
    upstream.serve('google-text.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));

    expect(text(events)).toBe('There are **3** "r"s in strawberry.\n\nst**r**awbe**rr**y');
    const usages = events.filter((event) => event.type === 'usage');
    expect(usages).toHaveLength(3);
    expect(usages.at(-1)).toEqual({
      type: 'usage',
      usage: { promptTokens: 9, completionTokens: 23 + 185, totalTokens: 217, reasoningTokens: 185 },
    });
    expect(events.filter((event) => event.type === 'finish')).toEqual([{ type: 'finish', reason: 'stop' }]);
  });

  it('puts the key in x-goog-api-key, never in the URL, and maps roles and the system prompt', async () => {
    upstream.serve('google-text.chunks.txt');
    await collect(upstream.provider.stream({ ...request, maxTokens: 200, temperature: 0 }, { signal: signal() }));
    const sent = upstream.server.requests.at(-1)!;

    expect(sent.url).toBe('/v1beta/models/gemini-3-pro-preview:streamGenerateContent?alt=sse');
    expect(sent.url).not.toContain('key=');
    expect(sent.headers['x-goog-api-key']).toBe('test-key-123');
    expect(sent.body).toEqual({
      contents: [
        { role: 'user', parts: [{ text: 'How many rs in strawberry?' }] },
        { role: 'model', parts: [{ text: 'Let me count.' }] },
        { role: 'user', parts: [{ text: 'Go on.' }] },
      ],
      systemInstruction: { parts: [{ text: 'Answer exactly.' }] },
      generationConfig: { temperature: 0, maxOutputTokens: 200 },
    });
  });

  it('maps a blocking answer, thoughts billed as completion tokens', async () => {
    upstream.serve('google-text.json');
    const result = await upstream.provider.chat(request, { signal: signal() });

    expect(result).toEqual({
      content: "There are **3** r's in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.",
      finishReason: 'stop',
      usage: { promptTokens: 9, completionTokens: 28 + 244, totalTokens: 281, reasoningTokens: 244 },
    });
    expect(upstream.server.requests.at(-1)!.url).toBe('/v1beta/models/gemini-3-pro-preview:generateContent');
  });

  it('reads RetryInfo.retryDelay "34.4s" from a 429 as a 34400 ms retry', async () => {
    upstream.serve('google-429-retry-info.json', 429);
    const error = (await rejection(upstream.provider.chat(request, { signal: signal() }))) as UpstreamError;

    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.details).toMatchObject({ statusCode: 429, isRetryable: true, retryAfterMs: 34400, providerCode: 'RESOURCE_EXHAUSTED' });
  });

  it('reads Vertex embedding predictions with their token counts', async () => {
    upstream.serve('google-vertex-embedding.json');
    const result = await upstream.provider.embed!(
      { model: 'text-embedding-004', input: ['sunny day', 'rainy night'] },
      { signal: signal() },
    );

    expect(result.vectors.map((vector) => vector.length)).toEqual([5, 5]);
    expect(result.vectors[1]![0]).toBeCloseTo(-0.06007182598114014);
    expect(result.usage).toEqual({ promptTokens: 11 });
  });

  it('asks each batched text for outputDimensionality when dimensions is set', async () => {
    upstream.serve('google-batch-embedding-synthetic.json');
    await upstream.provider.embed!({ model: 'gemini-embedding-001', input: ['a', 'b'], dimensions: 64 }, { signal: signal() });
    const body = upstream.server.requests.at(-1)!.body as { requests: unknown[] };
    expect(body.requests).toEqual([
      { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'a' }] }, outputDimensionality: 64 },
      { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'b' }] }, outputDimensionality: 64 },
    ]);
  });

  it('sends batchEmbedContents requests and reads their vectors', async () => {
    upstream.serve('google-batch-embedding-synthetic.json');
    const result = await upstream.provider.embed!({ model: 'gemini-embedding-001', input: ['a', 'b'] }, { signal: signal() });

    expect(result.vectors[0]![0]).toBeCloseTo(0.013168517);
    expect(result.usage).toBeNull();
    expect(upstream.server.requests.at(-1)!).toMatchObject({
      url: '/v1beta/models/gemini-embedding-001:batchEmbedContents',
      body: {
        requests: [
          { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'a' }] } },
          { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'b' }] } },
        ],
      },
    });
  });
});
