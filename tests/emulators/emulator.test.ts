import { spawnEmulator } from './process';
import { dataEvents, open, post, sleep, useEmulator } from './testing';

/** The control API: scripts (FIFO per provider and model), the request log, ack gates. */
describe('provider emulator control API', () => {
  const { emulator, control } = useEmulator();
  const chatUrl = () => `${emulator().url}/openai/v1/chat/completions`;
  const auth = () => ({ Authorization: `Bearer ${emulator().keys.openai}` });
  const chat = (model = 'gpt-4o-mini', extra: Record<string, unknown> = {}) => ({
    model,
    messages: [{ role: 'user', content: 'one two three four' }],
    ...extra,
  });
  const streamed = (model = 'gpt-4o-mini') => chat(model, { stream: true, stream_options: { include_usage: true } });

  it('plays scripted behaviours in order for the matching model only, then answers normally', async () => {
    await control().script('openai', 'gpt-4o', [{ status: 500 }, { status: 503 }]);
    expect((await post(chatUrl(), chat('gpt-4o-mini'), auth())).status).toBe(200);
    const first = await post(chatUrl(), chat('gpt-4o'), auth());
    expect([first.status, first.body.error.type]).toEqual([500, 'server_error']);
    expect((await post(chatUrl(), chat('gpt-4o'), auth())).status).toBe(503);
    expect((await post(chatUrl(), chat('gpt-4o'), auth())).status).toBe(200);
    const statuses = (await control().requests({ provider: 'openai', model: 'gpt-4o' })).map((request) => request.status);
    expect(statuses).toEqual([500, 503, 200]);
  });

  it('applies a script without a model to every model of the provider', async () => {
    await control().script('openai', undefined, [{ status: 500 }]);
    expect((await post(chatUrl(), chat('gpt-4.1'), auth())).status).toBe(500);
    expect((await post(chatUrl(), chat('gpt-4.1'), auth())).status).toBe(200);
  });

  it('sets Retry-After on a scripted 429', async () => {
    await control().script('openai', 'gpt-4o-mini', [{ status: 429, retryAfter: '1' }]);
    const answer = await post(chatUrl(), chat(), auth());
    expect([answer.status, answer.headers.get('retry-after'), answer.body.error.code]).toEqual([429, '1', 'rate_limit_exceeded']);
  });

  it('refuses a malformed script', async () => {
    const answer = await post(`${emulator().url}/_control/script`, { provider: 'openai', behaviours: [{ stauts: 500 }] });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/stauts/);
  });

  it('sends no headers until delayHeadersMs passed, and notices a client that gives up', async () => {
    await control().script('openai', 'gpt-4o-mini', [{ delayHeadersMs: 400 }, { delayHeadersMs: 10_000 }]);
    const started = Date.now();
    expect((await post(chatUrl(), chat(), auth())).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);

    const abort = new AbortController();
    const pending = fetch(chatUrl(), { method: 'POST', headers: auth(), body: JSON.stringify(chat()), signal: abort.signal }).catch(
      () => 'aborted',
    );
    await sleep(200);
    abort.abort();
    expect(await pending).toBe('aborted');
    const log = await control().waitForRequests((requests) => requests[1]?.endedAt != null);
    expect(log[1]).toMatchObject({ closedByClient: true, status: null });
  });

  it('logs each request with its fields', async () => {
    await post(chatUrl(), streamed(), auth());
    const [entry] = await control().requests();
    expect(entry).toEqual({
      id: expect.stringMatching(/^emu_\d+$/),
      provider: 'openai',
      model: 'gpt-4o-mini',
      method: 'POST',
      path: '/openai/v1/chat/completions',
      query: '',
      stream: true,
      body: streamed(),
      headers: expect.objectContaining({ authorization: `Bearer ${emulator().keys.openai}` }),
      authorized: true,
      status: 200,
      behaviour: {},
      startedAt: expect.any(Number),
      endedAt: expect.any(Number),
      closedByClient: false,
    });
    expect(entry!.endedAt).toBeGreaterThanOrEqual(entry!.startedAt);
  });

  it('stalls after the first delta and records the hang-up as closedByClient', async () => {
    await control().script('openai', 'gpt-4o-mini', [{ stallAfterFirstChunk: true }]);
    const stream = await open(chatUrl(), streamed(), auth());
    await stream.until('"Echo:"');
    await sleep(300);
    expect(stream.received()).not.toContain(' two');
    expect((await control().requests())[0]).toMatchObject({ endedAt: null, closedByClient: false });
    stream.destroy();
    const log = await control().waitForRequests((requests) => requests[0]?.closedByClient === true);
    expect(log[0]!.closedByClient).toBe(true);
  });

  it('holds the rest of a stream until the ack arrives', async () => {
    await control().script('openai', 'gpt-4o-mini', [{ waitForAck: 'gate-1' }]);
    const stream = await open(chatUrl(), streamed(), auth());
    await stream.until('"Echo:"');
    await sleep(200);
    expect(stream.received()).not.toContain(' two');
    await control().ack('gate-1');
    const text = await stream.ended;
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(
      dataEvents(text)
        .map((chunk) => chunk.choices[0]?.delta.content ?? '')
        .join(''),
    ).toBe('Echo: one two three four');
    expect((await control().requests())[0]).toMatchObject({ closedByClient: false });
  });

  it('remembers an ack that arrives before the stream waits for it', async () => {
    await control().ack('early');
    await control().script('openai', 'gpt-4o-mini', [{ waitForAck: 'early' }]);
    const answer = await post(chatUrl(), streamed(), auth());
    expect(answer.text.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('spaces deltas by intervalMs', async () => {
    await control().script('openai', 'gpt-4o-mini', [{ intervalMs: 100 }]);
    const started = Date.now();
    await post(chatUrl(), streamed(), auth());
    expect(Date.now() - started).toBeGreaterThanOrEqual(390); // 5 deltas, 4 gaps
  });

  it('sends one delta, then OpenAI’s error event and no [DONE], when midStreamError is scripted', async () => {
    await control().script('openai', 'gpt-4o-mini', [{ midStreamError: true }]);
    const answer = await post(chatUrl(), streamed(), auth());
    expect(answer.status).toBe(200);
    const events = dataEvents(answer.text);
    expect(events.map((event) => event.choices?.[0]?.delta.content ?? null)).toEqual(['', 'Echo:', null]);
    expect(events[2]).toEqual({ error: { message: expect.any(String), type: 'server_error', param: null, code: null } });
    expect(answer.text).not.toContain('[DONE]');
  });

  it('leaves usage out when noUsage is scripted, streamed or blocking', async () => {
    await control().script('openai', 'gpt-4o-mini', [{ noUsage: true }, { noUsage: true }]);
    const chunks = dataEvents((await post(chatUrl(), streamed(), auth())).text);
    expect(chunks.some((chunk) => chunk.usage)).toBe(false);
    expect(chunks.some((chunk) => chunk.choices.length === 0)).toBe(false);
    expect((await post(chatUrl(), chat(), auth())).body).not.toHaveProperty('usage');
  });

  it('forgets scripts and the log on reset', async () => {
    await control().script('openai', 'gpt-4o-mini', [{ status: 500 }]);
    await post(chatUrl(), chat('gpt-4o'), auth());
    await control().reset();
    expect(await control().requests()).toEqual([]);
    expect((await post(chatUrl(), chat(), auth())).status).toBe(200);
  });

  it('runs as a process of its own (how the e2e setup starts it) and stops on request', async () => {
    const child = await spawnEmulator();
    try {
      const answer = await post(`${child.url}/openai/v1/chat/completions`, chat(), { Authorization: `Bearer ${child.keys.openai}` });
      expect(answer.body.choices[0].message.content).toBe('Echo: one two three four');
    } finally {
      await child.stop();
    }
    await expect(fetch(`${child.url}/_control/requests`)).rejects.toThrow();
  }, 20_000);
});
