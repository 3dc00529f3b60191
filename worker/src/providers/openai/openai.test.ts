import { UpstreamError } from '../errors';
import {
  collect,
  fixtureLines,
  frameChunks,
  rejection,
  respondJson,
  useFixtureProvider,
  writeInPieces,
} from '../__fixtures__/fixture-server';
import { createOpenAiProvider } from './openai';
import type { StreamEvent } from '../types';

const signal = () => new AbortController().signal;
const request = { model: 'gpt-4.1-nano', messages: [{ role: 'user' as const, content: 'Invent a holiday.' }] };

/** Concatenates the `delta.content` pieces of a chunks fixture: what a client should see. */
function fixtureText(name: string): string {
  return fixtureLines(name)
    .map((line) => (JSON.parse(line) as { choices: Array<{ delta?: { content?: string } }> }).choices[0]?.delta?.content ?? '')
    .join('');
}

function deltas(events: StreamEvent[]): string {
  return events.map((event) => (event.type === 'delta' ? event.text : '')).join('');
}

describe('openai provider', () => {
  const upstream = useFixtureProvider(createOpenAiProvider, 'openai', { path: '/v1', framing: { done: true } });

  it('streams the text and reads usage from the final chunk that has no choices', async () => {
    upstream.serve('openai-text.chunks.txt');
    const events = await collect(upstream.provider.stream({ ...request, maxTokens: 300 }, { signal: signal() }));

    expect(deltas(events)).toBe(fixtureText('openai-text.chunks.txt'));
    expect(events.filter((event) => event.type === 'finish')).toEqual([{ type: 'finish', reason: 'stop' }]);
    expect(events.at(-1)).toEqual({ type: 'usage', usage: { promptTokens: 16, completionTokens: 300, totalTokens: 316 } });
    const sent = upstream.server.requests.at(-1)!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer test-key-123');
    expect(sent.body).toMatchObject({ stream: true, stream_options: { include_usage: true }, max_completion_tokens: 300 });
  });

  it('maps a blocking answer and the sampling settings', async () => {
    upstream.serve('openai-text.json');
    const result = await upstream.provider.chat(
      { ...request, temperature: 0.2, topP: 0.9, stop: ['END'], maxTokens: 50 },
      { signal: signal() },
    );

    expect(result.content).toMatch(/^\*\*Holiday Name:\*\* Galaxy Day/);
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toEqual({ promptTokens: 16, completionTokens: 363, totalTokens: 379 });
    expect(upstream.server.requests.at(-1)!.body).toEqual({
      model: 'gpt-4.1-nano',
      messages: request.messages,
      temperature: 0.2,
      top_p: 0.9,
      stop: ['END'],
      max_completion_tokens: 50,
    });
  });

  it('returns embeddings in input order with prompt tokens', async () => {
    upstream.serve('openai-embedding.json');
    const result = await upstream.provider.embed!({ model: 'text-embedding-3-small', input: ['a', 'b'] }, { signal: signal() });

    expect(result.vectors).toHaveLength(2);
    expect(result.vectors[0]![0]).toBeCloseTo(0.0057293195);
    expect(result.vectors[1]![4]).toBeCloseTo(-0.0035253682);
    expect(result.usage).toEqual({ promptTokens: 12 });
    expect(upstream.server.requests.at(-1)!).toMatchObject({
      url: '/v1/embeddings',
      body: { model: 'text-embedding-3-small', input: ['a', 'b'] },
    });
  });

  it('sends dimensions as OpenAI names it, and nothing when none is asked', async () => {
    upstream.serve('openai-embedding.json');
    await upstream.provider.embed!({ model: 'text-embedding-3-small', input: ['a', 'b'], dimensions: 64 }, { signal: signal() });
    expect(upstream.server.requests.at(-1)!.body).toEqual({ model: 'text-embedding-3-small', input: ['a', 'b'], dimensions: 64 });
  });

  it('turns the reasoning-model legacy parameter 400 into a non-retryable error with the provider code', async () => {
    upstream.serve('reasoning-model-legacy-parameter-error.json', 400);
    const error = (await rejection(upstream.provider.chat(request, { signal: signal() }))) as UpstreamError;

    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.details).toMatchObject({
      provider: 'openai',
      statusCode: 400,
      isRetryable: false,
      providerCode: 'unsupported_parameter',
      url: `${upstream.server.baseUrl}/v1/chat/completions`,
    });
    expect(error.message).toContain("'max_tokens' is not supported");
    expect(error.details.responseBody).toContain('invalid_request_error');
  });

  it('makes a 429 retryable and honours Retry-After', async () => {
    upstream.serve('openai-429-rate-limit-synthetic.json', 429, { 'retry-after': '20' });
    const error = (await rejection(upstream.provider.chat(request, { signal: signal() }))) as UpstreamError;

    expect(error.details).toMatchObject({ statusCode: 429, isRetryable: true, retryAfterMs: 20000, providerCode: 'rate_limit_exceeded' });
  });

  it('makes a 500 retryable, also when it is the answer to a stream', async () => {
    upstream.serve('openai-500-server-error-synthetic.json', 500);
    const error = (await rejection(collect(upstream.provider.stream(request, { signal: signal() })))) as UpstreamError;

    expect(error.details).toMatchObject({ statusCode: 500, isRetryable: true, providerCode: 'server_error' });
  });

  it('keeps at most 4 KiB of an error body', async () => {
    upstream.answer((response) => respondJson(response, 502, 'x'.repeat(20000)));
    const error = (await rejection(upstream.provider.chat(request, { signal: signal() }))) as UpstreamError;

    expect(error.details.responseBody).toHaveLength(4096);

    upstream.answer((response) => respondJson(response, 503, 'é'.repeat(3000)));
    const multibyte = (await rejection(upstream.provider.chat(request, { signal: signal() }))) as UpstreamError;
    expect(Buffer.byteLength(multibyte.details.responseBody!, 'utf8')).toBe(4096);
    expect(multibyte.details.responseBody).toBe('é'.repeat(2048));
    expect(error.details.isRetryable).toBe(true);
  });

  it('rejects a 200 that is not the expected JSON as a non-retryable invalid response', async () => {
    upstream.answer((response) => respondJson(response, 200, '{"choices": "nope"}'));
    const error = (await rejection(upstream.provider.chat(request, { signal: signal() }))) as UpstreamError;
    expect(error.details.isRetryable).toBe(false);
    expect(error.message).toContain('invalid response');

    upstream.answer((response) => writeInPieces(response, 'data: {not json\n\n'));
    const streamed = (await rejection(collect(upstream.provider.stream(request, { signal: signal() })))) as UpstreamError;
    expect(streamed.message).toContain('invalid response');
    expect(streamed.details.isRetryable).toBe(false);
  });

  it('ends without usage when the stream breaks before the usage chunk (the router then estimates)', async () => {
    const lines = frameChunks('openai-text.chunks.txt').split('\n\n').slice(0, 5).join('\n\n') + '\n\n';
    upstream.answer((response) => writeInPieces(response, lines));
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));

    expect(events.some((event) => event.type === 'usage')).toBe(false);
    expect(events.filter((event) => event.type === 'delta').length).toBeGreaterThan(0);
  });
});
