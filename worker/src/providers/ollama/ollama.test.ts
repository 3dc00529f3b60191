import { collect, useFixtureProvider, writeInPieces } from '../__fixtures__/fixture-server';
import { createOllamaProvider } from './ollama';

const signal = () => new AbortController().signal;
const request = { model: 'llama3.2', messages: [{ role: 'user' as const, content: 'Why is the sky blue?' }] };

describe('ollama provider (native API)', () => {
  const upstream = useFixtureProvider(createOllamaProvider, 'ollama', { settings: { apiKey: '' } });

  it('streams NDJSON lines and reads usage from the done line', async () => {
    upstream.serve('ollama-chat-synthetic.ndjson');
    const events = await collect(upstream.provider.stream({ ...request, maxTokens: 20, temperature: 0.1 }, { signal: signal() }));

    expect(events).toEqual([
      { type: 'delta', text: 'The' },
      { type: 'delta', text: ' sky' },
      { type: 'delta', text: ' is blue.' },
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage: { promptTokens: 26, completionTokens: 4, totalTokens: 30 } },
    ]);
    const sent = upstream.server.requests.at(-1)!;
    expect(sent.url).toBe('/api/chat');
    expect(sent.headers).not.toHaveProperty('authorization');
    expect(sent.body).toEqual({
      model: 'llama3.2',
      messages: request.messages,
      stream: true,
      options: { temperature: 0.1, num_predict: 20 },
    });
  });

  it('answers a blocking call with stream:false', async () => {
    upstream.serve('ollama-chat-synthetic.json');
    const result = await upstream.provider.chat(request, { signal: signal() });

    expect(result).toEqual({
      content: 'The sky is blue because of Rayleigh scattering.',
      finishReason: 'length',
      usage: { promptTokens: 26, completionTokens: 10, totalTokens: 36 },
    });
    expect(upstream.server.requests.at(-1)!.body).toMatchObject({ stream: false });
  });

  it('embeds through /api/embed', async () => {
    upstream.serve('ollama-embed-synthetic.json');
    const result = await upstream.provider.embed!({ model: 'all-minilm', input: ['a', 'b'] }, { signal: signal() });

    expect(result.vectors).toHaveLength(2);
    expect(result.vectors[1]![1]).toBeCloseTo(0.06042469);
    expect(result.usage).toEqual({ promptTokens: 8 });
    expect(upstream.server.requests.at(-1)!).toMatchObject({ url: '/api/embed', body: { model: 'all-minilm', input: ['a', 'b'] } });
  });

  it('sends dimensions to /api/embed when asked', async () => {
    upstream.serve('ollama-embed-synthetic.json');
    await upstream.provider.embed!({ model: 'all-minilm', input: ['a', 'b'], dimensions: 64 }, { signal: signal() });
    expect(upstream.server.requests.at(-1)!.body).toEqual({ model: 'all-minilm', input: ['a', 'b'], dimensions: 64 });
  });

  it('throws an error line as an UpstreamError', async () => {
    upstream.answer((response) =>
      writeInPieces(
        response,
        '{"model":"llama3.2","message":{"role":"assistant","content":"Hi"},"done":false}\n{"error":"model runner has unexpectedly stopped"}\n',
      ),
    );
    await expect(collect(upstream.provider.stream(request, { signal: signal() }))).rejects.toMatchObject({
      name: 'UpstreamError',
      message: expect.stringContaining('model runner has unexpectedly stopped'),
    });
  });
});
