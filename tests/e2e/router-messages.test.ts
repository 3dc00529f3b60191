import { randomUUID } from 'node:crypto';
import Anthropic from '@anthropic-ai/sdk';
import { emulator } from '../support/emulator';
import { createKey, hub } from '../support/hub-cli';
import { baseUrl, bearer, call, LANES } from '../support/lanes';
import { COMPLETION_TOKENS, MESSAGES, postJson, PROMPT_TOKENS, REPLY, ROUTER, setPurpose } from '../support/router-client';
import { usageRows } from '../support/usage-rows';
import { eventually, WAIT_MS } from '../support/eventually';

/**
 * Anthropic's Messages API through the hub with Anthropic's own SDK (issue 30, docs/api-notes.md
 * "Anthropic Messages API"): blocking and streamed, a tool loop on mock/echo, the OpenAI and
 * Anthropic emulators behind it, a purpose, the usage row and a budget refusal.
 */
const WEATHER: Anthropic.Tool = {
  name: 'get_weather',
  description: 'The weather in a city.',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const SYSTEM = MESSAGES[0]!.content;
const USER: Anthropic.MessageParam[] = [{ role: 'user', content: MESSAGES[1]!.content }];

const client = (lane: (typeof LANES)[number], key: string) =>
  new Anthropic({ baseURL: `${baseUrl(lane)}/wp-json/llm/router`, authToken: key, apiKey: null, maxRetries: 0, timeout: 20_000 });

async function rowsOf(ids: string[]) {
  return eventually(
    () => usageRows(ids),
    (rows) => rows.length >= ids.length && rows.every((row) => row.status !== 'open'),
  );
}

describe.each(LANES)('the Messages API with @anthropic-ai/sdk via %s', (lane) => {
  const key = createKey(['llm.chat']);
  const anthropic = client(lane, key.key);

  beforeEach(() => emulator().reset());

  it('answers messages.create on mock/echo as a message', async () => {
    const message = await anthropic.messages.create({ model: 'mock/echo', max_tokens: 100, system: SYSTEM, messages: USER });
    expect(message).toMatchObject({
      id: expect.stringMatching(/^msg_/),
      type: 'message',
      role: 'assistant',
      model: 'mock/echo',
      content: [{ type: 'text', text: 'hello there router' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: expect.any(Number), output_tokens: expect.any(Number), cache_read_input_tokens: 0 },
    });
    expect((message as unknown as { router: unknown }).router).toMatchObject({ provider: 'mock' });
  });

  it('takes the key as x-api-key (the SDK apiKey option)', async () => {
    const withApiKey = new Anthropic({ baseURL: `${baseUrl(lane)}/wp-json/llm/router`, apiKey: key.key, maxRetries: 0, timeout: 20_000 });
    const message = await withApiKey.messages.create({ model: 'mock/echo', max_tokens: 50, messages: USER });
    expect(message.content).toEqual([{ type: 'text', text: 'hello there router' }]);
  });

  it('streams: text events, and finalMessage() with the usage message_delta carries', async () => {
    const stream = anthropic.messages.stream({ model: 'openai/gpt-4o-mini', max_tokens: 100, system: SYSTEM, messages: USER });
    let text = '';
    stream.on('text', (delta) => (text += delta));
    const final = await stream.finalMessage();
    expect(text).toBe(REPLY);
    expect(final).toMatchObject({
      model: 'openai/gpt-4o-mini',
      content: [{ type: 'text', text: REPLY }],
      stop_reason: 'end_turn',
      usage: { input_tokens: PROMPT_TOKENS, output_tokens: COMPLETION_TOKENS, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
    });
  });

  it.each([
    ['mock/echo', false],
    ['mock/echo', true],
    ['openai/gpt-4o-mini', false],
    ['openai/gpt-4o-mini', true],
    ['anthropic/claude-sonnet-4-5', false],
    ['anthropic/claude-sonnet-4-5', true],
  ] as const)('runs a tool loop on %s: tool_use → tool_result → answer (stream %s)', async (model, streamed) => {
    const ask = async (messages: Anthropic.MessageParam[]) => {
      const body = { model, max_tokens: 200, tools: [WEATHER], messages };
      return streamed ? anthropic.messages.stream(body).finalMessage() : anthropic.messages.create(body);
    };
    const first = await ask([{ role: 'user', content: 'Paris' }]);
    expect(first.stop_reason).toBe('tool_use');
    const use = first.content.find((block): block is Anthropic.ToolUseBlock => block.type === 'tool_use')!;
    expect(use).toMatchObject({ type: 'tool_use', id: expect.any(String), name: 'get_weather', input: { city: 'Paris' } });
    const second = await ask([
      { role: 'user', content: 'Paris' },
      { role: 'assistant', content: first.content },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: use.id, content: 'sunny' }] },
    ]);
    expect(second).toMatchObject({ stop_reason: 'end_turn', content: [{ type: 'text', text: 'tool said: sunny' }] });
  });

  it.each([
    ['openai/gpt-4o-mini', 'openai'],
    ['anthropic/claude-3-5-haiku-latest', 'anthropic'],
    ['claude-3-5-haiku-latest', 'anthropic'],
  ] as const)('answers through the emulated provider of %s', async (model, provider) => {
    const message = await anthropic.messages.create({ model, max_tokens: 100, system: SYSTEM, messages: USER });
    expect(message).toMatchObject({
      model: model.includes('/') ? model : `anthropic/${model}`,
      content: [{ type: 'text', text: REPLY }],
      usage: { input_tokens: PROMPT_TOKENS, output_tokens: COMPLETION_TOKENS },
    });
    expect(await emulator().requests({ provider })).toHaveLength(1);
  });

  it('streams through the emulated Anthropic natively: its own events relayed, the hub id as model', async () => {
    const stream = anthropic.messages.stream({ model: 'claude-3-5-haiku-latest', max_tokens: 100, system: SYSTEM, messages: USER });
    const types: string[] = [];
    let started: Anthropic.Message | null = null;
    stream.on('streamEvent', (event) => {
      types.push(event.type);
      if (event.type === 'message_start') started = event.message;
    });
    const final = await stream.finalMessage();
    expect(final).toMatchObject({
      id: expect.stringMatching(/^msg_/),
      model: 'anthropic/claude-3-5-haiku-latest',
      content: [{ type: 'text', text: REPLY }],
    });
    expect(final.usage).toMatchObject({ input_tokens: PROMPT_TOKENS, output_tokens: COMPLETION_TOKENS });
    expect(types[0]).toBe('message_start');
    // Anthropic's own message_start (a translated one knows no usage yet), with the hub's id and model id.
    expect(started).toMatchObject({
      id: final.id,
      model: 'anthropic/claude-3-5-haiku-latest',
      usage: { input_tokens: PROMPT_TOKENS, service_tier: 'standard' },
    });
    expect(types.at(-1)).toBe('message_stop');
    const sent = (await emulator().requests({ provider: 'anthropic' })).at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ model: 'claude-3-5-haiku-latest', system: SYSTEM, max_tokens: 100, stream: true });
  });

  it('sends what only Anthropic takes (a server tool) to an Anthropic model as it is, and refuses it for any other', async () => {
    const tools = [{ type: 'web_search_20250305', name: 'web_search', max_uses: 1 }, WEATHER];
    const body = (model: string) => postJson(key.key, { model, max_tokens: 50, messages: USER, tools, metadata: { team: 'growth' } });
    const native = await call(lane, `${ROUTER}/messages`, body('anthropic/claude-sonnet-4-5'));
    expect(native.status).toBe(200);
    const sent = (await emulator().requests({ provider: 'anthropic' })).at(-1)!.body as Record<string, unknown>;
    expect(sent.tools).toEqual(tools);
    expect(sent.metadata).toBeUndefined();
    const refused = await call(lane, `${ROUTER}/messages`, body('openai/gpt-4o-mini'));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'svc_unsupported_parameter', data: { params: { 'tools[0]': expect.any(String) } } });
    expect(await emulator().requests({ provider: 'openai' })).toHaveLength(0);
  });

  it('takes a purpose in place of a model, with its fallback', async () => {
    await setPurpose(key.key, 'messages-fallback', ['openai/gpt-4o', 'openai/gpt-4o-mini']);
    await emulator().script('openai', 'gpt-4o', [{ status: 500 }, { status: 500 }, { status: 500 }]);
    const body = { purpose: 'messages-fallback', max_tokens: 100, messages: USER } as unknown as Anthropic.MessageCreateParamsNonStreaming;
    const message = await anthropic.messages.create(body);
    expect(message).toMatchObject({ model: 'openai/gpt-4o-mini', content: [{ type: 'text', text: REPLY }] });
  });

  it('a failure after the stream began ends it with an error event the SDK throws', async () => {
    await emulator().script('openai', 'gpt-4o-mini', [{ midStreamError: true }]);
    const stream = anthropic.messages.stream({ model: 'openai/gpt-4o-mini', max_tokens: 100, messages: USER });
    let text = '';
    stream.on('text', (delta) => (text += delta));
    await expect(stream.finalMessage()).rejects.toMatchObject({
      error: { type: 'error', error: { type: 'api_error', message: expect.any(String) } },
    });
    expect(text).not.toBe('');
  });

  it('refuses bad input in Messages field names', async () => {
    const missing = await call(lane, `${ROUTER}/messages`, postJson(key.key, { model: 'mock/echo', messages: USER }));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'svc_invalid_request',
      data: { params: { max_tokens: 'is required' } },
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.stringContaining('max_tokens') },
    });
    const badResult = await call(
      lane,
      `${ROUTER}/messages`,
      postJson(key.key, {
        model: 'mock/echo',
        max_tokens: 10,
        messages: [{ role: 'user', content: [{ type: 'tool_result', content: 'x' }] }],
      }),
    );
    expect(badResult.status).toBe(400);
    expect(Object.keys(badResult.body.data.params)).toContain('messages[0].content[0].tool_use_id');
    const server = await call(
      lane,
      `${ROUTER}/messages`,
      postJson(key.key, {
        model: 'mock/echo',
        max_tokens: 10,
        messages: USER,
        tools: [{ type: 'web_search_20250305', name: 'web_search' }],
      }),
    );
    expect(server.status).toBe(400);
    expect(server.body).toMatchObject({ code: 'svc_unsupported_parameter', data: { params: { 'tools[0]': expect.any(String) } } });
  });
});

