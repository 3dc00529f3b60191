import { emulator } from '../support/emulator';
import { createKey } from '../support/hub-cli';
import { call, LANES } from '../support/lanes';
import { chunksOf, postJson, postStream, ROUTER } from '../support/router-client';

/**
 * The whole chat surface (docs/architecture.md §9) through the OpenAI-compatible providers and Ollama, on
 * the emulator: a tool call blocking and streamed (OpenAI's delta shape whatever the provider
 * sends — Mistral's whole call without index, Ollama's object arguments without ids), the tool
 * result sent back in each provider's form, an image part, a JSON-schema answer.
 */

const FAMILY = [
  ['openai/gpt-4o-mini', 'openai'],
  ['mistral/mistral-small-latest', 'mistral'],
  ['ollama/llama3.2', 'ollama'],
  ['compat/any-model', 'compat'],
  ['openrouter/openai/gpt-4o-mini', 'openrouter'],
] as const;

const USER_TEXT = 'Weather in Berlin?';
const WEATHER = {
  type: 'function',
  function: {
    name: 'weather',
    description: 'The weather at a place',
    parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
  },
};
/** What the emulator's echo rules build from WEATHER's schema for USER_TEXT. */
const ARGUMENTS = { location: USER_TEXT };
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe.each(LANES)('router tools, images and JSON for the OpenAI family and Ollama via %s', (lane) => {
  const key = createKey(['llm.chat']);
  const chat = (body: unknown) => call(lane, `${ROUTER}/chat`, postJson(key.key, body));
  const stream = async (body: unknown) => chunksOf(await (await postStream(lane, `${ROUTER}/chat/stream`, key.key, body)).rest());

  beforeEach(() => emulator().reset());

  it.each(FAMILY)('%s: a blocking tool call comes back as message.tool_calls with finish_reason tool_calls', async (model, provider) => {
    const answer = await chat({ model, messages: [{ role: 'user', content: USER_TEXT }], tools: [WEATHER], tool_choice: 'required' });
    expect(answer.status).toBe(200);
    const choice = answer.body.choices[0];
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(choice.message.tool_calls).toEqual([
      { id: expect.any(String), type: 'function', function: { name: 'weather', arguments: expect.any(String) } },
    ]);
    expect(JSON.parse(choice.message.tool_calls[0].function.arguments)).toEqual(ARGUMENTS);
    const [upstream] = await emulator().requests();
    expect(upstream!.provider).toBe(provider);
    const sent = upstream!.body as any;
    const tools = sent.tools as Array<{ function: { name: string; parameters: unknown } }>;
    expect(tools.map((tool) => [tool.function.name, tool.function.parameters])).toEqual([['weather', WEATHER.function.parameters]]);
    if (provider === 'mistral') expect(sent.tool_choice).toBe('any');
    if (provider === 'openai' || provider === 'compat' || provider === 'openrouter') expect(sent.tool_choice).toBe('required');
  });

  it.each(FAMILY)('%s: a streamed tool call arrives as OpenAI deltas: index 0, id and name first, arguments joined', async (model) => {
    const chunks = await stream({ model, messages: [{ role: 'user', content: USER_TEXT }], tools: [WEATHER] });
    const pieces = chunks.flatMap((chunk) => chunk.choices?.[0]?.delta?.tool_calls ?? []);
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces[0]).toMatchObject({ index: 0, id: expect.any(String), type: 'function', function: { name: 'weather' } });
    expect(pieces.every((piece: any) => piece.index === 0)).toBe(true);
    expect(pieces.slice(1).every((piece: any) => piece.id === undefined)).toBe(true);
    expect(JSON.parse(pieces.map((piece: any) => piece.function?.arguments ?? '').join(''))).toEqual(ARGUMENTS);
    expect(chunks.map((chunk) => chunk.choices?.[0]?.finish_reason).filter(Boolean)).toEqual(['tool_calls']);
    expect(chunks.at(-1).usage).toMatchObject({ prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) });
  });

  it.each(FAMILY)('%s: the tool result goes back in the provider’s form and the model answers from it', async (model, provider) => {
    const first = await chat({ model, messages: [{ role: 'user', content: USER_TEXT }], tools: [WEATHER] });
    const assistant = first.body.choices[0].message;
    const answer = await chat({
      model,
      tools: [WEATHER],
      messages: [
        { role: 'developer', content: 'Answer from the tool.' },
        { role: 'user', content: USER_TEXT },
        { role: 'assistant', content: null, tool_calls: assistant.tool_calls },
        { role: 'tool', tool_call_id: assistant.tool_calls[0].id, content: 'sunny, 21 degrees' },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.choices[0]).toMatchObject({
      message: { role: 'assistant', content: 'tool said: sunny, 21 degrees' },
      finish_reason: 'stop',
    });
    const sent = (await emulator().requests()).at(-1)!.body as any;
    expect(sent.messages[0].role).toBe(provider === 'openai' ? 'developer' : 'system');
    const tool = sent.messages.at(-1);
    if (provider === 'ollama') {
      expect(tool).toMatchObject({ role: 'tool', content: 'sunny, 21 degrees', tool_name: 'weather' });
      expect(sent.messages[2].tool_calls).toEqual([{ function: { name: 'weather', arguments: ARGUMENTS } }]);
    } else {
      expect(tool).toEqual({ role: 'tool', tool_call_id: sent.messages[2].tool_calls[0].id, content: 'sunny, 21 degrees' });
    }
  });

  it('mistral: tool-call ids from another provider are sent as 9-character ids, the call and its result still paired', async () => {
    const answer = await chat({
      model: 'mistral/mistral-small-latest',
      messages: [
        { role: 'user', content: USER_TEXT },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_from_openai_0123456789', type: 'function', function: { name: 'weather', arguments: '{"location":"Berlin"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_from_openai_0123456789', content: 'rain' },
      ],
      tools: [WEATHER],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.choices[0].message.content).toBe('tool said: rain');
    const sent = (await emulator().requests())[0]!.body as any;
    expect(sent.messages[1].tool_calls[0].id).toMatch(/^[A-Za-z0-9]{9}$/);
    expect(sent.messages[2].tool_call_id).toBe(sent.messages[1].tool_calls[0].id);
  });

  it.each(FAMILY)('%s: an image part reaches the provider in its own form', async (model, provider) => {
    const content = [
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: PIXEL, detail: 'low' } },
    ];
    // llama3.2 sees no images (the catalog says so: a 400 svc_unsupported_parameter); llava does.
    const seeing = provider === 'ollama' ? 'ollama/llava' : model;
    const answer = await chat({ model: seeing, messages: [{ role: 'user', content }] });
    expect(answer.status).toBe(200);
    expect(answer.body.choices[0].message.content).toBe('Echo: What is this? [1 image(s)]');
    const sent = (await emulator().requests())[0]!.body as any;
    if (provider === 'ollama') expect(sent.messages[0]).toEqual({ role: 'user', content: 'What is this?', images: [PIXEL.split(',')[1]] });
    else expect(sent.messages[0].content[1]).toEqual({ type: 'image_url', image_url: { url: PIXEL, detail: 'low' } });
  });

  it.each(FAMILY)('%s: a json_schema response_format gets an object built from the schema', async (model, provider) => {
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, letters: { type: 'integer' }, sunny: { type: 'boolean' } },
      required: ['city', 'letters', 'sunny'],
      additionalProperties: false,
    };
    const answer = await chat({
      model,
      messages: [{ role: 'user', content: 'Berlin' }],
      response_format: { type: 'json_schema', json_schema: { name: 'city', schema, strict: true } },
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.choices[0].message.content)).toEqual({ city: 'Berlin', letters: 6, sunny: true });
    const sent = (await emulator().requests())[0]!.body as any;
    if (provider === 'ollama') expect(sent.format).toEqual(schema);
    else expect(sent.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'city', schema, strict: true } });
  });
});
