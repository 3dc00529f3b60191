import { UpstreamError } from '../errors';
import { createAnthropicProvider } from './anthropic';
import { collect, rejection, useFixtureProvider } from '../__fixtures__/fixture-server';
import type { StreamEvent } from '../types';

const signal = () => new AbortController().signal;
const request = {
  model: 'claude-sonnet-4-5',
  messages: [
    { role: 'system' as const, content: 'Be brief.' },
    { role: 'user' as const, content: 'Hello, how are you?' },
  ],
};
const text = (events: StreamEvent[]) => events.map((event) => (event.type === 'delta' ? event.text : '')).join('');
const usages = (events: StreamEvent[]) => events.filter((event) => event.type === 'usage');

describe('anthropic provider', () => {
  const upstream = useFixtureProvider(createAnthropicProvider, 'anthropic', { framing: { eventNames: true } });

  it('ignores pings and joins prompt tokens from message_start with output tokens from message_delta', async () => {
    upstream.serve('anthropic-text.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));

    expect(text(events)).toBe(
      "Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?",
    );
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage: { promptTokens: 12, completionTokens: 30, totalTokens: 42 } },
    ]);
  });

  it('sends the key, the API version, a top-level system prompt and max_tokens 4096 by default', async () => {
    upstream.serve('anthropic-text.chunks.txt');
    await collect(upstream.provider.stream({ ...request, stop: ['###'], temperature: 0.5 }, { signal: signal() }));
    const sent = upstream.server.requests.at(-1)!;

    expect(sent.url).toBe('/v1/messages');
    expect(sent.headers['x-api-key']).toBe('test-key-123');
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent.headers).not.toHaveProperty('authorization');
    expect(sent.body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hello, how are you?' }],
      temperature: 0.5,
      stop_sequences: ['###'],
      stream: true,
    });
  });

  it('bills the input_tokens of message_delta when it repeats them (the later figure wins)', async () => {
    upstream.serve('anthropic-message-delta-input-tokens.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));

    expect(text(events)).toBe('pong');
    expect(usages(events).at(-1)).toEqual({ type: 'usage', usage: { promptTokens: 61, completionTokens: 2, totalTokens: 63 } });
  });

  it('tolerates a duplicate message_start', async () => {
    upstream.serve('duplicate-message-start.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));

    expect(text(events)).toBe('Hello, World!');
    expect(events.filter((event) => event.type === 'finish')).toHaveLength(1);
    expect(usages(events)).toEqual([{ type: 'usage', usage: { promptTokens: 17, completionTokens: 227, totalTokens: 244 } }]);
  });

  it('maps a refusal to content_filter, streamed and blocking', async () => {
    upstream.serve('anthropic-refusal.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));
    expect(events).toEqual([
      { type: 'finish', reason: 'content_filter' },
      { type: 'usage', usage: { promptTokens: 18, completionTokens: 5, totalTokens: 23 } },
    ]);

    upstream.serve('anthropic-refusal.json');
    expect(await upstream.provider.chat(request, { signal: signal() })).toEqual({
      content: '',
      finishReason: 'content_filter',
      usage: { promptTokens: 18, completionTokens: 5, totalTokens: 23 },
    });
  });

  it('maps a blocking answer', async () => {
    upstream.serve('anthropic-text.json');
    const result = await upstream.provider.chat({ ...request, maxTokens: 100 }, { signal: signal() });

    expect(result).toEqual({
      content: "Hello! I'm doing well, thanks for asking. How are you doing today? Is there anything I can help you with?",
      finishReason: 'stop',
      usage: { promptTokens: 12, completionTokens: 29, totalTokens: 41 },
    });
    expect(upstream.server.requests.at(-1)!.body).toMatchObject({ max_tokens: 100 });
    expect(upstream.server.requests.at(-1)!.body).not.toHaveProperty('stream');
  });

  it('throws a retryable error for an overloaded_error event mid-stream, after the text before it', async () => {
    upstream.serve('anthropic-overloaded-error-synthetic.chunks.txt');
    const seen: StreamEvent[] = [];
    const error = (await rejection(
      (async () => {
        for await (const event of upstream.provider.stream(request, { signal: signal() })) seen.push(event);
      })(),
    )) as UpstreamError;

    expect(seen).toEqual([{ type: 'delta', text: 'Let me' }]);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.details).toMatchObject({ providerCode: 'overloaded_error', isRetryable: true });
  });

  it('treats HTTP 529 (overloaded) as retryable', async () => {
    upstream.serve('anthropic-529-overloaded-synthetic.json', 529);
    const error = (await rejection(upstream.provider.chat(request, { signal: signal() }))) as UpstreamError;

    expect(error.details).toMatchObject({ statusCode: 529, isRetryable: true, providerCode: 'overloaded_error' });
  });
});
