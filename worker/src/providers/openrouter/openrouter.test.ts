import { UpstreamError } from '../errors';
import { collect, rejection, useFixtureProvider } from '../__fixtures__/fixture-server';
import { createOpenRouterProvider } from './openrouter';
import type { StreamEvent } from '../types';

const signal = () => new AbortController().signal;
const request = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user' as const, content: 'Hi' }] };

describe('openrouter provider', () => {
  const upstream = useFixtureProvider(createOpenRouterProvider, 'openrouter', { path: '/api/v1' });

  it('skips ": OPENROUTER PROCESSING" comments and keeps usage.cost as the provider cost', async () => {
    upstream.serve('openrouter-text-synthetic.sse.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));

    expect(events).toEqual([
      { type: 'delta', text: 'Hello' },
      { type: 'delta', text: ' from' },
      { type: 'delta', text: ' OpenRouter.' },
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage: { promptTokens: 14, completionTokens: 4, totalTokens: 18, providerCost: '0.00000450' } },
    ]);
    expect(upstream.server.requests.at(-1)!.url).toBe('/api/v1/chat/completions');
  });

  it("keeps a blocking answer's usage.cost as the provider cost, in USD to 8 places", async () => {
    upstream.serve('openrouter-text-synthetic.json');
    const result = await upstream.provider.chat(request, { signal: signal() });

    expect(result.content).toBe('Hello from OpenRouter.');
    expect(result.usage).toEqual({ promptTokens: 14, completionTokens: 5, totalTokens: 19, providerCost: '0.00000512' });
  });

  it('throws an error event that arrives mid-stream on HTTP 200, after the deltas before it', async () => {
    upstream.serve('openrouter-mid-stream-error-synthetic.sse.txt');
    const seen: StreamEvent[] = [];
    const error = (await rejection(
      (async () => {
        for await (const event of upstream.provider.stream(request, { signal: signal() })) seen.push(event);
      })(),
    )) as UpstreamError;

    expect(seen).toEqual([{ type: 'delta', text: 'Partial' }]);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.message).toContain('Provider disconnected unexpectedly');
    expect(error.details).toMatchObject({ provider: 'openrouter', providerCode: 'server_error', isRetryable: true });
    expect(error.details.statusCode).toBeUndefined();
  });
});
