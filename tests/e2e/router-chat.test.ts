import { emulator } from '../support/emulator';
import { createKey } from '../support/hub-cli';
import { call, LANES } from '../support/lanes';
import { COMPLETION_TOKENS, expectParam, FAMILIES, MESSAGES, postJson, PROMPT_TOKENS, REPLY, ROUTER } from '../support/router-client';

/**
 * Blocking chat through the router (docs/architecture.md §4) against the provider emulator: OpenAI's
 * chat.completion shape plus `router`, every provider family once, and bad input refused
 * before any provider is called.
 */

describe.each(LANES)('router chat via %s', (lane) => {
  const key = createKey(['llm.chat', 'llm.embeddings']);
  const chat = (body: unknown) => call(lane, `${ROUTER}/chat`, postJson(key.key, body));

  beforeEach(() => emulator().reset());

  it('answers a blocking chat in chat.completion shape with router metadata', async () => {
    const answer = await chat({ model: 'openai/gpt-4o-mini', messages: MESSAGES });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toMatchObject({
      id: expect.any(String),
      object: 'chat.completion',
      created: expect.any(Number),
      model: expect.stringContaining('gpt-4o-mini'),
      choices: [{ index: 0, message: { role: 'assistant', content: REPLY }, finish_reason: 'stop' }],
      usage: { prompt_tokens: PROMPT_TOKENS, completion_tokens: COMPLETION_TOKENS, total_tokens: PROMPT_TOKENS + COMPLETION_TOKENS },
      router: {
        provider: 'openai',
        purpose: null,
        attempts: 1,
        latency_ms: expect.any(Number),
        cost: { amount: expect.stringMatching(/^\d+(\.\d+)?$/), currency: expect.stringMatching(/^[A-Z]{3}$/) },
        usage_estimated: false,
      },
    });
    expect(answer.body.router.latency_ms).toBeGreaterThanOrEqual(0);

    const upstream = await emulator().requests();
    expect(upstream).toHaveLength(1);
    expect(upstream[0]).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini',
      path: '/openai/v1/chat/completions',
      stream: false,
      authorized: true,
    });
    expect((upstream[0]!.body as any).messages).toEqual(MESSAGES);
  });

  it.each(FAMILIES)('answers %s from its provider with the provider’s usage', async (model, provider, upstreamModel, path) => {
    const answer = await chat({ model, messages: MESSAGES });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: REPLY }, finish_reason: 'stop' }],
      usage: { prompt_tokens: PROMPT_TOKENS, completion_tokens: COMPLETION_TOKENS, total_tokens: PROMPT_TOKENS + COMPLETION_TOKENS },
      router: { provider, attempts: 1, usage_estimated: false },
    });
    const upstream = await emulator().requests();
    expect(upstream.map((request) => [request.provider, request.model, request.path, request.authorized])).toEqual([
      [provider, upstreamModel, path, true],
    ]);
  });

  it('sends the system prompt where each provider wants it', async () => {
    await chat({ model: 'anthropic/claude-3-5-haiku-latest', messages: MESSAGES });
    await chat({ model: 'google/gemini-2.0-flash', messages: MESSAGES });
    const [anthropic, google] = (await emulator().requests()).map((request) => request.body as any);
    expect(JSON.stringify(anthropic.system)).toContain('Be brief.');
    expect(anthropic.messages.some((message: any) => message.role === 'system')).toBe(false);
    expect(JSON.stringify(google.systemInstruction)).toContain('Be brief.');
  });

  it('answers the OpenAI alias /chat/completions without stream as a blocking chat', async () => {
    const answer = await call(lane, `${ROUTER}/chat/completions`, postJson(key.key, { model: 'openai/gpt-4o-mini', messages: MESSAGES }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { content: REPLY } }],
      router: { provider: 'openai' },
    });
  });

  it('refuses stream: true on /chat with a 400 naming /chat/stream', async () => {
    const answer = await chat({ model: 'openai/gpt-4o-mini', messages: MESSAGES, stream: true });
    expect([answer.status, answer.body?.code]).toEqual([400, 'svc_invalid_request']);
    expect(answer.text).toContain('/chat/stream');
    expectParam(answer, /^stream/);
    expect(await emulator().requests()).toEqual([]);
  });

  it.each([
    ['no messages', { model: 'openai/gpt-4o-mini' }, /^messages/],
    ['empty messages', { model: 'openai/gpt-4o-mini', messages: [] }, /^messages/],
    ['a bad role', { model: 'openai/gpt-4o-mini', messages: [{ role: 'wizard', content: 'hi' }] }, /^messages/],
    ['non-string content', { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 42 }] }, /^messages/],
    ['max_tokens -1', { model: 'openai/gpt-4o-mini', messages: MESSAGES, max_tokens: -1 }, /^max_tokens$/],
    ['a string temperature', { model: 'openai/gpt-4o-mini', messages: MESSAGES, temperature: 'hot' }, /^temperature$/],
    ['neither model nor purpose', { messages: MESSAGES }, /^(model|purpose)$/],
  ])('refuses %s with 400 svc_invalid_request naming the field, calling no provider', async (_name, body, field) => {
    const answer = await chat(body);
    expect([answer.status, answer.body?.code]).toEqual([400, 'svc_invalid_request']);
    expectParam(answer, field);
    expect(await emulator().requests()).toEqual([]);
  });

  it.each([
    ['an unknown provider', { model: 'nope/x', messages: MESSAGES }, /^model$/],
    ['an unknown model', { model: 'openai/not-a-model', messages: MESSAGES }, /^model$/],
    ['an unknown purpose', { purpose: 'no-such-purpose-e2e', messages: MESSAGES }, /^purpose$/],
  ])('refuses %s with 400 or 404 naming the field', async (_name, body, field) => {
    const answer = await chat(body);
    expect([400, 404]).toContain(answer.status);
    expect(answer.body?.code).toMatch(/^svc_\w*(invalid_request|not_found)$/);
    expectParam(answer, field);
  });
});
