import { planMessagesRequest } from './request';
import { supportsStructuredOutputs } from './json';
import type { ChatRequest } from '../types';

/** ChatRequest → Messages body: history with images, tool calls and results; tools; JSON modes; thinking. */
describe('anthropic request translation', () => {
  const weather = {
    name: 'weather',
    description: 'Weather of a city',
    parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
  };
  const base: ChatRequest = { model: 'claude-3-5-haiku-latest', messages: [{ role: 'user', content: 'Hi' }] };
  const payload = (request: Partial<ChatRequest>) => planMessagesRequest({ ...base, ...request }, false).payload;

  it('joins system and developer prompts into the top-level system, and maps parts, tool calls and grouped tool results', () => {
    const body = payload({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'developer', content: 'Use tools.' },
        {
          role: 'user',
          content: 'What is this? And the weather?',
          parts: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', source: { kind: 'data', mediaType: 'image/png', base64: 'iVBORw0KGgo=' } },
            { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.jpg' }, detail: 'low' },
            { type: 'text', text: 'And the weather?' },
          ],
        },
        {
          role: 'assistant',
          content: '',
          toolCalls: [
            { id: 'toolu_1', name: 'weather', arguments: '{"location":"Paris"}' },
            { id: 'toolu_2', name: 'weather', arguments: '' },
          ],
        },
        { role: 'tool', content: '18 degrees', toolCallId: 'toolu_1' },
        { role: 'tool', content: '{"temp":21}', toolCallId: 'toolu_2' },
        { role: 'assistant', content: 'Paris 18, the other 21.' },
        { role: 'user', content: 'Thanks' },
      ],
    });
    expect(body.system).toBe('Be brief.\n\nUse tools.');
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
          { type: 'text', text: 'And the weather?' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { location: 'Paris' } },
          { type: 'tool_use', id: 'toolu_2', name: 'weather', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: '18 degrees' },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: '{"temp":21}' },
        ],
      },
      { role: 'assistant', content: 'Paris 18, the other 21.' },
      { role: 'user', content: 'Thanks' },
    ]);
  });

  it.each([
    ['none', { type: 'none' }],
    ['auto', { type: 'auto' }],
    ['required', { type: 'any' }],
    [{ name: 'weather' }, { type: 'tool', name: 'weather' }],
  ] as const)('maps tool_choice %p to %p', (choice, expected) => {
    const body = payload({ tools: [weather], toolChoice: choice });
    expect(body.tools).toEqual([{ name: 'weather', description: 'Weather of a city', input_schema: weather.parameters }]);
    expect(body.tool_choice).toEqual(expected);
  });

  it('turns parallel_tool_calls false into disable_parallel_tool_use, and sends no tool_choice when none was asked', () => {
    expect(payload({ tools: [weather], parallelToolCalls: false }).tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });
    expect(payload({ tools: [weather], toolChoice: 'required', parallelToolCalls: false }).tool_choice).toEqual({
      type: 'any',
      disable_parallel_tool_use: true,
    });
    expect(payload({ tools: [weather] })).not.toHaveProperty('tool_choice');
    expect(payload({})).not.toHaveProperty('tools');
  });

  it('gives a tool whose parameters name no type an object schema (OpenAI accepts {}, Anthropic needs type object)', () => {
    expect(payload({ tools: [{ name: 'clock', parameters: {} }] }).tools).toEqual([
      { name: 'clock', input_schema: { type: 'object', properties: {} } },
    ]);
  });

  it('sends strict tools only to models with structured outputs', () => {
    const strict = { ...weather, strict: true };
    expect((payload({ tools: [strict] }).tools as object[])[0]).not.toHaveProperty('strict');
    expect((payload({ model: 'claude-sonnet-4-5', tools: [strict] }).tools as object[])[0]).toMatchObject({ strict: true });
  });

  it('asks a structured-output model for json_schema through output_config.format, no tool', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false };
    const plan = planMessagesRequest(
      { ...base, model: 'claude-sonnet-4-5', responseFormat: { type: 'json_schema', name: 'city', schema } },
      false,
    );
    expect(plan.payload.output_config).toEqual({ format: { type: 'json_schema', schema } });
    expect(plan.payload).not.toHaveProperty('tools');
    expect(plan.jsonMode.kind).toBe('output_format');
  });

  it('forces the json tool for json_schema on an older model, and for json_object everywhere', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } } };
    const older = payload({ responseFormat: { type: 'json_schema', name: 'city', schema } });
    expect(older.tools).toEqual([{ name: 'json', description: 'Respond with a JSON object.', input_schema: schema }]);
    expect(older.tool_choice).toEqual({ type: 'tool', name: 'json' });
    expect(older).not.toHaveProperty('output_config');
    const open = payload({ model: 'claude-sonnet-4-5', responseFormat: { type: 'json_object' } });
    expect(open.tools).toEqual([
      { name: 'json', description: 'Respond with a JSON object.', input_schema: { type: 'object', additionalProperties: true } },
    ]);
    expect(open.tool_choice).toEqual({ type: 'tool', name: 'json' });
  });

  it('keeps the client’s tools and tool choice beside output_config.format', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false };
    const body = payload({
      model: 'claude-sonnet-4-5',
      tools: [weather],
      toolChoice: 'auto',
      responseFormat: { type: 'json_schema', name: 'city', schema },
    });
    expect((body.tools as Array<{ name: string }>).map((tool) => tool.name)).toEqual(['weather']);
    expect(body.tool_choice).toEqual({ type: 'auto' });
    expect(body.output_config).toEqual({ format: { type: 'json_schema', schema } });
  });

  it('lets the model pick between the client’s tools and the json tool when both are offered', () => {
    const body = payload({ tools: [weather], responseFormat: { type: 'json_object' } });
    expect((body.tools as Array<{ name: string }>).map((tool) => tool.name)).toEqual(['weather', 'json']);
    expect(body.tool_choice).toEqual({ type: 'any' });
  });

  it('maps reasoning_effort to a thinking budget added on top of max_tokens', () => {
    expect(payload({ model: 'claude-sonnet-4-5', reasoningEffort: 'low', maxTokens: 500 })).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: 2048 },
      max_tokens: 2548,
    });
    expect(payload({ model: 'claude-sonnet-4-5', reasoningEffort: 'high' })).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: 16384 },
      max_tokens: 4096 + 16384,
    });
    expect(payload({ reasoningEffort: 'none' })).not.toHaveProperty('thinking');
  });

  it('sends no thinking inside a tool loop (its signed thinking block cannot be replayed) nor with a forced tool', () => {
    const loop: ChatRequest['messages'] = [
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'toolu_1', name: 'weather', arguments: '{}' }] },
      { role: 'tool', content: 'sunny', toolCallId: 'toolu_1' },
    ];
    expect(payload({ model: 'claude-sonnet-4-5', reasoningEffort: 'high', tools: [weather], messages: loop })).not.toHaveProperty(
      'thinking',
    );
    expect(
      payload({
        model: 'claude-sonnet-4-5',
        reasoningEffort: 'high',
        tools: [weather],
        messages: [...loop, { role: 'assistant', content: 'Sunny.' }, { role: 'user', content: 'And tomorrow?' }],
      }),
    ).toHaveProperty('thinking');
    expect(payload({ model: 'claude-sonnet-4-5', reasoningEffort: 'high', responseFormat: { type: 'json_object' } })).not.toHaveProperty(
      'thinking',
    );
    expect(
      payload({
        model: 'claude-sonnet-4-5',
        reasoningEffort: 'high',
        responseFormat: { type: 'json_schema', name: 'x', schema: { type: 'object' } },
      }),
    ).toHaveProperty('thinking');
    expect(payload({ model: 'claude-sonnet-4-5', reasoningEffort: 'high', tools: [weather], toolChoice: 'required' })).not.toHaveProperty(
      'thinking',
    );
    expect(payload({ model: 'claude-sonnet-4-5', reasoningEffort: 'high', tools: [weather], toolChoice: 'auto' })).toHaveProperty(
      'thinking',
    );
  });

  it('passes user as metadata.user_id', () => {
    expect(payload({ user: 'user-42' }).metadata).toEqual({ user_id: 'user-42' });
  });

  it.each([
    ['claude-sonnet-4-5', true],
    ['claude-sonnet-4-5-20250929', true],
    ['claude-haiku-4-5', true],
    ['claude-opus-4-1', true],
    ['claude-opus-4-7', true],
    ['claude-sonnet-5', true],
    ['claude-3-5-haiku-latest', false],
    ['claude-sonnet-4-20250514', false],
    ['claude-opus-4-20250514', false],
  ])('knows whether %s has structured outputs (%p)', (model, expected) => {
    expect(supportsStructuredOutputs(model)).toBe(expected);
  });
});
