import { collect } from '../__fixtures__/fixture-server';
import { createMockProvider } from './mock';
import { echoAnswer, valueFromSchema } from './rules';
import type { ChatMessage, ChatRequest, StreamEvent, ToolDefinition } from '../types';

const provider = createMockProvider({ name: 'mock', baseUrl: '', apiKey: '', timeouts: { connectMs: 1, firstTokenMs: 1, idleMs: 1 } });
const signal = () => new AbortController().signal;
const ask: ChatMessage = { role: 'user', content: 'Oslo' };
const weather: ToolDefinition = {
  name: 'get_weather',
  parameters: {
    type: 'object',
    properties: {
      city: { type: 'string' },
      days: { type: 'integer' },
      metric: { type: 'boolean' },
      unit: { type: 'string', enum: ['c', 'f'] },
      note: { type: 'string' },
    },
    required: ['city', 'days', 'metric', 'unit'],
  },
};
const now: ToolDefinition = { name: 'now', parameters: { type: 'object', properties: {} } };
const request = (extra: Partial<ChatRequest>): ChatRequest => ({ model: 'echo', messages: [ask], ...extra });

describe('mock/echo rules (docs/architecture.md §9)', () => {
  it('calls the first tool with arguments built from its schema: required only, string → user text, number → its length, boolean → true, enum → first', async () => {
    const result = await provider.chat(request({ tools: [weather, now] }), { signal: signal() });
    expect(result).toEqual({
      content: '',
      toolCalls: [{ id: 'call_echo_0', name: 'get_weather', arguments: '{"city":"Oslo","days":4,"metric":true,"unit":"c"}' }],
      finishReason: 'tool_calls',
      // Input: 'Oslo' and both tools (names, schemas: 4 + 11 + 221 + 3 + 33 = 272 bytes); output: name and arguments (11 + 49).
      usage: { promptTokens: 68, completionTokens: 15, totalTokens: 83 },
    });
  });

  it('calls the tool tool_choice names, and none with tool_choice none', () => {
    expect(echoAnswer(request({ tools: [weather, now], toolChoice: { name: 'now' } }))).toEqual({
      kind: 'tool_call',
      call: { id: 'call_echo_0', name: 'now', arguments: '{}' },
    });
    expect(echoAnswer(request({ tools: [weather], toolChoice: 'none' }))).toEqual({ kind: 'text', text: 'Oslo' });
  });

  it('answers "tool said: <content>" after a tool message, even with tools still offered', () => {
    const messages: ChatMessage[] = [
      ask,
      { role: 'assistant', content: '', toolCalls: [{ id: 'c', name: 'now', arguments: '{}' }] },
      { role: 'tool', content: '12:00', toolCallId: 'c' },
    ];
    expect(echoAnswer(request({ messages, tools: [now] }))).toEqual({ kind: 'text', text: 'tool said: 12:00' });
  });

  it('builds nested objects and arrays minimally, and answers json formats', () => {
    const schema = {
      type: 'object',
      properties: {
        place: { type: 'object', properties: { name: { type: 'string' }, zip: { type: 'string' } }, required: ['name'] },
        tags: { type: 'array', items: { type: 'number' }, minItems: 2 },
        empty: { type: 'array', items: { type: 'string' } },
      },
      required: ['place', 'tags', 'empty'],
    };
    expect(valueFromSchema(schema, 'abc')).toEqual({ place: { name: 'abc' }, tags: [3, 3], empty: [] });
    expect(valueFromSchema({ anyOf: [{ type: ['integer', 'null'] }] }, 'abcd')).toBe(4);
    expect(echoAnswer(request({ responseFormat: { type: 'json_schema', name: 'a', schema } }))).toEqual({
      kind: 'text',
      text: '{"place":{"name":"Oslo"},"tags":[4,4],"empty":[]}',
    });
    expect(echoAnswer(request({ responseFormat: { type: 'json_object' } }))).toEqual({ kind: 'text', text: '{"echo":"Oslo"}' });
  });

  it('appends " [N image(s)]" for the image parts of the last user message', () => {
    const parts: ChatMessage['parts'] = [
      { type: 'text', text: 'see' },
      { type: 'image', source: { kind: 'url', url: 'https://e.com/a.png' } },
      { type: 'image', source: { kind: 'data', mediaType: 'image/png', base64: 'AA==' } },
    ];
    expect(echoAnswer(request({ messages: [{ role: 'user', content: 'see', parts }] }))).toEqual({
      kind: 'text',
      text: 'see [2 image(s)]',
    });
  });

  it('streams a tool call as a first piece with id and name, then argument fragments, then finish tool_calls', async () => {
    const events = await collect(provider.stream(request({ tools: [weather] }), { signal: signal() }));
    const pieces = events.filter((event): event is Extract<StreamEvent, { type: 'tool_call' }> => event.type === 'tool_call');
    expect(pieces.length).toBeGreaterThanOrEqual(2);
    expect(pieces[0]).toMatchObject({ index: 0, id: 'call_echo_0', name: 'get_weather' });
    expect(pieces.slice(1).every((piece) => piece.id === undefined && piece.name === undefined && piece.index === 0)).toBe(true);
    expect(pieces.map((piece) => piece.arguments).join('')).toBe('{"city":"Oslo","days":4,"metric":true,"unit":"c"}');
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'tool_calls' },
      { type: 'usage', usage: { promptTokens: 59, completionTokens: 15, totalTokens: 74 } }, // 'Oslo' + get_weather: 236 bytes
    ]);
  });
});
