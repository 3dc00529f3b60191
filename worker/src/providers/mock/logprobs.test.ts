import { collect } from '../__fixtures__/fixture-server';
import { createMockProvider } from './mock';
import { tokenLogprob } from './logprobs';
import type { ChatRequest, StreamEvent } from '../types';

const provider = createMockProvider({ name: 'mock', baseUrl: '', apiKey: '', timeouts: { connectMs: 1, firstTokenMs: 1, idleMs: 1 } });
const signal = () => new AbortController().signal;
const ask = (content: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'echo',
  messages: [{ role: 'user', content }],
  ...extra,
});
const bytes = (token: string) => [...Buffer.from(token, 'utf8')];
const deltas = (events: StreamEvent[]) =>
  events.filter((event): event is Extract<StreamEvent, { type: 'delta' }> => event.type === 'delta');
const WEATHER = { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };

/** mock/echo honours `logprobs` / `top_logprobs` (docs/architecture.md §9: a documented field is never dropped). */
describe('mock provider logprobs', () => {
  it('gives each streamed word piece its entry: the piece, logprob 0, its UTF-8 bytes, no alternatives unless asked', async () => {
    const events = await collect(provider.stream(ask('hello  grüße', { logprobs: true }), { signal: signal() }));
    expect(deltas(events)).toEqual([
      {
        type: 'delta',
        text: 'hello  ',
        logprobs: [{ token: 'hello  ', logprob: 0, bytes: [104, 101, 108, 108, 111, 32, 32], top_logprobs: [] }],
      },
      {
        type: 'delta',
        text: 'grüße',
        logprobs: [{ token: 'grüße', logprob: 0, bytes: [103, 114, 195, 188, 195, 159, 101], top_logprobs: [] }],
      },
    ]);
  });

  it('lists top_logprobs N: the token itself first at 0, then the token with ~k at -10·k', async () => {
    const events = await collect(provider.stream(ask('big world', { logprobs: true, topLogprobs: 3 }), { signal: signal() }));
    expect(deltas(events)[0]!.logprobs).toEqual([
      {
        token: 'big ',
        logprob: 0,
        bytes: bytes('big '),
        top_logprobs: [
          { token: 'big ', logprob: 0, bytes: bytes('big ') },
          { token: 'big ~1', logprob: -10, bytes: bytes('big ~1') },
          { token: 'big ~2', logprob: -20, bytes: bytes('big ~2') },
        ],
      },
    ]);
    expect(tokenLogprob('x', 20).top_logprobs.map((entry) => entry.logprob)).toEqual(
      Array.from({ length: 20 }, (_unused, rank) => (rank === 0 ? 0 : -10 * rank)),
    );
  });

  it('answers blocking with choices[0].logprobs as OpenAI sends it, the same entries the stream carries', async () => {
    const request = ask('hello big world', { logprobs: true, topLogprobs: 2 });
    const result = await provider.chat(request, { signal: signal() });
    const streamed = deltas(await collect(provider.stream(request, { signal: signal() }))).flatMap((event) => event.logprobs);
    expect(result.content).toBe('hello big world');
    expect(result.logprobs).toEqual({ content: streamed, refusal: null });
    expect(streamed.map((entry) => (entry as { token: string }).token)).toEqual(['hello ', 'big ', 'world']);
  });

  it('changes nothing without logprobs: true (no logprobs key, blocking or streamed)', async () => {
    for (const extra of [{}, { logprobs: false }]) {
      expect(await provider.chat(ask('hello world', extra), { signal: signal() })).not.toHaveProperty('logprobs');
      for (const event of deltas(await collect(provider.stream(ask('hello world', extra), { signal: signal() }))))
        expect(event).not.toHaveProperty('logprobs');
    }
  });

  it('covers JSON answers token by token, like any text', async () => {
    const result = await provider.chat(ask('Oslo', { logprobs: true, responseFormat: { type: 'json_object' } }), { signal: signal() });
    expect(result.content).toBe('{"echo":"Oslo"}');
    expect((result.logprobs as { content: Array<{ token: string }> }).content.map((entry) => entry.token).join('')).toBe('{"echo":"Oslo"}');
  });

  it('gives a tool call content null (logprobs cover message content only), and streams its pieces without entries', async () => {
    const request = ask('Oslo', { logprobs: true, topLogprobs: 2, tools: [WEATHER] });
    const result = await provider.chat(request, { signal: signal() });
    expect(result).toMatchObject({ finishReason: 'tool_calls', logprobs: { content: null, refusal: null } });
    const events = await collect(provider.stream(request, { signal: signal() }));
    expect(events.filter((event) => event.type === 'tool_call').length).toBeGreaterThan(0);
    expect(events.some((event) => 'logprobs' in event)).toBe(false);
    expect(await provider.chat(ask('Oslo', { tools: [WEATHER] }), { signal: signal() })).not.toHaveProperty('logprobs');
  });

  it('slow carries the same entries as echo', async () => {
    const request = ask('one two', { logprobs: true, topLogprobs: 1 });
    const slow = await provider.chat({ ...request, model: 'slow' }, { signal: signal() });
    expect(slow.logprobs).toEqual((await provider.chat(request, { signal: signal() })).logprobs);
    expect(slow.logprobs).toEqual({ content: [tokenLogprob('one ', 1), tokenLogprob('two', 1)], refusal: null });
  });
});
