import { post, useEmulator } from './testing';

/** The Gemini emulator's function calls, function responses, images and JSON (echo-agent.ts rules, Gemini's wire format). */
describe('Gemini emulator: tools, images and JSON', () => {
  const { emulator } = useEmulator();
  const url = (method: string, model = 'gemini-2.5-flash') => `${emulator().url}/google/v1beta/models/${model}:${method}`;
  const headers = () => ({ 'x-goog-api-key': emulator().keys.google });
  const weather = {
    name: 'weather',
    parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city', 'days'] },
  };
  const clock = { name: 'clock' };
  const request = { contents: [{ role: 'user', parts: [{ text: 'Paris' }] }], tools: [{ functionDeclarations: [weather, clock] }] };
  const chunks = (text: string) =>
    text
      .split('\r\n\r\n')
      .filter(Boolean)
      .map((event) => JSON.parse(event.slice('data: '.length)));
  const callTurn = (signature?: string) => ({
    role: 'model',
    parts: [{ functionCall: { name: 'weather', args: { city: 'Paris', days: 5 } }, ...(signature ? { thoughtSignature: signature } : {}) }],
  });

  it('calls the first function with args built from its schema, no id, finishReason STOP (blocking)', async () => {
    const answer = await post(url('generateContent'), request, headers());
    expect(answer.status).toBe(200);
    expect(answer.body.candidates[0]).toEqual({
      content: {
        parts: [{ functionCall: { name: 'weather', args: { city: 'Paris', days: 5 } }, thoughtSignature: expect.any(String) }],
        role: 'model',
      },
      finishReason: 'STOP',
      index: 0,
    });
  });

  it('streams the whole call in the first chunk and an empty text part with finishReason last; allowedFunctionNames picks the function', async () => {
    const body = { ...request, toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['clock'] } } };
    const sequence = chunks((await post(`${url('streamGenerateContent')}?alt=sse`, body, headers())).text);
    expect(sequence.map((chunk) => chunk.candidates[0].content.parts[0])).toEqual([
      { functionCall: { name: 'clock', args: {} }, thoughtSignature: expect.any(String) },
      { text: '' },
    ]);
    expect(sequence.map((chunk) => chunk.candidates[0].finishReason)).toEqual([undefined, 'STOP']);
  });

  it('answers a functionResponse with "tool said: …" (content text as it is, other objects as JSON)', async () => {
    const text = async (response: unknown) => {
      const contents = [...request.contents, callTurn(), { role: 'user', parts: [{ functionResponse: { name: 'weather', response } }] }];
      return (await post(url('generateContent'), { ...request, contents }, headers())).body.candidates[0].content.parts[0].text;
    };
    expect(await text({ content: '18 degrees' })).toBe('tool said: 18 degrees');
    expect(await text({ temp: 18 })).toBe('tool said: {"temp":18}');
  });

  it('does not call with mode NONE, and counts inline_data images after the echo', async () => {
    const parts = [{ text: 'look' }, { inline_data: { mime_type: 'image/png', data: 'iVBORw0KGgo=' } }];
    const answer = await post(
      url('generateContent'),
      { ...request, contents: [{ role: 'user', parts }], toolConfig: { functionCallingConfig: { mode: 'NONE' } } },
      headers(),
    );
    expect(answer.body.candidates[0].content.parts).toEqual([{ text: 'Echo: look [1 image(s)]' }]);
  });

  it('answers responseMimeType application/json with JSON from responseSchema, or {"echo"} without one', async () => {
    const schema = { type: 'OBJECT', properties: { city: { type: 'STRING' }, sunny: { type: 'BOOLEAN' } }, required: ['city', 'sunny'] };
    const json = async (generationConfig: object) =>
      JSON.parse(
        (await post(url('generateContent'), { contents: request.contents, generationConfig }, headers())).body.candidates[0].content
          .parts[0].text,
      );
    expect(await json({ responseMimeType: 'application/json', responseSchema: schema })).toEqual({ city: 'Paris', sunny: true });
    expect(await json({ responseMimeType: 'application/json' })).toEqual({ echo: 'Paris' });
  });

  it('accepts a Gemini 3 call turn replayed with a thought signature (the bypass value too)', async () => {
    const contents = [
      ...request.contents,
      callTurn('skip_thought_signature_validator'),
      { role: 'user', parts: [{ functionResponse: { name: 'weather', response: { content: 'ok' } } }] },
    ];
    expect((await post(url('generateContent', 'gemini-3-pro-preview'), { ...request, contents }, headers())).status).toBe(200);
  });

  it.each([
    [
      'additionalProperties in parameters',
      'gemini-2.5-flash',
      { tools: [{ functionDeclarations: [{ name: 'w', parameters: { type: 'object', properties: {}, additionalProperties: false } }] }] },
      /Unknown name "additionalProperties"/,
    ],
    [
      '$schema in responseSchema',
      'gemini-2.5-flash',
      { generationConfig: { responseMimeType: 'application/json', responseSchema: { $schema: 'x', type: 'object' } } },
      /Unknown name "\$schema"/,
    ],
    [
      'fewer function responses than calls',
      'gemini-2.5-flash',
      {
        contents: [
          { role: 'user', parts: [{ text: 'a' }] },
          { role: 'model', parts: [{ functionCall: { name: 'w', args: {} } }, { functionCall: { name: 'w', args: {} } }] },
          { role: 'user', parts: [{ functionResponse: { name: 'w', response: {} } }] },
        ],
      },
      /number of function response parts/,
    ],
    [
      'a Gemini 3 call replayed without thought signature',
      'gemini-3-pro-preview',
      {
        contents: [
          { role: 'user', parts: [{ text: 'a' }] },
          callTurn(),
          { role: 'user', parts: [{ functionResponse: { name: 'weather', response: {} } }] },
        ],
      },
      /missing a thought_signature/,
    ],
    [
      'an inline image without mime type',
      'gemini-2.5-flash',
      { contents: [{ role: 'user', parts: [{ inline_data: { data: 'iVBORw0KGgo=' } }] }] },
      /mime_type and data are required/,
    ],
  ])('refuses %s', async (_name, model, change, message) => {
    const answer = await post(url('generateContent', model), { ...request, ...change }, headers());
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ code: 400, status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) });
  });
});
