import { decideIntent, valueFromSchema, type Conversation } from './chat-intent';

/** docs/architecture.md §9's deterministic answers, shared by every emulated wire format. */
describe('emulator chat intent', () => {
  const base: Conversation = {
    lastRole: 'user',
    userText: 'Berlin',
    imageCount: 0,
    toolResult: '',
    tools: [],
    toolChoice: undefined,
    format: undefined,
  };
  const schema = {
    type: 'object',
    properties: {
      city: { type: 'string' },
      letters: { type: 'integer' },
      metric: { type: 'boolean' },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      where: { type: 'object', properties: { country: { type: 'string' }, note: { type: 'string' } }, required: ['country'] },
      tags: { type: 'array', items: { type: 'string' } },
      optional: { type: 'string' },
    },
    required: ['city', 'letters', 'metric', 'unit', 'where', 'tags'],
  };

  it('builds a minimal value from a schema: required properties only, string → text, number → its length, boolean → true, enum → first', () => {
    expect(valueFromSchema(schema, 'Berlin')).toEqual({
      city: 'Berlin',
      letters: 6,
      metric: true,
      unit: 'celsius',
      where: { country: 'Berlin' },
      tags: ['Berlin'],
    });
  });

  it('calls the named tool, else the first, after a user message; tool_choice none answers text', () => {
    const tools = [
      { name: 'first', parameters: { type: 'object', properties: {} } },
      { name: 'weather', parameters: schema },
    ];
    expect(decideIntent({ ...base, tools })).toEqual({ kind: 'tool', name: 'first', arguments: '{}' });
    expect(decideIntent({ ...base, tools, toolChoice: { name: 'weather' } })).toMatchObject({
      kind: 'tool',
      name: 'weather',
      arguments: expect.stringContaining('"letters":6'),
    });
    expect(decideIntent({ ...base, tools, toolChoice: 'none' })).toEqual({ kind: 'text', text: 'Echo: Berlin' });
  });

  it('answers a tool result with "tool said: …", even when tools are still offered', () => {
    expect(
      decideIntent({ ...base, lastRole: 'tool', toolResult: 'sunny, 21°C', tools: [{ name: 'weather', parameters: schema }] }),
    ).toEqual({ kind: 'text', text: 'tool said: sunny, 21°C' });
  });

  it('JSON modes and images', () => {
    expect(decideIntent({ ...base, format: { type: 'json_object' } })).toEqual({ kind: 'text', text: '{"echo":"Berlin"}' });
    expect(JSON.parse((decideIntent({ ...base, format: { type: 'json_schema', schema } }) as { text: string }).text)).toMatchObject({
      city: 'Berlin',
      unit: 'celsius',
    });
    expect(decideIntent({ ...base, imageCount: 2 })).toEqual({ kind: 'text', text: 'Echo: Berlin [2 image(s)]' });
  });
});
