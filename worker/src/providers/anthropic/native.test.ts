import { createAnthropicProvider } from './anthropic';
import { collect, readFixture, useFixtureProvider } from '../__fixtures__/fixture-server';
import type { ChatRequest } from '../types';

const signal = () => new AbortController().signal;

/** A client's Messages request as Claude Code shapes it: cache_control on system and tools, thinking, metadata. */
const clientBody = {
  model: 'claude-sonnet-4-5',
  max_tokens: 32000,
  system: [{ type: 'text', text: 'You are Claude Code.', cache_control: { type: 'ephemeral' } }],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi', cache_control: { type: 'ephemeral', ttl: '1h' } }] }],
  tools: [{ name: 'Read', description: 'Read a file', input_schema: { type: 'object' }, cache_control: { type: 'ephemeral' } }],
  thinking: { type: 'enabled', budget_tokens: 1024 },
  metadata: { user_id: 'user_abc' },
  stream: true,
};

const request = (body: Record<string, unknown> = clientBody): ChatRequest => ({
  model: 'claude-sonnet-4-5-20250929',
  messages: [{ role: 'user', content: 'Hi' }],
  maxTokens: 32000,
  native: { dialect: 'anthropic-messages', body },
});

describe('anthropic provider, native requests (docs/architecture.md §9)', () => {
  const upstream = useFixtureProvider(createAnthropicProvider, 'anthropic', { framing: { eventNames: true } });

  it('streams the client body as it is, only the model renamed, and yields each event as received before its translation', async () => {
    upstream.serve('anthropic-cache-read.chunks.txt');
    const events = await collect(upstream.provider.stream(request(), { signal: signal() }));

    expect(JSON.stringify(upstream.server.requests.at(-1)!.body)).toBe(
      JSON.stringify({ ...clientBody, model: 'claude-sonnet-4-5-20250929' }),
    );
    const native = events.filter((event) => event.type === 'native');
    const recorded = readFixture('anthropic-cache-read.chunks.txt')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(native.map((event) => event.data)).toEqual(recorded);
    expect(native.map((event) => event.event)).toEqual(recorded.map((data) => data.type));
    const start = native[0]!.data.message as { usage: Record<string, number> };
    expect(start.usage.cache_read_input_tokens).toBe(18639);
    // The translated events are still there, after the native event they come from.
    expect(events.filter((event) => event.type === 'usage').at(-1)).toMatchObject({ usage: { cachedTokens: 18639 } });
    expect(events.findIndex((event) => event.type === 'delta')).toBeGreaterThan(events.findIndex((event) => event.type === 'native'));
  });

  it('sends a blocking native request without stream and returns the message JSON as native', async () => {
    upstream.serve('anthropic-text.json');
    const result = await upstream.provider.chat(request(), { signal: signal() });
    const { stream: _stream, ...blocking } = clientBody;

    expect(JSON.stringify(upstream.server.requests.at(-1)!.body)).toBe(
      JSON.stringify({ ...blocking, model: 'claude-sonnet-4-5-20250929' }),
    );
    expect(result.native).toEqual(JSON.parse(readFixture('anthropic-text.json')));
    expect(result.content).not.toBe('');
  });

  it("sends the client's beta flags with a native request, and none of its own otherwise", async () => {
    upstream.serve('anthropic-text.json');
    const betas = 'interleaved-thinking-2025-05-14,fine-grained-tool-streaming-2025-05-14';
    const base = request();
    await upstream.provider.chat({ ...base, native: { ...base.native!, betas } }, { signal: signal() });
    expect(upstream.server.requests.at(-1)!.headers['anthropic-beta']).toBe(betas);
    upstream.serve('anthropic-text.json');
    await upstream.provider.chat(request(), { signal: signal() });
    expect(upstream.server.requests.at(-1)!.headers['anthropic-beta']).toBeUndefined();
  });

  it('a request without native is translated and answers no native events', async () => {
    upstream.serve('anthropic-text.chunks.txt');
    const { native: _native, ...translated } = request();
    const events = await collect(upstream.provider.stream(translated, { signal: signal() }));

    expect(upstream.server.requests.at(-1)!.body).not.toHaveProperty('cache_control');
    expect(events.some((event) => event.type === 'native')).toBe(false);
  });

  it('counts tokens at /v1/messages/count_tokens with only the fields it takes', async () => {
    upstream.answer((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"input_tokens":2095}');
    });
    const tokens = await upstream.provider.countTokens!(request(), { signal: signal() });
    const sent = upstream.server.requests.at(-1)!;

    expect(tokens).toBe(2095);
    expect(sent.url).toBe('/v1/messages/count_tokens');
    expect(sent.body).toEqual({
      model: 'claude-sonnet-4-5-20250929',
      messages: clientBody.messages,
      system: clientBody.system,
      tools: clientBody.tools,
      thinking: clientBody.thinking,
    });
  });
});
