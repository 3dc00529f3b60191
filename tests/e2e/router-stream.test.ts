import { randomUUID } from 'node:crypto';
import { emulator } from '../support/emulator';
import { createKey } from '../support/hub-cli';
import { LANES } from '../support/lanes';
import {
  chunksOf,
  COMPLETION_TOKENS,
  FAMILIES,
  MESSAGES,
  postStream,
  PROMPT_TOKENS,
  readUntilText,
  REPLY,
  ROUTER,
  textOf,
} from '../support/router-client';

/**
 * Streamed chat (docs/architecture.md §4): `data: <chat.completion.chunk>` events, a last chunk with
 * `choices: []`, usage and router before `[DONE]`, usage read wherever each provider puts
 * it, tokens passed on as they arrive, hang-ups passed upstream, failures as one error event.
 */

/** The payloads end with the usage chunk and [DONE]; returns the chunks. */
function expectWellFormed(payloads: string[]): any[] {
  expect(payloads[payloads.length - 1]).toBe('[DONE]');
  const chunks = chunksOf(payloads);
  expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
  expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);
  expect(chunks.slice(0, -1).every((chunk) => chunk.choices.length === 1)).toBe(true);
  return chunks;
}

describe.each(LANES)('router streams via %s', (lane) => {
  const key = createKey(['llm.chat', 'llm.embeddings']);
  const open = (body: unknown, path = `${ROUTER}/chat/stream`) => postStream(lane, path, key.key, body);

  beforeEach(() => emulator().reset());

  it.each([
    ['/chat/stream', `${ROUTER}/chat/stream`, {}],
    ['/chat/completions with stream: true', `${ROUTER}/chat/completions`, { stream: true }],
  ])('streams chunks, then usage and router in a choices: [] chunk, then [DONE] (%s)', async (_name, path, extra) => {
    const stream = await open({ model: 'openai/gpt-4o-mini', messages: MESSAGES, ...extra }, path);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    const chunks = expectWellFormed(await stream.rest());
    expect(textOf(chunks)).toBe(REPLY);
    expect(chunks.some((chunk) => chunk.choices[0]?.finish_reason === 'stop')).toBe(true);
    const last = chunks[chunks.length - 1];
    expect(last).toMatchObject({
      choices: [],
      usage: { prompt_tokens: PROMPT_TOKENS, completion_tokens: COMPLETION_TOKENS, total_tokens: PROMPT_TOKENS + COMPLETION_TOKENS },
      router: {
        provider: 'openai',
        attempts: 1,
        latency_ms: expect.any(Number),
        cost: { amount: expect.stringMatching(/^\d+(\.\d+)?$/), currency: expect.stringMatching(/^[A-Z]{3}$/) },
        usage_estimated: false,
      },
    });
    const upstream = await emulator().requests();
    expect(upstream).toHaveLength(1);
    expect(upstream[0]).toMatchObject({
      provider: 'openai',
      stream: true,
      body: { stream: true, stream_options: { include_usage: true } },
    });
  });

  it.each(FAMILIES)('reads %s’s streamed usage wherever the provider puts it', async (model, provider, upstreamModel, path) => {
    const stream = await open({ model, messages: MESSAGES });
    expect(stream.status).toBe(200);
    const chunks = expectWellFormed(await stream.rest());
    expect(textOf(chunks)).toBe(REPLY);
    expect(chunks[chunks.length - 1]).toMatchObject({
      choices: [],
      usage: { prompt_tokens: PROMPT_TOKENS, completion_tokens: COMPLETION_TOKENS, total_tokens: PROMPT_TOKENS + COMPLETION_TOKENS },
      router: { provider, usage_estimated: false },
    });
    const upstream = await emulator().requests();
    expect(upstream).toHaveLength(1);
    const streamPath = provider === 'google' ? path.replace(':generateContent', ':streamGenerateContent') : path;
    expect(upstream[0]).toMatchObject({ provider, model: upstreamModel, path: streamPath, stream: true, authorized: true });
    if (provider === 'google') expect(upstream[0]!.query).toContain('alt=sse');
    if (provider === 'openai' || provider === 'compat')
      expect(upstream[0]!.body).toMatchObject({ stream_options: { include_usage: true } });
  });

  it('flags usage as estimated, never zero, when the provider streams none', async () => {
    await emulator().script('openai', 'gpt-4o-mini', [{ noUsage: true }]);
    const chunks = expectWellFormed(await (await open({ model: 'openai/gpt-4o-mini', messages: MESSAGES })).rest());
    const last = chunks[chunks.length - 1];
    expect(last.router.usage_estimated).toBe(true);
    expect(last.usage.prompt_tokens).toBeGreaterThan(0);
    expect(last.usage.completion_tokens).toBeGreaterThan(0);
  });

  it('passes each token on as it arrives (the provider sends the rest only after the client saw the first)', async () => {
    const gate = randomUUID();
    await emulator().script('openai', 'gpt-4o-mini', [{ waitForAck: gate }]);
    const stream = await open({ model: 'openai/gpt-4o-mini', messages: MESSAGES });
    const seen = await readUntilText(stream, 'Echo:');
    const [upstream] = await emulator().requests();
    expect(upstream).toMatchObject({ endedAt: null, closedByClient: false });
    await emulator().ack(gate);
    const chunks = expectWellFormed([...seen, ...(await stream.rest())]);
    expect(textOf(chunks)).toBe(REPLY);
    expect(chunks[chunks.length - 1].usage.completion_tokens).toBe(COMPLETION_TOKENS);
  });

  it('aborts the upstream request within 5 s when the client hangs up', async () => {
    await emulator().script('openai', 'gpt-4o-mini', [{ intervalMs: 200 }]);
    const words = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
    const stream = await open({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: words }] });
    await readUntilText(stream, 'Echo:');
    const hungUpAt = Date.now();
    stream.destroy();
    const [upstream] = await emulator().waitForRequests((requests) => requests[0]?.closedByClient === true);
    expect(upstream!.closedByClient).toBe(true);
    expect(upstream!.endedAt! - hungUpAt).toBeLessThan(5000);
  });

  it('ends with one error event and [DONE] when the provider fails mid-stream, without retrying', async () => {
    await emulator().script('openai', 'gpt-4o-mini', [{ midStreamError: true }]);
    const stream = await open({ model: 'openai/gpt-4o-mini', messages: MESSAGES });
    expect(stream.status).toBe(200);
    const payloads = await stream.rest();
    expect(payloads[payloads.length - 1]).toBe('[DONE]');
    const failure = JSON.parse(payloads[payloads.length - 2]!);
    expect(failure).toEqual({
      error: { code: expect.stringMatching(/^svc_/), message: expect.any(String), type: 'server_error', param: null },
    });
    const before = payloads.slice(0, -2).map((payload) => JSON.parse(payload));
    expect(before.some((chunk) => chunk.error)).toBe(false);
    expect(textOf(before)).toBe('Echo:');
    expect(await emulator().requests()).toHaveLength(1);
  });

  it('ends with svc_upstream_timeout when the provider goes silent mid-stream, and hangs up on it', async () => {
    await emulator().script('openai', 'gpt-4o-mini', [{ stallAfterFirstChunk: true }]);
    const stream = await open({ model: 'openai/gpt-4o-mini', messages: MESSAGES });
    const payloads = await stream.rest();
    expect(payloads[payloads.length - 1]).toBe('[DONE]');
    expect(JSON.parse(payloads[payloads.length - 2]!).error).toMatchObject({ code: 'svc_upstream_timeout' });
    const upstream = await emulator().waitForRequests((requests) => requests[0]?.closedByClient === true);
    expect(upstream).toHaveLength(1);
    expect(upstream[0]!.closedByClient).toBe(true);
  });
});