describe('the Messages API: usage rows and budgets', () => {
  const key = createKey(['llm.chat']);
  const broke = createKey(['llm.chat']);

  beforeAll(() => hub('budget', 'set', '--key', broke.id, '--amount', '0.00000001', '--period', 'total'));

  it('records a usage row of kind messages with team and campaign, priced as the same call through /chat/completions', async () => {
    const ids = { messages: randomUUID(), streamed: randomUUID(), chat: randomUUID() };
    const metadata = { team: 'growth', campaign: 'spring' };
    const headers = (id: string) => ({ 'Content-Type': 'application/json', ...bearer(key.key), 'X-Request-Id': id });
    const messagesBody = (stream: boolean) =>
      JSON.stringify({ model: 'openai/gpt-4o-mini', max_tokens: 100, system: SYSTEM, messages: USER, metadata, stream });
    expect(
      (await call('wordpress', `${ROUTER}/messages`, { method: 'POST', headers: headers(ids.messages), body: messagesBody(false) })).status,
    ).toBe(200);
    const streamed = await call('direct', `${ROUTER}/messages`, {
      method: 'POST',
      headers: headers(ids.streamed),
      body: messagesBody(true),
    });
    expect(streamed.text).toContain('event: message_stop');
    const chatBody = JSON.stringify({ model: 'openai/gpt-4o-mini', max_tokens: 100, messages: MESSAGES, metadata });
    expect(
      (await call('direct', `${ROUTER}/chat/completions`, { method: 'POST', headers: headers(ids.chat), body: chatBody })).status,
    ).toBe(200);
    const rows = new Map((await rowsOf(Object.values(ids))).map((row) => [row.request_id, row]));
    const chat = rows.get(ids.chat)!;
    for (const id of [ids.messages, ids.streamed]) {
      expect(rows.get(id)).toMatchObject({
        kind: 'messages',
        status: 'ok',
        team: 'growth',
        campaign: 'spring',
        model: 'openai/gpt-4o-mini',
      });
      expect(rows.get(id)!.cost).toBe(chat.cost);
      expect(rows.get(id)!.prompt_tokens).toBe(chat.prompt_tokens);
    }
    expect(Number(chat.cost)).toBeGreaterThan(0);
  });

  it('refuses a call over the key budget with 429 before any provider is asked', async () => {
    const anthropic = client('direct', broke.key);
    const ask = () =>
      anthropic.messages.create({ model: 'openai/gpt-4o-mini', max_tokens: 100, messages: USER }).catch((error: unknown) => error);
    // Workers read the budget list every 2 s (router/budgets/budget-guard.ts): the first calls may still pass.
    const deadline = Date.now() + WAIT_MS;
    let refused = await ask();
    while (!(refused instanceof Anthropic.APIError) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      refused = await ask();
    }
    expect(refused).toBeInstanceOf(Anthropic.APIError);
    expect(refused).toMatchObject({
      status: 429,
      error: { type: 'error', error: { type: 'rate_limit_error' }, code: 'svc_budget_exceeded' },
    });
    expect((refused as InstanceType<typeof Anthropic.APIError>).headers?.get('x-should-retry')).toBe('false');
    const asked = (await emulator().requests({ provider: 'openai' })).length;
    expect(await ask()).toBeInstanceOf(Anthropic.APIError);
    expect(await emulator().requests({ provider: 'openai' })).toHaveLength(asked);
  });
});
