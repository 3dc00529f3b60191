import { collect, useFixtureProvider } from '../__fixtures__/fixture-server';
import { createCompatProvider } from './compat';
import type { StreamEvent } from '../types';

const signal = () => new AbortController().signal;
const weather = {
  name: 'weather',
  description: 'The weather',
  parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
};
const request = {
  model: 'deepseek-reasoner',
  messages: [{ role: 'user' as const, content: 'Weather in San Francisco?' }],
  tools: [weather],
};
const calls = (events: StreamEvent[]) => events.filter((event) => event.type === 'tool_call');

describe('compat provider: tool calls, JSON and cached/reasoning usage from DeepSeek and Groq recordings', () => {
  const upstream = useFixtureProvider(createCompatProvider, 'compat', { path: '/v1', framing: { done: true } });

  it('DeepSeek streamed: id and name on the first piece, argument fragments after, usage (cached, reasoning) only on the finish chunk', async () => {
    upstream.serve('deepseek-tool-call.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));
    const pieces = calls(events);

    expect(pieces[0]).toEqual({ type: 'tool_call', index: 0, id: 'call_00_ioIn7yN9p1ZOMNpDLwd4MgAF', name: 'weather', arguments: '' });
    expect(
      pieces
        .slice(1)
        .every((piece) => piece.type === 'tool_call' && piece.index === 0 && piece.id === undefined && piece.name === undefined),
    ).toBe(true);
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.map((piece) => (piece.type === 'tool_call' ? piece.arguments : '')).join('')).toBe('{"location": "San Francisco"}');
    expect(events.filter((event) => event.type === 'delta')).toEqual([]);
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'tool_calls' },
      { type: 'usage', usage: { promptTokens: 339, completionTokens: 83, totalTokens: 422, cachedTokens: 320, reasoningTokens: 39 } },
    ]);
  });

  it('DeepSeek blocking: tool_calls, finish tool_calls, cached and reasoning tokens', async () => {
    upstream.serve('deepseek-tool-call.json');
    const result = await upstream.provider.chat(request, { signal: signal() });

    expect(result).toEqual({
      content: '',
      toolCalls: [{ id: 'call_00_9V0vrf86Pc9aelHCJMZqnJBo', name: 'weather', arguments: '{"location": "San Francisco"}' }],
      finishReason: 'tool_calls',
      usage: { promptTokens: 339, completionTokens: 92, totalTokens: 431, cachedTokens: 320, reasoningTokens: 48 },
    });
  });

  it('DeepSeek JSON mode: the JSON is the content, reasoning_content is not', async () => {
    upstream.serve('deepseek-json.json');
    const result = await upstream.provider.chat({ ...request, responseFormat: { type: 'json_object' } }, { signal: signal() });

    expect(JSON.parse(result.content)).toEqual({ location: 'San Francisco', condition: 'cloudy', temperature: 7 });
    expect(result.usage).toMatchObject({ cachedTokens: 320, reasoningTokens: 118 });
    expect(upstream.server.requests.at(-1)!.body).toMatchObject({ response_format: { type: 'json_object' } });
  });

  it('Groq streamed: the whole call in one piece; usage read from the top-level usage, x_groq ignored', async () => {
    upstream.serve('groq-tool-call.chunks.txt');
    const events = await collect(upstream.provider.stream({ ...request, model: 'llama-3.3-70b-versatile' }, { signal: signal() }));

    expect(calls(events)).toEqual([{ type: 'tool_call', index: 0, id: 'tk85n1k4m', name: 'weather', arguments: '{}' }]);
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'tool_calls' },
      { type: 'usage', usage: { promptTokens: 210, completionTokens: 15, totalTokens: 225 } },
    ]);
  });

  it('Groq blocking: content absent, one call with empty-object arguments', async () => {
    upstream.serve('groq-tool-call.json');
    const result = await upstream.provider.chat(request, { signal: signal() });

    expect(result.toolCalls).toEqual([{ id: 'ax9fskhev', name: 'weather', arguments: '{}' }]);
    expect(result).toMatchObject({
      content: '',
      finishReason: 'tool_calls',
      usage: { promptTokens: 218, completionTokens: 15, totalTokens: 233 },
    });
  });

  it('sends tools OpenAI-shaped and developer as system (compat servers may not know the role)', async () => {
    upstream.serve('groq-tool-call.json');
    await upstream.provider.chat(
      {
        ...request,
        messages: [{ role: 'developer', content: 'Be brief.' }, ...request.messages],
        toolChoice: 'required',
        parallelToolCalls: false,
      },
      { signal: signal() },
    );

    expect(upstream.server.requests.at(-1)!.body).toMatchObject({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in San Francisco?' },
      ],
      tools: [{ type: 'function', function: weather }],
      tool_choice: 'required',
      parallel_tool_calls: false,
    });
  });
});
