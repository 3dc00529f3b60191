import { UpstreamError } from '../errors';
import { collect, rejection } from '../__fixtures__/fixture-server';
import { createMockProvider, embedText, MOCK_EMBEDDING_DIMENSIONS, MOCK_SLOW_WORD_MS, splitWords } from './mock';
import type { StreamEvent } from '../types';

const provider = createMockProvider({ name: 'mock', baseUrl: '', apiKey: '', timeouts: { connectMs: 1, firstTokenMs: 1, idleMs: 1 } });
const signal = () => new AbortController().signal;
const messages = [
  { role: 'system' as const, content: 'You echo.' },
  { role: 'user' as const, content: 'first question' },
  { role: 'assistant' as const, content: 'first answer' },
  { role: 'user' as const, content: 'hello  big world' },
];
const norm = (vector: number[]) => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));

describe('mock provider', () => {
  it('echo streams the last user message word by word, each word with the space after it', async () => {
    const events = await collect(provider.stream({ model: 'echo', messages }, { signal: signal() }));

    expect(events).toEqual<StreamEvent[]>([
      { type: 'delta', text: 'hello  ' },
      { type: 'delta', text: 'big ' },
      { type: 'delta', text: 'world' },
      { type: 'finish', reason: 'stop' },
      // ceil(UTF-8 bytes / 4): the four messages' 9 + 14 + 12 + 16 = 51 bytes, and the answer's 16.
      { type: 'usage', usage: { promptTokens: 13, completionTokens: 4, totalTokens: 17 } },
    ]);
  });

  it('echo answers a blocking call with the same text and usage', async () => {
    expect(await provider.chat({ model: 'echo', messages }, { signal: signal() })).toEqual({
      content: 'hello  big world',
      finishReason: 'stop',
      usage: { promptTokens: 13, completionTokens: 4, totalTokens: 17 },
    });
    expect(splitWords(' a b ').join('')).toBe(' a b ');
  });

  it('slow sends one word every 100 ms', async () => {
    const started = Date.now();
    const times: number[] = [];
    for await (const event of provider.stream({ model: 'slow', messages }, { signal: signal() })) {
      if (event.type === 'delta') times.push(Date.now() - started);
    }
    expect(times).toHaveLength(3);
    expect(times[0]).toBeGreaterThanOrEqual(90);
    expect(times[2]! - times[0]!).toBeGreaterThanOrEqual(180);
  });

  it('slow stops at once with an AbortError when the caller aborts, without waiting for the next word', async () => {
    // A fake clock: the wait for the next word can end only by the abort, not by time passing (which a busy machine stretches).
    jest.useFakeTimers();
    try {
      const controller = new AbortController();
      const stream = provider.stream({ model: 'slow', messages }, { signal: controller.signal })[Symbol.asyncIterator]();
      const first = stream.next();
      await jest.advanceTimersByTimeAsync(MOCK_SLOW_WORD_MS);
      expect(await first).toEqual({ done: false, value: { type: 'delta', text: 'hello  ' } });
      const second = stream.next();
      controller.abort();
      const error = await rejection(second);
      expect((error as Error).name).toBe('AbortError');
      expect(jest.getTimerCount()).toBe(0); // the word's timer cleared, not left to fire
    } finally {
      jest.useRealTimers();
    }
  });

  it('embed returns deterministic 256-dimension unit vectors that differ between texts', async () => {
    const first = await provider.embed!({ model: 'embed', input: ['the cat sat', 'a dog ran off'] }, { signal: signal() });
    const again = await provider.embed!({ model: 'embed', input: ['the cat sat'] }, { signal: signal() });

    expect(first.vectors[0]).toHaveLength(MOCK_EMBEDDING_DIMENSIONS);
    expect(MOCK_EMBEDDING_DIMENSIONS).toBe(256);
    expect(again.vectors[0]).toEqual(first.vectors[0]);
    expect(first.vectors[1]).not.toEqual(first.vectors[0]);
    for (const vector of first.vectors) expect(norm(vector)).toBeCloseTo(1, 10);
    expect(first.usage).toEqual({ promptTokens: 3 + 4 }); // each input's ceil(UTF-8 bytes / 4): 11 and 13 bytes
    const wide = await provider.embed!({ model: 'embed', input: ['é'.repeat(10)] }, { signal: signal() });
    expect(wide.usage).toEqual({ promptTokens: 5 }); // 20 bytes, not 10 characters
    expect(new Set(embedText('x').map((value) => Math.sign(value))).size).toBe(2);
  });

  it('embed shortens to dimensions: the first floats of the 256-d vector, renormalised to unit length', async () => {
    const full = embedText('the cat sat');
    const short = await provider.embed!({ model: 'embed', input: ['the cat sat'], dimensions: 64 }, { signal: signal() });

    expect(short.vectors[0]).toHaveLength(64);
    expect(norm(short.vectors[0]!)).toBeCloseTo(1, 10);
    const scale = short.vectors[0]![0]! / full[0]!;
    expect(scale).toBeGreaterThan(1);
    short.vectors[0]!.forEach((value, index) => expect(value).toBeCloseTo(full[index]! * scale, 12));
    expect(embedText('the cat sat', 256)).toEqual(full);
  });

  it('answers 404 for an unknown model and 400 for the wrong operation, never retryable', async () => {
    const unknown = (await rejection(provider.chat({ model: 'nope', messages }, { signal: signal() }))) as UpstreamError;
    expect(unknown).toBeInstanceOf(UpstreamError);
    expect(unknown.details).toMatchObject({ statusCode: 404, isRetryable: false });

    const chatOnEmbed = (await rejection(collect(provider.stream({ model: 'embed', messages }, { signal: signal() })))) as UpstreamError;
    expect(chatOnEmbed.details).toMatchObject({ statusCode: 400, isRetryable: false });

    const embedOnEcho = (await rejection(provider.embed!({ model: 'echo', input: ['x'] }, { signal: signal() }))) as UpstreamError;
    expect(embedOnEcho.details).toMatchObject({ statusCode: 400, isRetryable: false });
  });
});
