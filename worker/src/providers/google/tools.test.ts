import { createGoogleProvider } from './google';
import { collect, useFixtureProvider } from '../__fixtures__/fixture-server';
import type { ChatRequest, StreamEvent } from '../types';

/** Function calls and usage in Gemini's answers (recorded fixtures unless *-synthetic). */
describe('google provider: function calls and usage', () => {
  const upstream = useFixtureProvider(createGoogleProvider, 'google');
  const signal = () => new AbortController().signal;
  const request: ChatRequest = {
    model: 'gemini-3-pro-preview',
    messages: [{ role: 'user', content: 'Weather in San Francisco?' }],
    tools: [{ name: 'weather', parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] } }],
  };
  const calls = (events: StreamEvent[]) => events.filter((event) => event.type === 'tool_call');
  const CALL_ID = /^call_[\w-]+_\d$/;

  it('reads a blocking functionCall (args an object, no id) as a tool call with a made-up id; STOP becomes tool_calls; thoughts are reasoning tokens', async () => {
    upstream.serve('google-tool-call.json');
    const result = await upstream.provider.chat(request, { signal: signal() });
    expect(result).toEqual({
      content: '',
      toolCalls: [{ id: expect.stringMatching(CALL_ID), name: 'weather', arguments: '{"location":"San Francisco"}' }],
      finishReason: 'tool_calls',
      usage: { promptTokens: 29, completionTokens: 15 + 893, totalTokens: 937, reasoningTokens: 893 },
    });
  });

  it('streams the whole call as one piece (id, name, all arguments), then tool_calls on the empty last chunk', async () => {
    upstream.serve('google-tool-call.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));
    expect(calls(events)).toEqual([
      { type: 'tool_call', index: 0, id: expect.stringMatching(CALL_ID), name: 'weather', arguments: '{"location":"San Francisco"}' },
    ]);
    expect(events.filter((event) => event.type === 'delta')).toEqual([]);
    expect(events.filter((event) => event.type === 'finish')).toEqual([{ type: 'finish', reason: 'tool_calls' }]);
    expect(events.at(-1)).toEqual({
      type: 'usage',
      usage: { promptTokens: 29, completionTokens: 60, totalTokens: 89, reasoningTokens: 45 },
    });
  });

  it('assembles Vertex partialArgs into whole arguments, one piece per call, ids stable within the answer and distinct', async () => {
    upstream.serve('google-tool-call-partial-args.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));
    const pieces = calls(events) as Array<{ index: number; id: string; name: string; arguments: string }>;
    expect(pieces.map(({ index, name, arguments: args }) => ({ index, name, args }))).toEqual([
      { index: 0, name: 'getWeather', args: '{"location":"Boston"}' },
      { index: 1, name: 'getWeather', args: '{"location":"San Francisco"}' },
    ]);
    expect(pieces[0]!.id).toMatch(CALL_ID);
    expect(pieces[1]!.id).toBe(pieces[0]!.id.replace(/_0$/, '_1'));
    expect(events.filter((event) => event.type === 'usage')).toEqual([
      { type: 'usage', usage: { promptTokens: 26, completionTokens: 23 + 132, totalTokens: 181, reasoningTokens: 132 } },
    ]);
    expect(events.filter((event) => event.type === 'finish')).toEqual([{ type: 'finish', reason: 'tool_calls' }]);
  });

  it('gives each answer its own ids', async () => {
    upstream.serve('google-tool-call.json');
    const first = await upstream.provider.chat(request, { signal: signal() });
    const second = await upstream.provider.chat(request, { signal: signal() });
    expect(first.toolCalls![0]!.id).not.toBe(second.toolCalls![0]!.id);
  });

  it('keeps text beside parallel calls, and only the first call when parallel_tool_calls is false (synthetic)', async () => {
    upstream.serve('google-parallel-calls-synthetic.json');
    const both = await upstream.provider.chat(request, { signal: signal() });
    expect(both.content).toBe('Checking both.');
    expect(both.toolCalls!.map((call) => call.arguments)).toEqual(['{"location":"Paris"}', '{"location":"Rome"}']);
    const one = await upstream.provider.chat({ ...request, parallelToolCalls: false }, { signal: signal() });
    expect(one.toolCalls!.map((call) => call.arguments)).toEqual(['{"location":"Paris"}']);
    expect(one.finishReason).toBe('tool_calls');
  });

  it('streams only the first of two Vertex calls when parallel_tool_calls is false', async () => {
    upstream.serve('google-tool-call-partial-args.chunks.txt');
    const events = await collect(upstream.provider.stream({ ...request, parallelToolCalls: false }, { signal: signal() }));
    expect(calls(events)).toEqual([
      { type: 'tool_call', index: 0, id: expect.stringMatching(CALL_ID), name: 'getWeather', arguments: '{"location":"Boston"}' },
    ]);
    expect(events.filter((event) => event.type === 'finish')).toEqual([{ type: 'finish', reason: 'tool_calls' }]);
  });

  it('reports cachedContentTokenCount as cached tokens already inside the prompt count (synthetic)', async () => {
    upstream.serve('google-cached-content-synthetic.json');
    const result = await upstream.provider.chat({ model: 'gemini-2.5-flash', messages: request.messages }, { signal: signal() });
    expect(result.usage).toEqual({
      promptTokens: 12040,
      completionTokens: 9 + 31,
      totalTokens: 12080,
      cachedTokens: 12000,
      reasoningTokens: 31,
    });
  });

  it('sends the bare model name checks and the translated body to the stream endpoint', async () => {
    upstream.serve('google-tool-call.chunks.txt');
    await collect(
      upstream.provider.stream({ ...request, model: 'models/gemini-3-pro-preview', toolChoice: 'required' }, { signal: signal() }),
    );
    const sent = upstream.server.requests.at(-1)!;
    expect(sent.url).toBe('/v1beta/models/gemini-3-pro-preview:streamGenerateContent?alt=sse');
    expect(sent.body).toMatchObject({
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
      tools: [{ functionDeclarations: [{ name: 'weather' }] }],
    });
  });
});
