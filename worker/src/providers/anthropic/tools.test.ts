import { createAnthropicProvider } from './anthropic';
import { collect, useFixtureProvider } from '../__fixtures__/fixture-server';
import type { ChatRequest, StreamEvent } from '../types';

/** Tool calls, JSON modes, thinking and cache usage in Anthropic's answers (recorded fixtures unless *-synthetic). */
describe('anthropic provider: tools, JSON and usage', () => {
  const upstream = useFixtureProvider(createAnthropicProvider, 'anthropic', { framing: { eventNames: true } });
  const signal = () => new AbortController().signal;
  const weather = { name: 'weather', parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] } };
  const request: ChatRequest = {
    model: 'claude-haiku-4-5',
    messages: [{ role: 'user', content: 'Weather in San Francisco?' }],
    tools: [weather],
  };
  const text = (events: StreamEvent[]) => events.map((event) => (event.type === 'delta' ? event.text : '')).join('');
  const calls = (events: StreamEvent[]) => events.filter((event) => event.type === 'tool_call');

  it('streams a tool_use block as OpenAI tool-call pieces: id and name first, then the non-empty partial_json fragments', async () => {
    upstream.serve('anthropic-tool-call.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));
    expect(calls(events)).toEqual([
      { type: 'tool_call', index: 0, id: 'toolu_019Zvehfe1XQWweT1pm7okyt', name: 'weather', arguments: '' },
      { type: 'tool_call', index: 0, arguments: '{"location": "San Francisco' },
      { type: 'tool_call', index: 0, arguments: '"}' },
    ]);
    expect(
      JSON.parse(
        calls(events)
          .map((event) => (event as { arguments: string }).arguments)
          .join(''),
      ),
    ).toEqual({ location: 'San Francisco' });
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'tool_calls' },
      { type: 'usage', usage: { promptTokens: 843, completionTokens: 28, totalTokens: 871 } },
    ]);
  });

  it('reads a blocking tool_use block as a tool call with the input as JSON text', async () => {
    upstream.serve('anthropic-tool-call.json');
    expect(await upstream.provider.chat(request, { signal: signal() })).toEqual({
      content: '',
      toolCalls: [{ id: 'toolu_01PQjhxo3eirCdKNvCJrKc8f', name: 'weather', arguments: '{"location":"San Francisco"}' }],
      finishReason: 'tool_calls',
      usage: { promptTokens: 843, completionTokens: 28, totalTokens: 871 },
    });
  });

  it('gives a tool without parameters the arguments "{}" when its only partial_json is empty (streamed) and in the blocking answer', async () => {
    upstream.serve('anthropic-tool-no-args.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));
    expect(text(events)).toBe("I'll update the issue list for you.");
    expect(calls(events)).toEqual([
      { type: 'tool_call', index: 0, id: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP', name: 'updateIssueList', arguments: '' },
      { type: 'tool_call', index: 0, arguments: '{}' },
    ]);

    upstream.serve('anthropic-tool-no-args.json');
    const result = await upstream.provider.chat(request, { signal: signal() });
    expect(result.toolCalls).toEqual([{ id: 'toolu_01LRmxn9vGM1d2DZSDBowdZ1', name: 'updateIssueList', arguments: '{}' }]);
    expect(result.content).toMatch(/^<thinking>/);
    expect(result.finishReason).toBe('tool_calls');
  });

  it('skips thinking blocks and numbers parallel calls from 0 over tool calls only (synthetic)', async () => {
    upstream.serve('anthropic-thinking-synthetic.chunks.txt');
    const events = await collect(
      upstream.provider.stream({ ...request, model: 'claude-sonnet-4-5', reasoningEffort: 'low' }, { signal: signal() }),
    );
    expect(text(events)).toBe('Checking.');
    expect(calls(events)).toEqual([
      { type: 'tool_call', index: 0, id: 'toolu_synthetic_a', name: 'weather', arguments: '' },
      { type: 'tool_call', index: 0, arguments: '{"location":' },
      { type: 'tool_call', index: 0, arguments: ' "Paris"}' },
      { type: 'tool_call', index: 1, id: 'toolu_synthetic_b', name: 'weather', arguments: '' },
      { type: 'tool_call', index: 1, arguments: '{"location": "Rome"}' },
    ]);
    expect(upstream.server.requests.at(-1)!.body).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2048 } });
  });

  it('turns the forced json tool back into answer text, finish stop (streamed pieces need not follow the JSON structure)', async () => {
    const jsonRequest: ChatRequest = {
      model: 'claude-3-5-haiku-latest',
      messages: request.messages,
      responseFormat: { type: 'json_object' },
    };
    upstream.serve('anthropic-json-tool.chunks.txt');
    const events = await collect(upstream.provider.stream(jsonRequest, { signal: signal() }));
    expect(calls(events)).toEqual([]);
    expect(JSON.parse(text(events))).toEqual({ elements: [{ location: 'San Francisco', temperature: 58, condition: 'sunny' }] });
    expect(events.find((event) => event.type === 'finish')).toEqual({ type: 'finish', reason: 'stop' });
    expect(upstream.server.requests.at(-1)!.body).toMatchObject({ tool_choice: { type: 'tool', name: 'json' } });

    upstream.serve('anthropic-json-tool.json');
    const result = await upstream.provider.chat(jsonRequest, { signal: signal() });
    expect(result.toolCalls).toBeUndefined();
    expect(result.finishReason).toBe('stop');
    expect(JSON.parse(result.content).elements).toHaveLength(4);
  });

  it('reads JSON from output_config.format as ordinary text, blocking and over 114 text deltas', async () => {
    const schemaRequest: ChatRequest = {
      model: 'claude-sonnet-4-5',
      messages: [{ role: 'user', content: 'A lasagna recipe.' }],
      responseFormat: { type: 'json_schema', name: 'recipe', schema: { type: 'object', properties: { recipe: { type: 'object' } } } },
    };
    upstream.serve('anthropic-json-output-format.json');
    const result = await upstream.provider.chat(schemaRequest, { signal: signal() });
    expect(JSON.parse(result.content).recipe.name).toBe('Classic Lasagna');
    expect(result.finishReason).toBe('stop');
    expect(upstream.server.requests.at(-1)!.body).toMatchObject({ output_config: { format: { type: 'json_schema' } } });

    upstream.serve('anthropic-json-output-format.chunks.txt');
    const events = await collect(upstream.provider.stream(schemaRequest, { signal: signal() }));
    expect(events.filter((event) => event.type === 'delta')).toHaveLength(114);
    expect(JSON.parse(text(events)).characters).toHaveLength(3); // the two recordings answer different prompts
  });

  it('counts cache writes and reads into prompt tokens and reports them apart', async () => {
    upstream.serve('anthropic-cache-write.chunks.txt');
    const written = await collect(upstream.provider.stream(request, { signal: signal() }));
    expect(written.filter((event) => event.type === 'usage').at(-1)).toEqual({
      type: 'usage',
      usage: { promptTokens: 3 + 18639, completionTokens: 1, totalTokens: 18643, cacheWriteTokens: 18639 },
    });
    expect(written.find((event) => event.type === 'finish')).toEqual({ type: 'finish', reason: 'length' });

    upstream.serve('anthropic-cache-read.chunks.txt');
    const read = await collect(upstream.provider.stream(request, { signal: signal() }));
    expect(read.filter((event) => event.type === 'usage').at(-1)).toEqual({
      type: 'usage',
      usage: { promptTokens: 3 + 18639, completionTokens: 1, totalTokens: 18643, cachedTokens: 18639 },
    });
  });
});
