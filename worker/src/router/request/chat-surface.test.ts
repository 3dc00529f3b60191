import { ApiError } from '../../support/api-error';
import { parseChatRequest } from './chat-request';
import { parseEmbeddingRequest } from './embedding-request';

function refusal(parse: () => unknown): ApiError {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected svc_invalid_request');
}

const user = { role: 'user', content: 'hi' };
const weather = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Weather',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    strict: true,
  },
};
const call = { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } };
const chat = (extra: Record<string, unknown>) => parseChatRequest({ model: 'mock/echo', messages: [user], ...extra });
const params = (extra: Record<string, unknown>) => refusal(() => chat(extra)).data.params as Record<string, string>;

describe('parseChatRequest: messages', () => {
  it('reads every role, content parts with images, an assistant turn with only tool calls and its tool answer', () => {
    const parsed = parseChatRequest({
      model: 'mock/echo',
      messages: [
        { role: 'developer', content: [{ type: 'text', text: 'Be brief.' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'what is' },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.png', detail: 'low' } },
            { type: 'text', text: 'this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          ],
        },
        { role: 'assistant', content: null, tool_calls: [call] },
        { role: 'tool', tool_call_id: 'call_1', name: 'get_weather', content: 'sunny' },
      ],
    });
    expect(parsed.messages).toEqual([
      { role: 'developer', content: 'Be brief.', parts: [{ type: 'text', text: 'Be brief.' }] },
      {
        role: 'user',
        content: 'what is\nthis?',
        parts: [
          { type: 'text', text: 'what is' },
          { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.png' }, detail: 'low' },
          { type: 'text', text: 'this?' },
          { type: 'image', source: { kind: 'data', mediaType: 'image/png', base64: 'iVBORw0KGgo=' } },
        ],
      },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' }] },
      { role: 'tool', content: 'sunny', toolCallId: 'call_1', name: 'get_weather' },
    ]);
  });

  it('refuses a tool message whose tool_call_id no earlier assistant call has', () => {
    expect(params({ messages: [user, { role: 'tool', tool_call_id: 'call_9', content: 'x' }] })).toEqual({
      'messages[1].tool_call_id': 'must match a tool call of an earlier assistant message',
    });
    expect(Object.keys(params({ messages: [user, { role: 'tool', content: 'x' }] }))).toEqual(['messages[1].tool_call_id']);
  });

  it('refuses unknown part types, images outside user messages, http and non-image URLs, a bad detail', () => {
    expect(Object.keys(params({ messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: {} }] }] }))).toEqual([
      'messages[0].content[0].type',
    ]);
    expect(
      Object.keys(
        params({ messages: [{ role: 'system', content: [{ type: 'image_url', image_url: { url: 'https://e.com/a.png' } }] }, user] }),
      ),
    ).toEqual(['messages[0].content[0].type']);
    expect(
      Object.keys(params({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'http://e.com/a.png' } }] }] })),
    ).toEqual(['messages[0].content[0].image_url.url']);
    expect(
      Object.keys(
        params({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:text/plain;base64,aGk=' } }] }] }),
      ),
    ).toEqual(['messages[0].content[0].image_url.url']);
    expect(
      Object.keys(
        params({
          messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://e.com/a.png', detail: 'huge' } }] }],
        }),
      ),
    ).toEqual(['messages[0].content[0].image_url.detail']);
  });

  it('refuses a null content without tool calls, a bad role and malformed tool calls', () => {
    expect(Object.keys(params({ messages: [user, { role: 'assistant', content: null }] }))).toEqual(['messages[1].content']);
    expect(Object.keys(params({ messages: [{ role: 'robot', content: 'x' }] }))).toEqual(['messages[0].role']);
    expect(
      Object.keys(
        params({ messages: [user, { role: 'assistant', content: null, tool_calls: [{ id: 'c', function: { arguments: {} } }] }] }),
      ),
    ).toEqual(['messages[1].tool_calls[0].function.name', 'messages[1].tool_calls[0].function.arguments', 'messages[1].content']);
  });

  it('refuses a content list over the part limit without walking it', () => {
    const error = refusal(() => chat({ messages: [{ role: 'user', content: new Array(100_000).fill(0) }] }));
    expect(error.data.params).toEqual({ 'messages[0].content': 'must hold at most 500 parts' });
  });
});

