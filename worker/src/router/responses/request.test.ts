import { ApiError } from '../../support/api-error';
import { chatMessages } from './chat-messages';
import { responsesField } from './field-names';
import { chatBody, readResponsesFields, toChatRequest } from './request';

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('Responses request: what only the Responses API has', () => {
  it('a string input is one user message; store defaults to true', () => {
    const fields = readResponsesFields({ model: 'mock/echo', input: 'hello' });
    expect(fields.store).toBe(true);
    expect(fields.input.map(({ item }) => item)).toEqual([
      {
        id: expect.stringMatching(/^msg_/),
        type: 'message',
        role: 'user',
        status: 'completed',
        content: [{ type: 'input_text', text: 'hello' }],
      },
    ]);
    expect(toChatRequest({ model: 'mock/echo', input: 'hello' }, fields, []).messages).toEqual([{ role: 'user', content: 'hello' }]);
  });

  it('names each bad item by its place in input: an unknown item type, a bad role, a part type of chat', () => {
    const error = refusal(() =>
      readResponsesFields({
        input: [
          { type: 'web_search_call' },
          { role: 'tool', content: 'x' },
          { role: 'user', content: [{ type: 'text', text: 'chat spelling' }] },
          'nope',
        ],
        store: 'yes',
        previous_response_id: 'chatcmpl-1',
      }),
    );
    expect(error.status).toBe(400);
    expect(Object.keys(error.data.params as object)).toEqual([
      'input[0].type',
      'input[1].role',
      'input[2].content[0].type',
      'input[3]',
      'store',
      'previous_response_id',
    ]);
  });

  it("keeps an item_reference (resolved later against the key's stored responses) and refuses one without a usable id", () => {
    expect(readResponsesFields({ input: [{ type: 'item_reference', id: 'msg_01ABC' }] }).input).toEqual([
      { index: 0, item: { type: 'item_reference', id: 'msg_01ABC' } },
    ]);
    expect(refusal(() => readResponsesFields({ input: [{ type: 'item_reference', id: "msg_' OR 1" }] })).data.params).toEqual({
      'input[0].id': expect.any(String),
    });
  });

  it('a function output is a string or input_text parts, nothing else', () => {
    const error = refusal(() =>
      readResponsesFields({
        input: [
          { type: 'function_call_output', call_id: 'c', output: [{ type: 'input_image', image_url: 'https://x' }] },
          { type: 'function_call_output', call_id: 'c', output: 5 },
        ],
      }),
    );
    expect(Object.keys(error.data.params as object)).toEqual(['input[0].output[0]', 'input[1].output']);
  });

  it('refuses a list longer than the limit without walking it, and non-function tools', () => {
    const error = refusal(() => readResponsesFields({ input: new Array(1001).fill(7), tools: [{ type: 'made_up' }] }));
    expect(error.data.params).toEqual({ input: 'must hold at most 1000 items', 'tools[0].type': expect.any(String) });
  });

  it('refuses documented fields it cannot honour (background) as svc_unsupported_parameter', () => {
    expect(refusal(() => readResponsesFields({ input: 'x', background: true }))).toMatchObject({
      status: 400,
      code: 'svc_unsupported_parameter',
    });
  });

  it('maps a chat validator error back to the Responses name (max_output_tokens, temperature)', () => {
    const raw = { model: 'mock/echo', input: 'x', max_output_tokens: 0, temperature: 9 };
    const error = refusal(() => toChatRequest(raw, readResponsesFields(raw), []));
    expect(Object.keys(error.data.params as object).sort()).toEqual(['max_output_tokens', 'temperature']);
    expect(error.message).toContain('max_output_tokens');
  });
});

