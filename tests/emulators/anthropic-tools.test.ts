import { post, useEmulator } from './testing';

/** The Anthropic emulator's tool calls, tool results, images and JSON output (echo-agent.ts rules, Anthropic's wire format). */
describe('Anthropic emulator: tools, images and JSON', () => {
  const { emulator } = useEmulator();
  const url = () => `${emulator().url}/anthropic/v1/messages`;
  const headers = () => ({ 'x-api-key': emulator().keys.anthropic, 'anthropic-version': '2023-06-01' });
  const weather = {
    name: 'weather',
    input_schema: {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer' }, unit: { enum: ['c', 'f'] } },
      required: ['city', 'days', 'unit'],
    },
  };
  const clock = { name: 'clock', input_schema: { type: 'object', properties: {} } };
  const request = { model: 'claude-sonnet-4-5', max_tokens: 256, messages: [{ role: 'user', content: 'Paris' }], tools: [weather, clock] };
  const events = (text: string) =>
    text
      .split('\n\n')
      .filter(Boolean)
      .map((block) => JSON.parse(block.split('\n')[1]!.slice('data: '.length)));

  it('calls the first tool with arguments built from its schema (blocking)', async () => {
    const answer = await post(url(), request, headers());
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      content: [{ type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'weather', input: { city: 'Paris', days: 5, unit: 'c' } }],
      stop_reason: 'tool_use',
    });
  });

  it('streams the call as content_block_start (input {}) and input_json_delta pieces, the first one empty', async () => {
    const sequence = events(
      (await post(url(), { ...request, stream: true, tool_choice: { type: 'tool', name: 'clock' } }, headers())).text,
    );
    expect(sequence[1]).toEqual({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'clock', input: {} },
    });
    const pieces = sequence.filter((event) => event.type === 'content_block_delta').map((event) => event.delta);
    expect(pieces[0]).toEqual({ type: 'input_json_delta', partial_json: '' });
    expect(pieces.map((piece) => piece.partial_json).join('')).toBe('{}');
    expect(sequence.find((event) => event.type === 'message_delta').delta.stop_reason).toBe('tool_use');
  });

  it('answers a tool result with "tool said: …" and does not call again', async () => {
    const messages = [
      { role: 'user', content: 'Paris' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_a', name: 'weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_a', content: '18 degrees' }] },
    ];
    const answer = await post(url(), { ...request, messages }, headers());
    expect(answer.body).toMatchObject({ content: [{ type: 'text', text: 'tool said: 18 degrees' }], stop_reason: 'end_turn' });
  });

  it('does not call tools with tool_choice none', async () => {
    const answer = await post(url(), { ...request, tool_choice: { type: 'none' } }, headers());
    expect(answer.body.content).toEqual([{ type: 'text', text: 'Echo: Paris' }]);
  });

  it('counts image blocks (base64 and url) after the echo', async () => {
    const content = [
      { type: 'text', text: 'look' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
    ];
    const answer = await post(url(), { model: 'claude-sonnet-4-5', max_tokens: 50, messages: [{ role: 'user', content }] }, headers());
    expect(answer.body.content).toEqual([{ type: 'text', text: 'Echo: look [2 image(s)]' }]);
  });

  it('answers output_config.format with JSON built from the schema, streamed as text deltas', async () => {
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, sunny: { type: 'boolean' } },
      required: ['city', 'sunny'],
      additionalProperties: false,
    };
    const body = {
      model: 'claude-sonnet-4-5',
      max_tokens: 50,
      messages: [{ role: 'user', content: 'Rome' }],
      output_config: { format: { type: 'json_schema', schema } },
    };
    expect(JSON.parse((await post(url(), body, headers())).body.content[0].text)).toEqual({ city: 'Rome', sunny: true });
    const sequence = events((await post(url(), { ...body, stream: true }, headers())).text);
    const text = sequence
      .filter((event) => event.type === 'content_block_delta')
      .map((event) => event.delta.text)
      .join('');
    expect(JSON.parse(text)).toEqual({ city: 'Rome', sunny: true });
  });

  it.each([
    [
      'a tool_result answering no call of the previous turn',
      { messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_x', content: 'x' }] }] },
      /unexpected `tool_use_id`/,
    ],
    [
      'a tool_use left unanswered',
      {
        messages: [
          { role: 'user', content: 'a' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_b', name: 'weather', input: {} }] },
          { role: 'user', content: 'b' },
        ],
      },
      /without `tool_result` blocks/,
    ],
    ['a tool name with spaces', { tools: [{ name: 'get weather', input_schema: { type: 'object' } }] }, /name: String should match/],
    ['a tool_choice naming no tool', { tool_choice: { type: 'tool', name: 'nope' } }, /not found in tools/],
    [
      'thinking with a forced tool',
      { tool_choice: { type: 'any' }, thinking: { type: 'enabled', budget_tokens: 1024 }, max_tokens: 2000 },
      /Thinking may not be enabled/,
    ],
    [
      'thinking in a tool loop whose assistant turn has no thinking block',
      {
        thinking: { type: 'enabled', budget_tokens: 1024 },
        max_tokens: 2000,
        messages: [
          { role: 'user', content: 'a' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_c', name: 'weather', input: {} }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_c', content: 'x' }] },
        ],
      },
      /must start with a thinking block/,
    ],
    [
      'an image of an unsupported type',
      { messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: 'Qk0=' } }] }] },
      /image\.source/,
    ],
    [
      'output_config.format on Claude 3',
      { model: 'claude-3-5-haiku-latest', output_config: { format: { type: 'json_schema', schema: { type: 'object' } } } },
      /does not support output_config/,
    ],
  ])('refuses %s', async (_name, change, message) => {
    const answer = await post(url(), { ...request, ...change }, headers());
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ type: 'invalid_request_error', message: expect.stringMatching(message) });
  });
});
