import { emulator } from '../support/emulator';
import { createKey } from '../support/hub-cli';
import { call, LANES } from '../support/lanes';
import { chunksOf, postJson, postStream, ROUTER } from '../support/router-client';

/**
 * Tools, images and structured output through the router to Anthropic and Gemini (docs/architecture.md §9,
 * issue 14) on both lanes, against the emulator's wire formats: a tool call blocking and
 * streamed (OpenAI's tool-call deltas), the result sent back (tool_result / functionResponse),
 * an image part (image block / inline_data), a JSON-schema answer (output_config or the forced
 * json tool / responseSchema). The emulator answers by docs/architecture.md §9's mock/echo rules.
 */
const MODELS = [
  // [router model, emulator provider, how JSON travels]
  ['anthropic/claude-sonnet-4-5', 'anthropic', 'output_config'],
  ['anthropic/claude-3-5-haiku-latest', 'anthropic', 'json tool'],
  ['google/gemini-2.0-flash', 'google', 'responseSchema'],
  ['google/gemini-2.5-pro', 'google', 'responseSchema'],
] as const;

const WEATHER = {
  type: 'function',
  function: {
    name: 'weather',
    description: 'Current weather of a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } },
      required: ['city', 'unit'],
      additionalProperties: false,
    },
  },
};
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const SCHEMA = {
  type: 'object',
  properties: { city: { type: 'string' }, sunny: { type: 'boolean' } },
  required: ['city', 'sunny'],
  additionalProperties: false,
};

describe.each(LANES)('router tools, images and JSON to Anthropic and Gemini via %s', (lane) => {
  const key = createKey(['llm.chat']);
  const chat = (body: unknown) => call(lane, `${ROUTER}/chat`, postJson(key.key, body));
  const upstream = async () => (await emulator().requests()).at(-1)!.body as any;

  beforeEach(() => emulator().reset());

  describe.each(MODELS)('%s', (model, provider, jsonPath) => {
    const ask = { model, messages: [{ role: 'user', content: 'Paris' }], tools: [WEATHER] };

    it('answers with a tool call (blocking): message.tool_calls, content null, finish_reason tool_calls', async () => {
      const answer = await chat(ask);
      expect(answer.status).toBe(200);
      expect(answer.body.choices[0]).toMatchObject({
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: expect.any(String), type: 'function', function: { name: 'weather', arguments: '{"city":"Paris","unit":"c"}' } },
          ],
        },
        finish_reason: 'tool_calls',
      });
      const sent = await upstream();
      if (provider === 'anthropic') expect(sent.tools[0]).toMatchObject({ name: 'weather', input_schema: { required: ['city', 'unit'] } });
      else
        expect(sent.tools[0].functionDeclarations[0]).toEqual({
          name: 'weather',
          description: 'Current weather of a city',
          parameters: {
            type: 'object',
            properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } },
            required: ['city', 'unit'],
          },
        });
    });

    it('streams the tool call as OpenAI deltas: index 0 with id and name first, argument fragments after', async () => {
      const stream = await postStream(lane, `${ROUTER}/chat/stream`, key.key, {
        ...ask,
        tool_choice: { type: 'function', function: { name: 'weather' } },
      });
      expect(stream.status).toBe(200);
      const payloads = await stream.rest();
      expect(payloads.at(-1)).toBe('[DONE]');
      const chunks = chunksOf(payloads);
      const pieces = chunks.flatMap((chunk) => chunk.choices?.[0]?.delta?.tool_calls ?? []);
      expect(pieces[0]).toMatchObject({ index: 0, id: expect.any(String), type: 'function', function: { name: 'weather' } });
      expect(pieces.every((piece: any) => piece.index === 0)).toBe(true);
      expect(pieces.slice(1).every((piece: any) => piece.id === undefined)).toBe(true);
      expect(JSON.parse(pieces.map((piece: any) => piece.function?.arguments ?? '').join(''))).toEqual({ city: 'Paris', unit: 'c' });
      expect(chunks.map((chunk) => chunk.choices?.[0]?.finish_reason).filter(Boolean)).toEqual(['tool_calls']);
      expect(chunks.at(-1).usage.completion_tokens).toBeGreaterThan(0);
    });

    it('sends the tool result back in the provider’s form and answers "tool said: …"', async () => {
      const first = await chat(ask);
      const calls = first.body.choices[0].message.tool_calls;
      const answer = await chat({
        ...ask,
        messages: [
          ...ask.messages,
          { role: 'assistant', content: null, tool_calls: calls },
          { role: 'tool', tool_call_id: calls[0].id, content: '18 degrees' },
        ],
      });
      expect(answer.status).toBe(200);
      expect(answer.body.choices[0]).toMatchObject({ message: { content: 'tool said: 18 degrees' }, finish_reason: 'stop' });
      const sent = await upstream();
      if (provider === 'anthropic') {
        expect(sent.messages[1].content).toEqual([
          { type: 'tool_use', id: calls[0].id, name: 'weather', input: { city: 'Paris', unit: 'c' } },
        ]);
        expect(sent.messages[2].content).toEqual([{ type: 'tool_result', tool_use_id: calls[0].id, content: '18 degrees' }]);
      } else {
        expect(sent.contents[1].parts[0].functionCall).toEqual({ name: 'weather', args: { city: 'Paris', unit: 'c' } });
        expect(sent.contents[2]).toEqual({
          role: 'user',
          parts: [{ functionResponse: { name: 'weather', response: { content: '18 degrees' } } }],
        });
      }
    });

    it('sends an image part in the provider’s own form', async () => {
      const content = [
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: PNG, detail: 'low' } },
      ];
      const answer = await chat({ model, messages: [{ role: 'user', content }] });
      expect(answer.status).toBe(200);
      expect(answer.body.choices[0].message.content).toBe('Echo: What is this? [1 image(s)]');
      const sent = await upstream();
      const data = PNG.slice('data:image/png;base64,'.length);
      if (provider === 'anthropic')
        expect(sent.messages[0].content[1]).toEqual({ type: 'image', source: { type: 'base64', media_type: 'image/png', data } });
      else expect(sent.contents[0].parts[1]).toEqual({ inline_data: { mime_type: 'image/png', data } });
    });

    it(`answers a json_schema response_format with JSON from the schema (${jsonPath})`, async () => {
      const body = {
        model,
        messages: [{ role: 'user', content: 'Rome' }],
        response_format: { type: 'json_schema', json_schema: { name: 'weather', schema: SCHEMA, strict: true } },
      };
      const answer = await chat(body);
      expect(answer.status).toBe(200);
      expect(answer.body.choices[0].finish_reason).toBe('stop');
      expect(JSON.parse(answer.body.choices[0].message.content)).toEqual({ city: 'Rome', sunny: true });
      const sent = await upstream();
      if (jsonPath === 'output_config') expect(sent.output_config).toEqual({ format: { type: 'json_schema', schema: SCHEMA } });
      else if (jsonPath === 'json tool') expect(sent.tool_choice).toEqual({ type: 'tool', name: 'json' });
      else
        expect(sent.generationConfig).toMatchObject({
          responseMimeType: 'application/json',
          responseSchema: { required: ['city', 'sunny'] },
        });

      const stream = await postStream(lane, `${ROUTER}/chat/stream`, key.key, body);
      const text = chunksOf(await stream.rest())
        .map((chunk) => chunk.choices?.[0]?.delta?.content ?? '')
        .join('');
      expect(JSON.parse(text)).toEqual({ city: 'Rome', sunny: true });
    });
  });
});
