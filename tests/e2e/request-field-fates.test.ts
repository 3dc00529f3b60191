import OpenAI from 'openai';
import { emulator } from '../support/emulator';
import { createKey } from '../support/hub-cli';
import { baseUrl, call, LANES } from '../support/lanes';
import { postJson, ROUTER } from '../support/router-client';

/**
 * Every documented OpenAI request field has a fate (docs/api-notes.md "Request fields, one by
 * one"; the full table is router/request/field-fates.test.ts): here, end to end on the direct
 * lane, that a passed-on field reaches the OpenAI emulator and a refused one is refused by name
 * before any provider is called; and legacy `functions` with the openai SDK on both lanes.
 */
const key = createKey(['llm.chat']);
const client = (lane: (typeof LANES)[number]) =>
  new OpenAI({ apiKey: key.key, baseURL: `${baseUrl(lane)}${ROUTER}`, maxRetries: 0, timeout: 20_000 });
const user = [{ role: 'user' as const, content: 'hello there router' }];

beforeEach(() => emulator().reset());

describe('fields passed on to OpenAI (direct lane, openai SDK)', () => {
  it('Chat Completions: verbosity, prompt_cache_key, prompt_cache_retention, safety_identifier on gpt-5; prediction on gpt-4o', async () => {
    const sdk = client('direct');
    await sdk.chat.completions.create({
      model: 'openai/gpt-5',
      messages: user,
      verbosity: 'low',
      prompt_cache_key: 'faq-v1',
      prompt_cache_retention: '24h',
      safety_identifier: 'user-hash-1',
      service_tier: 'auto',
      store: false,
    });
    await sdk.chat.completions.create({ model: 'openai/gpt-4o', messages: user, prediction: { type: 'content', content: 'hello' } });
    const [gpt5, gpt4o] = (await emulator().requests({ provider: 'openai' })).map((request) => request.body as Record<string, unknown>);
    expect(gpt5).toMatchObject({
      verbosity: 'low',
      prompt_cache_key: 'faq-v1',
      prompt_cache_retention: '24h',
      safety_identifier: 'user-hash-1',
    });
    expect(gpt5).not.toHaveProperty('service_tier');
    expect(gpt5).not.toHaveProperty('store');
    expect(gpt4o).toMatchObject({ prediction: { type: 'content', content: 'hello' } });
  });

  it('Responses: text.verbosity and prompt_cache_key reach OpenAI as chat fields', async () => {
    await client('direct').responses.create({
      model: 'openai/gpt-5',
      input: 'hi',
      text: { verbosity: 'high' },
      prompt_cache_key: 'k',
      store: false,
    });
    const [request] = await emulator().requests({ provider: 'openai' });
    expect(request!.body).toMatchObject({ verbosity: 'high', prompt_cache_key: 'k' });
  });
});

const REFUSED: Array<[route: string, body: Record<string, unknown>, code: string, param: string]> = [
  ['chat/completions', { model: 'openai/gpt-4o', messages: user, store: true }, 'svc_unsupported_parameter', 'store'],
  ['chat/completions', { model: 'openai/gpt-4o', messages: user, service_tier: 'flex' }, 'svc_unsupported_parameter', 'service_tier'],
  ['chat/completions', { model: 'openai/gpt-4o', messages: user, verbosity: 'low' }, 'svc_unsupported_parameter', 'verbosity'],
  [
    'chat/completions',
    { model: 'openai/gpt-4o', messages: user, web_search_options: {} },
    'svc_unsupported_parameter',
    'web_search_options',
  ],
  [
    'chat/completions',
    { model: 'openai/gpt-4o', messages: user, modalities: ['text', 'audio'] },
    'svc_unsupported_parameter',
    'modalities',
  ],
  ['chat/completions', { model: 'mock/echo', messages: user, functions: [{ name: 'f' }], tools: [] }, 'svc_invalid_request', 'functions'],
  [
    'chat/completions',
    { model: 'mock/echo', messages: user, tools: [{ type: 'custom', custom: { name: 'g' } }] },
    'svc_unsupported_parameter',
    'tools[0].type',
  ],
  ['responses', { model: 'openai/gpt-4o', input: 'hi', tools: [{ type: 'web_search' }] }, 'svc_unsupported_parameter', 'tools[0].type'],
  ['responses', { model: 'openai/gpt-4o', input: 'hi', truncation: 'auto' }, 'svc_unsupported_parameter', 'truncation'],
  ['responses', { model: 'openai/gpt-4o', input: 'hi', text: { verbosity: 'low' } }, 'svc_unsupported_parameter', 'text.verbosity'],
  ['responses', { model: 'openai/gpt-4o', input: 'hi', include: ['everything'] }, 'svc_invalid_request', 'include'],
];

describe('fields refused by name (direct lane), before any provider is called', () => {
  it.each(REFUSED)('%s %j → %s naming %s', async (route, body, code, param) => {
    const answer = await call('direct', `${ROUTER}/${route}`, postJson(key.key, body));
    expect({ status: answer.status, code: answer.body?.code, params: Object.keys(answer.body?.data?.params ?? {}) }).toEqual({
      status: 400,
      code,
      params: expect.arrayContaining([param]),
    });
    expect(await emulator().requests({ provider: 'openai' })).toEqual([]);
  });

  it('a model-capability refusal names the model', async () => {
    const answer = await call(
      'direct',
      `${ROUTER}/chat/completions`,
      postJson(key.key, { model: 'openai/gpt-4o', messages: user, verbosity: 'high' }),
    );
    expect(answer.body.data.model).toBe('openai/gpt-4o');
  });
});

const WEATHER = {
  name: 'weather',
  description: 'The weather in a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe.each(LANES)('legacy functions with the openai SDK via %s', (lane) => {
  const sdk = client(lane);

  it.each(['mock/echo', 'openai/gpt-4o-mini'])(
    '%s: blocking, answered as message.function_call, then the function result',
    async (model) => {
      const completion = await sdk.chat.completions.create({ model, messages: user, functions: [WEATHER] });
      const choice = completion.choices[0]!;
      expect(choice.finish_reason).toBe('function_call');
      expect(choice.message.function_call).toEqual({ name: 'weather', arguments: JSON.stringify({ city: 'hello there router' }) });
      expect(choice.message).not.toHaveProperty('tool_calls');

      const next = await sdk.chat.completions.create({
        model,
        functions: [WEATHER],
        messages: [...user, choice.message, { role: 'function', name: 'weather', content: 'sunny' }],
      });
      expect(next.choices[0]!.message.content).toBe('tool said: sunny');
    },
  );

  it.each(['mock/echo', 'openai/gpt-4o-mini'])('%s: streamed as function_call deltas, finish function_call', async (model) => {
    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    const stream = await sdk.chat.completions.create({
      model,
      messages: user,
      functions: [WEATHER],
      function_call: { name: 'weather' },
      stream: true,
    });
    for await (const chunk of stream) chunks.push(chunk);
    const deltas = chunks.flatMap((chunk) => (chunk.choices[0]?.delta.function_call ? [chunk.choices[0].delta.function_call] : []));
    expect(deltas[0]).toEqual({ name: 'weather', arguments: '' });
    expect(deltas.map((delta) => delta.arguments).join('')).toBe(JSON.stringify({ city: 'hello there router' }));
    expect(chunks.some((chunk) => chunk.choices[0]?.delta.tool_calls)).toBe(false);
    expect(chunks.map((chunk) => chunk.choices[0]?.finish_reason).filter(Boolean)).toEqual(['function_call']);
  });
});