describe('parseChatRequest: tools and formats', () => {
  it('reads tools, tool_choice, parallel_tool_calls and a json_schema response format', () => {
    const parsed = chat({
      tools: [weather],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      parallel_tool_calls: false,
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' }, strict: true } },
    });
    expect(parsed).toMatchObject({
      tools: [{ name: 'get_weather', description: 'Weather', parameters: weather.function.parameters, strict: true }],
      toolChoice: { name: 'get_weather' },
      parallelToolCalls: false,
      responseFormat: { type: 'json_schema', name: 'answer', schema: { type: 'object' }, strict: true },
    });
    expect(chat({ tools: [{ type: 'function', function: { name: 'now' } }] }).tools).toEqual([
      { name: 'now', parameters: { type: 'object', properties: {} } },
    ]);
    expect(chat({ response_format: { type: 'json_object' } }).responseFormat).toEqual({ type: 'json_object' });
  });

  it('refuses a tool without a name, with a bad name, parameters that are not an object schema, a repeated name', () => {
    expect(params({ tools: [{ type: 'function', function: { parameters: { type: 'object' } } }] })).toEqual({
      'tools[0].function.name': 'is required: 1 to 64 letters, digits, _ or -',
    });
    expect(Object.keys(params({ tools: [{ type: 'function', function: { name: 'get weather' } }] }))).toEqual(['tools[0].function.name']);
    expect(params({ tools: [{ type: 'function', function: { name: 'a', parameters: 'city' } }] })).toEqual({
      'tools[0].function.parameters': 'must be a JSON Schema object',
    });
    expect(Object.keys(params({ tools: [{ type: 'function', function: { name: 'a', parameters: { type: 'string' } } }] }))).toEqual([
      'tools[0].function.parameters',
    ]);
    expect(Object.keys(params({ tools: [weather, weather] }))).toEqual(['tools[1].function.name']);
    expect(Object.keys(params({ tools: [{ type: 'retrieval' }] }))).toEqual(['tools[0].type', 'tools[0].function']);
  });

  it('refuses more than 128 tools with one problem, and a tool_choice naming no tool or without tools', () => {
    expect(params({ tools: new Array(129).fill(weather) })).toEqual({ tools: 'must be a list of at most 128 tools' });
    expect(Object.keys(params({ tools: [weather], tool_choice: { type: 'function', function: { name: 'other' } } }))).toEqual([
      'tool_choice.function.name',
    ]);
    expect(Object.keys(params({ tool_choice: 'required' }))).toEqual(['tool_choice']);
    expect(Object.keys(params({ tools: [weather], tool_choice: 'sometimes' }))).toEqual(['tool_choice']);
    expect(chat({ tool_choice: 'none' }).toolChoice).toBe('none');
  });

  it("takes WordPress's bare json_schema (no name/schema wrapper) as the schema itself, never ignoring it", () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    expect(chat({ response_format: { type: 'json_schema', json_schema: schema } }).responseFormat).toEqual({
      type: 'json_schema',
      name: 'response',
      schema,
    });
    expect(chat({ response_format: { type: 'json_schema', json_schema: { anyOf: [{ type: 'string' }] } } }).responseFormat).toMatchObject({
      name: 'response',
    });
    expect(Object.keys(params({ response_format: { type: 'json_schema', json_schema: {} } }))).toEqual([
      'response_format.json_schema.name',
      'response_format.json_schema.schema',
    ]);
  });

  it('refuses a malformed response_format naming its field', () => {
    expect(Object.keys(params({ response_format: { type: 'xml' } }))).toEqual(['response_format.type']);
    expect(Object.keys(params({ response_format: { type: 'json_schema', json_schema: { schema: [] } } }))).toEqual([
      'response_format.json_schema.name',
      'response_format.json_schema.schema',
    ]);
  });
});

describe('parseChatRequest: the other fields', () => {
  it('reads them in ChatRequest names, max_completion_tokens before max_tokens, and ignores fields that are not OpenAI’s', () => {
    const parsed = chat({
      seed: 7,
      n: 1,
      stop: 'END',
      max_completion_tokens: 50,
      max_tokens: 10,
      presence_penalty: 0.5,
      frequency_penalty: -1,
      logit_bias: { '50256': -100 },
      logprobs: true,
      top_logprobs: 3,
      reasoning_effort: 'low',
      user: 'u-1',
      stream: true,
      stream_options: { include_usage: true },
      unknown_field: { x: 1 },
    });
    expect(parsed).toEqual({
      model: 'mock/echo',
      purpose: null,
      messages: [{ role: 'user', content: 'hi' }],
      seed: 7,
      stop: ['END'],
      maxTokens: 50,
      presencePenalty: 0.5,
      frequencyPenalty: -1,
      logitBias: { '50256': -100 },
      logprobs: true,
      topLogprobs: 3,
      reasoningEffort: 'low',
      user: 'u-1',
      metadata: { team: '', campaign: '', user: '' },
      stream: true,
      includeUsage: true,
    });
  });

  it('refuses n other than 1 and each bad field by name', () => {
    expect(params({ n: 2 })).toEqual({ n: 'must be 1 (svc-hub answers with one choice)' });
    expect(
      Object.keys(
        params({
          seed: 1.5,
          presence_penalty: 3,
          logit_bias: { abc: 1 },
          top_logprobs: 2,
          reasoning_effort: 'max',
          stream_options: { include_usage: 'yes' },
        }),
      ),
    ).toEqual(['top_logprobs', 'seed', 'presence_penalty', 'logit_bias', 'reasoning_effort', 'stream_options.include_usage']);
  });
});

describe('one rule for metadata in chat and embeddings', () => {
  it('refuses metadata.team over 190 characters in both with the same problem', () => {
    const long = { team: 't'.repeat(191) };
    const chatProblem = refusal(() => chat({ metadata: long })).data.params;
    const embeddingProblem = refusal(() => parseEmbeddingRequest({ model: 'mock/embed', input: 'x', metadata: long })).data.params;
    expect(chatProblem).toEqual({ 'metadata.team': 'must be a string of at most 190 characters' });
    expect(embeddingProblem).toEqual(chatProblem);
    expect(
      parseEmbeddingRequest({ model: 'mock/embed', input: 'x', metadata: { team: 't'.repeat(190), other: 'kept out' } }).metadata,
    ).toEqual({ team: 't'.repeat(190), campaign: '', user: '' });
  });
});
