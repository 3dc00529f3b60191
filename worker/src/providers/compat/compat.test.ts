import { collect, fixtureLines, useFixtureProvider } from '../__fixtures__/fixture-server';
import { createCompatProvider } from './compat';
import type { StreamEvent } from '../types';

const signal = () => new AbortController().signal;
const request = { model: 'llama-3.3-70b-versatile', messages: [{ role: 'user' as const, content: 'Invent a holiday.' }] };

function fixtureText(name: string): string {
  return fixtureLines(name)
    .map((line) => (JSON.parse(line) as { choices: Array<{ delta?: { content?: string } }> }).choices[0]?.delta?.content ?? '')
    .join('');
}
const text = (events: StreamEvent[]) => events.map((event) => (event.type === 'delta' ? event.text : '')).join('');

describe('compat provider (OpenAI-compatible servers with their own extra fields)', () => {
  const upstream = useFixtureProvider(createCompatProvider, 'compat', {
    path: '/openai/v1',
    settings: { apiKey: '' },
    framing: { done: true },
  });

  it('ignores Groq extras (x_groq, timing fields in usage) and reads usage from the finish chunk', async () => {
    upstream.serve('groq-text.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));

    expect(text(events)).toBe(fixtureText('groq-text.chunks.txt'));
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage: { promptTokens: 45, completionTokens: 662, totalTokens: 707 } },
    ]);
  });

  it('ignores DeepSeek extras (prompt_cache_hit_tokens …) and maps finish_reason length', async () => {
    upstream.serve('deepseek-text.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));

    expect(text(events)).toBe(fixtureText('deepseek-text.chunks.txt'));
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'length' },
      { type: 'usage', usage: { promptTokens: 13, completionTokens: 400, totalTokens: 413 } },
    ]);
  });

  it('maps blocking Groq and DeepSeek answers', async () => {
    upstream.serve('groq-text.json');
    const groq = await upstream.provider.chat(request, { signal: signal() });
    expect(groq.content).toMatch(/^I'd like to introduce "Luminaria"/);
    expect(groq.usage?.promptTokens).toBeGreaterThan(0);

    upstream.serve('deepseek-text.json');
    const deepseek = await upstream.provider.chat(request, { signal: signal() });
    expect(deepseek).toMatchObject({ finishReason: 'length', usage: { promptTokens: 13, completionTokens: 300, totalTokens: 313 } });
  });

  it('sends no Authorization header when no key is set, and still asks for usage', async () => {
    upstream.serve('groq-text.chunks.txt');
    await collect(upstream.provider.stream(request, { signal: signal() }));
    const sent = upstream.server.requests.at(-1)!;

    expect(sent.url).toBe('/openai/v1/chat/completions');
    expect(sent.headers).not.toHaveProperty('authorization');
    expect(sent.body).toMatchObject({ stream_options: { include_usage: true } });
  });

  it('refuses to start without a base URL', () => {
    expect(() =>
      createCompatProvider({ name: 'compat', baseUrl: '', apiKey: '', timeouts: { connectMs: 1, firstTokenMs: 1, idleMs: 1 } }),
    ).toThrow(/base URL/);
  });
});
