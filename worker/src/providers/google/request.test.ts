import { UpstreamError } from '../errors';
import { BYPASS_THOUGHT_SIGNATURE, toGeneratePayload } from './request';
import { toGeminiSchema } from './schema';
import type { ChatRequest } from '../types';

/** ChatRequest → generateContent body: history with images, calls and results; tools; JSON; the other fields. */
describe('gemini request translation', () => {
  const weather = {
    name: 'weather',
    description: 'Weather of a city',
    parameters: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { location: { type: 'string' } },
      required: ['location'],
      additionalProperties: false,
    },
  };
  const base: ChatRequest = { model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'Hi' }] };
  const payload = (request: Partial<ChatRequest>) => toGeneratePayload({ ...base, ...request });
  const history: ChatRequest['messages'] = [
    { role: 'developer', content: 'Use tools.' },
    {
      role: 'user',
      content: 'What is this? Weather?',
      parts: [
        { type: 'text', text: 'What is this?' },
        { type: 'image', source: { kind: 'data', mediaType: 'image/png', base64: 'iVBORw0KGgo=' } },
        { type: 'text', text: 'Weather?' },
      ],
    },
    {
      role: 'assistant',
      content: 'Checking.',
      toolCalls: [
        { id: 'call_x_0', name: 'weather', arguments: '{"location":"Paris"}' },
        { id: 'call_x_1', name: 'clock', arguments: '' },
      ],
    },
    { role: 'tool', content: '{"temp":18}', toolCallId: 'call_x_0' },
    { role: 'tool', content: '12:00', toolCallId: 'call_x_1', name: 'clock' },
    { role: 'user', content: 'Thanks' },
  ];

  it('maps developer to systemInstruction, images to inline_data, calls to functionCall and results to functionResponse named after their call', () => {
    const body = payload({ messages: history });
    expect(body.systemInstruction).toEqual({ parts: [{ text: 'Use tools.' }] });
    expect(body.contents).toEqual([
      {
        role: 'user',
        parts: [{ text: 'What is this?' }, { inline_data: { mime_type: 'image/png', data: 'iVBORw0KGgo=' } }, { text: 'Weather?' }],
      },
      {
        role: 'model',
        parts: [
          { text: 'Checking.' },
          { functionCall: { name: 'weather', args: { location: 'Paris' } } },
          { functionCall: { name: 'clock', args: {} } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'weather', response: { temp: 18 } } },
          { functionResponse: { name: 'clock', response: { content: '12:00' } } },
        ],
      },
      { role: 'user', parts: [{ text: 'Thanks' }] },
    ]);
  });

  it('marks the first replayed call of each model turn with Google’s bypass signature on Gemini 3 (it refuses calls without one)', () => {
    const contents = payload({ model: 'gemini-3-pro-preview', messages: history }).contents as Array<{ parts: object[] }>;
    expect(contents[1]!.parts).toEqual([
      { text: 'Checking.' },
      { functionCall: { name: 'weather', args: { location: 'Paris' } }, thoughtSignature: BYPASS_THOUGHT_SIGNATURE },
      { functionCall: { name: 'clock', args: {} } },
    ]);
  });

  it('refuses an image URL with a clear non-retryable 400 (the router inlines URLs for Gemini)', () => {
    const request = {
      ...base,
      messages: [
        {
          role: 'user' as const,
          content: '',
          parts: [{ type: 'image' as const, source: { kind: 'url' as const, url: 'https://example.com/a.png' } }],
        },
      ],
    };
    let error: unknown;
    try {
      toGeneratePayload(request);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).details).toMatchObject({ statusCode: 400, isRetryable: false });
  });

  it('declares tools with Gemini-safe parameters (no $schema or additionalProperties; none for a tool without parameters)', () => {
    const body = payload({
      tools: [weather, { name: 'clock', parameters: { type: 'object', properties: {} } }, { name: 'noop', parameters: {} }],
    });
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'weather',
            description: 'Weather of a city',
            parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
          },
          { name: 'clock' },
          { name: 'noop' },
        ],
      },
    ]);
    expect(body).not.toHaveProperty('toolConfig');
  });

  it.each([
    ['none', { mode: 'NONE' }],
    ['auto', { mode: 'AUTO' }],
    ['required', { mode: 'ANY' }],
    [{ name: 'weather' }, { mode: 'ANY', allowedFunctionNames: ['weather'] }],
  ] as const)('maps tool_choice %p to functionCallingConfig %p', (choice, expected) => {
    expect(payload({ tools: [weather], toolChoice: choice }).toolConfig).toEqual({ functionCallingConfig: expected });
  });

  it('puts JSON modes, seed, penalties and stop in generationConfig', () => {
    const schema = {
      type: 'object',
      properties: { city: { type: ['string', 'null'] }, kind: { const: 'town' } },
      required: ['city'],
      additionalProperties: false,
    };
    expect(
      payload({
        responseFormat: { type: 'json_schema', name: 'city', schema },
        seed: 7,
        presencePenalty: 0.5,
        frequencyPenalty: -0.5,
        stop: ['END'],
      }).generationConfig,
    ).toEqual({
      responseMimeType: 'application/json',
      responseSchema: {
        type: 'object',
        properties: { city: { type: 'string', nullable: true }, kind: { enum: ['town'] } },
        required: ['city'],
      },
      seed: 7,
      presencePenalty: 0.5,
      frequencyPenalty: -0.5,
      stopSequences: ['END'],
    });
    expect(payload({ responseFormat: { type: 'json_object' } }).generationConfig).toEqual({ responseMimeType: 'application/json' });
  });

  it('maps reasoning_effort to thinkingBudget on Gemini 2.x and thinkingLevel on Gemini 3', () => {
    expect(payload({ reasoningEffort: 'low' }).generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 1024 } });
    expect(payload({ reasoningEffort: 'none' }).generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 0 } });
    expect(payload({ model: 'gemini-2.5-pro', reasoningEffort: 'none' }).generationConfig).toEqual({
      thinkingConfig: { thinkingBudget: 128 },
    });
    expect(payload({ model: 'gemini-3-pro-preview', reasoningEffort: 'high' }).generationConfig).toEqual({
      thinkingConfig: { thinkingLevel: 'high' },
    });
    expect(payload({ model: 'gemini-3-pro-preview', reasoningEffort: 'minimal' }).generationConfig).toEqual({
      thinkingConfig: { thinkingLevel: 'low' },
    });
  });

  it('converts nested schemas: arrays, anyOf with null, oneOf', () => {
    expect(
      toGeminiSchema({
        type: 'object',
        properties: {
          tags: { type: 'array', items: { type: 'string', $comment: 'x' } },
          when: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
          shape: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string' } },
        when: { type: 'string', format: 'date-time', nullable: true },
        shape: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      },
    });
  });
});
