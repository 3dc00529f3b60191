import { collect, useFixtureProvider } from '../__fixtures__/fixture-server';
import { createOllamaProvider } from './ollama';
import type { ChatRequest, StreamEvent } from '../types';

const signal = () => new AbortController().signal;
const weather = {
  name: 'weather',
  description: 'The weather',
  parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
};
const time = { name: 'time', parameters: { type: 'object', properties: {} } };
const request: ChatRequest = {
  model: 'llama3.2',
  messages: [{ role: 'user', content: 'Weather in San Francisco, and the time?' }],
  tools: [weather, time],
};
const CALL_ID = /^call_[0-9a-f]{12}_\d+$/;

describe("ollama provider: tools, images, format and options (synthetic fixtures from Ollama's documented /api/chat)", () => {
  const upstream = useFixtureProvider(createOllamaProvider, 'ollama', { settings: { apiKey: '' } });

  it('blocking: arguments objects become JSON text, ids are made (distinct, one answer prefix), finish is tool_calls though done_reason says stop', async () => {
    upstream.serve('ollama-tool-call-synthetic.json');
    const result = await upstream.provider.chat(request, { signal: signal() });

    expect(result.finishReason).toBe('tool_calls');
    expect(result.toolCalls!.map(({ name, arguments: text }) => [name, JSON.parse(text)])).toEqual([
      ['weather', { location: 'San Francisco' }],
      ['time', {}],
    ]);
    const [first, second] = result.toolCalls!.map((call) => call.id);
    expect(first).toMatch(CALL_ID);
    expect(second).toBe(first!.replace(/_0$/, '_1'));
    expect(result.usage).toEqual({ promptTokens: 167, completionTokens: 24, totalTokens: 191 });
  });

  it('streamed: each call on its own line becomes one whole piece, numbered from 0, then finish tool_calls and usage', async () => {
    upstream.serve('ollama-tool-call-synthetic.ndjson');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));
    const pieces = events.filter((event): event is Extract<StreamEvent, { type: 'tool_call' }> => event.type === 'tool_call');

    expect(pieces.map(({ index, name, arguments: text }) => ({ index, name, arguments: JSON.parse(text) }))).toEqual([
      { index: 0, name: 'weather', arguments: { location: 'San Francisco' } },
      { index: 1, name: 'time', arguments: {} },
    ]);
    expect(pieces[0]!.id).toMatch(CALL_ID);
    expect(pieces[1]!.id).toBe(pieces[0]!.id!.replace(/_0$/, '_1'));
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'tool_calls' },
      { type: 'usage', usage: { promptTokens: 167, completionTokens: 24, totalTokens: 191 } },
    ]);
  });

  it('sends images as base64, tool history with object arguments and tool_name, format, think and options', async () => {
    upstream.serve('ollama-chat-synthetic.json');
    await upstream.provider.chat(
      {
        model: 'llama3.2',
        messages: [
          { role: 'developer', content: 'Be brief.' },
          {
            role: 'user',
            content: 'What is this?',
            parts: [
              { type: 'text', text: 'What is this?' },
              { type: 'image', source: { kind: 'data', mediaType: 'image/png', base64: 'iVBORw0KGgo=' } },
            ],
          },
          { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'weather', arguments: '{"location":"Berlin"}' }] },
          { role: 'tool', content: 'sunny', toolCallId: 'call_1' },
        ],
        tools: [weather],
        responseFormat: { type: 'json_schema', name: 'answer', schema: { type: 'object', properties: { city: { type: 'string' } } } },
        reasoningEffort: 'high',
        seed: 3,
        presencePenalty: 0.1,
        frequencyPenalty: 0.2,
        stop: ['END'],
        maxTokens: 50,
        temperature: 0,
        topP: 0.5,
        user: 'not-for-ollama',
      },
      { signal: signal() },
    );

    expect(upstream.server.requests.at(-1)!.body).toEqual({
      model: 'llama3.2',
      stream: false,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'What is this?', images: ['iVBORw0KGgo='] },
        { role: 'assistant', content: '', tool_calls: [{ function: { name: 'weather', arguments: { location: 'Berlin' } } }] },
        { role: 'tool', content: 'sunny', tool_name: 'weather' },
      ],
      tools: [{ type: 'function', function: { name: 'weather', description: 'The weather', parameters: weather.parameters } }],
      format: { type: 'object', properties: { city: { type: 'string' } } },
      think: true,
      options: { temperature: 0, top_p: 0.5, num_predict: 50, stop: ['END'], seed: 3, presence_penalty: 0.1, frequency_penalty: 0.2 },
    });
  });

  it('json_object is format "json"; tool_choice none sends no tools, a named one only that tool', async () => {
    upstream.serve('ollama-chat-synthetic.json');
    await upstream.provider.chat(
      { ...request, responseFormat: { type: 'json_object' }, toolChoice: 'none', reasoningEffort: 'none' },
      { signal: signal() },
    );
    expect(upstream.server.requests.at(-1)!.body).toMatchObject({ format: 'json', think: false });
    expect(upstream.server.requests.at(-1)!.body).not.toHaveProperty('tools');

    await upstream.provider.chat({ ...request, toolChoice: { name: 'time' } }, { signal: signal() });
    expect(
      (upstream.server.requests.at(-1)!.body as { tools: Array<{ function: { name: string } }> }).tools.map((tool) => tool.function.name),
    ).toEqual(['time']);
  });

  it('refuses an image still given as a URL, with a clear non-retryable error and no call', async () => {
    const before = upstream.server.requests.length;
    const message = {
      role: 'user' as const,
      content: 'x',
      parts: [{ type: 'image' as const, source: { kind: 'url' as const, url: 'https://example.com/a.png' } }],
    };
    await expect(upstream.provider.chat({ model: 'llama3.2', messages: [message] }, { signal: signal() })).rejects.toMatchObject({
      name: 'UpstreamError',
      message: expect.stringContaining('images as data only'),
      details: { isRetryable: false, statusCode: 400 },
    });
    expect(upstream.server.requests.length).toBe(before);
  });
});
