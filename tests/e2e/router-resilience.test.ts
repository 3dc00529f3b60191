import { emulator } from '../support/emulator';
import { createKey } from '../support/hub-cli';
import { call, LANES } from '../support/lanes';
import { chunksOf, MESSAGES, postJson, postStream, REPLY, ROUTER, setPurpose, textOf } from '../support/router-client';

/**
 * Retries, fallback and timeouts (docs/architecture.md §4) against scripted provider failures. The e2e
 * stack runs the worker with SVC_TIMEOUT_FIRST_TOKEN_MS=3000, SVC_TIMEOUT_IDLE_MS=3000 and
 * SVC_RETRY_MAX=2 (tests/support/global-setup.ts).
 */

const FALLBACK_PURPOSE = 'e2e-fallback';

describe.each(LANES)('router resilience via %s', (lane) => {
  const key = createKey(['llm.chat', 'llm.embeddings']);
  const chat = (body: unknown) => call(lane, `${ROUTER}/chat`, postJson(key.key, body));

  beforeAll(() => setPurpose(key.key, FALLBACK_PURPOSE, ['openai/gpt-4o', 'openai/gpt-4o-mini']));
  beforeEach(() => emulator().reset());

  it('falls back to the purpose’s next model when the first keeps failing with 500', async () => {
    await emulator().script('openai', 'gpt-4o', [{ status: 500 }, { status: 500 }, { status: 500 }]);
    const answer = await chat({ purpose: FALLBACK_PURPOSE, messages: MESSAGES });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      model: expect.stringContaining('gpt-4o-mini'),
      choices: [{ message: { content: REPLY } }],
      router: { provider: 'openai', purpose: FALLBACK_PURPOSE, usage_estimated: false },
    });
    const upstream = await emulator().requests();
    expect(answer.body.router.attempts).toBeGreaterThanOrEqual(2);
    expect(answer.body.router.attempts).toBe(upstream.length);
    expect(upstream[upstream.length - 1]).toMatchObject({ model: 'gpt-4o-mini', status: 200 });
    expect(upstream.slice(0, -1).map((request) => [request.model, request.status])).toEqual(
      upstream.slice(0, -1).map(() => ['gpt-4o', 500]),
    );
  });

  it('falls back before the first token of a stream too', async () => {
    await emulator().script('openai', 'gpt-4o', [{ status: 500 }, { status: 500 }, { status: 500 }]);
    const stream = await postStream(lane, `${ROUTER}/chat/stream`, key.key, { purpose: FALLBACK_PURPOSE, messages: MESSAGES });
    expect(stream.status).toBe(200);
    const chunks = chunksOf(await stream.rest());
    expect(textOf(chunks)).toBe(REPLY);
    const last = chunks[chunks.length - 1];
    expect(last.router).toMatchObject({ provider: 'openai', purpose: FALLBACK_PURPOSE });
    expect(last.router.attempts).toBe((await emulator().requests()).length);
    expect(last.router.attempts).toBeGreaterThanOrEqual(2);
  });

  it('lets model win over purpose when both are given', async () => {
    const answer = await chat({ model: 'anthropic/claude-3-5-haiku-latest', purpose: FALLBACK_PURPOSE, messages: MESSAGES });
    expect(answer.body.router.provider).toBe('anthropic');
    expect((await emulator().requests()).map((request) => request.provider)).toEqual(['anthropic']);
  });

  it('retries the same model after a 429, honouring Retry-After', async () => {
    await emulator().script('openai', 'gpt-4o-mini', [{ status: 429, retryAfter: '1' }]);
    const answer = await chat({ model: 'openai/gpt-4o-mini', messages: MESSAGES });
    expect(answer.status).toBe(200);
    expect(answer.body.router).toMatchObject({ provider: 'openai', attempts: 2 });
    const [limited, retried] = await emulator().requests();
    expect([limited!.model, limited!.status, retried!.model, retried!.status]).toEqual(['gpt-4o-mini', 429, 'gpt-4o-mini', 200]);
    expect(retried!.startedAt - limited!.endedAt!).toBeGreaterThanOrEqual(900);
  });

  it('retries Anthropic’s 529 overloaded', async () => {
    await emulator().script('anthropic', 'claude-3-5-haiku-latest', [{ status: 529 }]);
    const answer = await chat({ model: 'anthropic/claude-3-5-haiku-latest', messages: MESSAGES });
    expect(answer.status).toBe(200);
    expect(answer.body.router.attempts).toBe(2);
  });

  it('does not retry a refusal the provider will repeat (401)', async () => {
    await emulator().script('openai', 'gpt-4o-mini', [{ status: 401 }]);
    const answer = await chat({ model: 'openai/gpt-4o-mini', messages: MESSAGES });
    expect([answer.status, answer.body?.code]).toEqual([502, 'svc_upstream_error']);
    expect(await emulator().requests()).toHaveLength(1);
  });

  it('answers 504 svc_upstream_timeout (phase first_token) when no answer starts in time', async () => {
    const silent = Array.from({ length: 6 }, () => ({ delayHeadersMs: 20_000 }));
    await emulator().script('openai', 'gpt-4o-mini', silent);
    const answer = await chat({ model: 'openai/gpt-4o-mini', messages: MESSAGES });
    expect([answer.status, answer.body?.code, answer.body?.data?.phase]).toEqual([504, 'svc_upstream_timeout', 'first_token']);
    const upstream = await emulator().waitForRequests((requests) => requests.every((request) => request.endedAt !== null));
    expect(upstream.length).toBeGreaterThanOrEqual(1);
    expect(upstream.every((request) => request.closedByClient)).toBe(true);
  }, 60_000);
});