describe('Responses items as chat messages', () => {
  const raw = {
    instructions: 'Be brief.',
    input: [
      { role: 'user', content: [{ type: 'input_text', text: 'Weather in Paris?' }] },
      { type: 'function_call', call_id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' },
      { type: 'function_call', call_id: 'call_2', name: 'time', arguments: '{}' },
      {
        type: 'function_call_output',
        call_id: 'call_1',
        output: [
          { type: 'input_text', text: 'sun' },
          { type: 'input_text', text: 'ny' },
        ],
      },
      { type: 'reasoning', summary: [] },
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'And' },
          { type: 'input_image', image_url: 'https://example.com/a.png', detail: 'low' },
        ],
      },
    ],
  };

  it('instructions first; consecutive function calls as one assistant turn; outputs as tool messages; images as chat parts', () => {
    const { messages, origins } = chatMessages(readResponsesFields(raw).input, raw.instructions);
    expect(messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_2', type: 'function', function: { name: 'time', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'And' },
          { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'low' } },
        ],
      },
    ]);
    expect(origins.map((origin) => origin.name)).toEqual(['instructions', 'input[0]', 'input[1]', 'input[3]', 'input[5]']);
    expect(origins[2]!.calls).toEqual(['input[1]', 'input[2]']);
  });

  it('names chat fields as the Responses fields they came from', () => {
    const { origins } = chatMessages(readResponsesFields(raw).input, raw.instructions);
    expect(responsesField('messages', origins)).toBe('input');
    expect(responsesField('messages[0].content', origins)).toBe('instructions');
    expect(responsesField('messages[1].content', origins)).toBe('input[0].content');
    expect(responsesField('messages[2].tool_calls[1].function.arguments', origins)).toBe('input[2].arguments');
    expect(responsesField('messages[2].tool_calls[0].id', origins)).toBe('input[1].call_id');
    expect(responsesField('messages[3].tool_call_id', origins)).toBe('input[3].call_id');
    expect(responsesField('messages[3].content', origins)).toBe('input[3].output');
    expect(responsesField('messages[4].content[1].image_url.url', origins)).toBe('input[5].content[1].image_url');
    expect(responsesField('tools[2].function.parameters', origins)).toBe('tools[2].parameters');
    expect(responsesField('tool_choice.function.name', origins)).toBe('tool_choice.name');
    expect(responsesField('response_format.json_schema.schema', origins)).toBe('text.format.schema');
    expect(responsesField('response_format', origins)).toBe('text.format');
    expect(responsesField('reasoning_effort', origins)).toBe('reasoning.effort');
  });

  it('a stored conversation comes first and its errors name previous_response_id', () => {
    const history = [
      {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', annotations: [], logprobs: [], text: 'Hi' }],
      },
    ];
    const input = readResponsesFields({ input: 'again' }).input;
    const { messages, origins } = chatMessages([...history.map((item) => ({ item, index: -1 })), ...input], undefined);
    expect(messages).toEqual([
      { role: 'assistant', content: 'Hi' },
      { role: 'user', content: 'again' },
    ]);
    expect(responsesField('messages[0].content', origins)).toBe('previous_response_id');
    expect(responsesField('messages[1].content', origins)).toBe('input[0].content');
  });
});

describe('Responses fields as chat fields', () => {
  it('tools, tool_choice, text.format, max_output_tokens, reasoning.effort and the rest in their chat names and shapes', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const body = chatBody(
      {
        model: 'mock/echo',
        tools: [{ type: 'function', name: 'weather', description: 'Weather', parameters: schema, strict: true }],
        tool_choice: { type: 'function', name: 'weather' },
        parallel_tool_calls: false,
        text: { format: { type: 'json_schema', name: 'answer', schema, strict: true } },
        max_output_tokens: 50,
        reasoning: { effort: 'low', summary: 'auto' },
        metadata: { team: 'blue', campaign: 'spring' },
        temperature: 0.5,
        top_p: 0.9,
        user: 'u1',
        stream: true,
        store: false,
        previous_response_id: null,
      },
      [],
    );
    expect(body).toEqual({
      model: 'mock/echo',
      messages: [],
      tools: [{ type: 'function', function: { name: 'weather', description: 'Weather', parameters: schema, strict: true } }],
      tool_choice: { type: 'function', function: { name: 'weather' } },
      parallel_tool_calls: false,
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema, strict: true, description: undefined } },
      max_completion_tokens: 50,
      reasoning_effort: 'low',
      metadata: { team: 'blue', campaign: 'spring' },
      temperature: 0.5,
      top_p: 0.9,
      user: 'u1',
      stream: true,
    });
    expect(chatBody({ text: { format: { type: 'json_object' } }, tool_choice: 'required' }, [])).toEqual({
      messages: [],
      response_format: { type: 'json_object' },
      tool_choice: 'required',
    });
  });

  it('include message.output_text.logprobs asks for logprobs (with top_logprobs); other include entries ask for nothing', () => {
    expect(chatBody({ include: ['reasoning.encrypted_content', 'message.output_text.logprobs'], top_logprobs: 3 }, [])).toEqual({
      messages: [],
      logprobs: true,
      top_logprobs: 3,
    });
    expect(chatBody({ include: ['reasoning.encrypted_content'] }, [])).toEqual({ messages: [] });
    expect(chatBody({ include: 'message.output_text.logprobs' }, [])).toEqual({ messages: [] });
    expect(responsesField('logprobs', [])).toBe('include');
  });
});
