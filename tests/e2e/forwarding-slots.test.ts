import { createKey, hub } from '../support/hub-cli';
import { queryStack } from '../support/database-query';
import { call } from '../support/lanes';
import { postStream, ROUTER, type RouterStream } from '../support/router-client';
import { logIn } from '../support/wordpress-session';
import { WAIT_MS } from '../support/eventually';

/**
 * Hostile input, round 2, item 2: one client key cannot take every PHP worker. Through
 * WordPress each forwarded call holds a PHP worker for as long as it runs (a stream up to
 * SVC_CALL_MAX_MS); the shell lets `total` of them run at once and `per_key` per key, and
 * answers 503 svc_busy with Retry-After past either, so WordPress itself keeps answering.
 * The stack's php -S has 4 workers; the test sets total 3, per key 2 (the mu-plugin's option).
 */
const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index}`).join(' ');
/** mock/slow sends a word every 100 ms: 300 words hold a stream (and a PHP worker) for 30 s. */
const LONG = { model: 'mock/slow', messages: [{ role: 'user', content: words(300) }] };
const OPTION = 'svc_hub_test_forwarding_limits';

const setLimits = (value: string | null) =>
  value === null
    ? queryStack('DELETE FROM {prefix}options WHERE option_name = ?', [OPTION])
    : queryStack(
        "INSERT INTO {prefix}options (option_name, option_value, autoload) VALUES (?, ?, 'off') ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)",
        [OPTION, value],
      );

const openStream = (key: string) => postStream('wordpress', `${ROUTER}/chat/stream`, key, LONG);

/** A stream opened once a slot is free again (a hung-up stream's PHP worker notices within a moment). */
async function streamOnceFree(key: string): Promise<RouterStream> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const stream = await openStream(key);
    if (stream.status === 200) return stream;
    expect([stream.status, JSON.parse(await stream.body()).code]).toEqual([503, 'svc_busy']);
    if (Date.now() > deadline) throw new Error(`no slot was given back within ${WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('forwarded calls at once through WordPress', () => {
  const [keyA, keyB, keyC] = [createKey(['llm.chat']), createKey(['llm.chat']), createKey(['llm.chat'])];
  for (const key of [keyA, keyB, keyC]) hub('key', 'concurrency', key.id, '20');
  const open: RouterStream[] = [];
  beforeAll(() => setLimits('3,2'));
  afterAll(async () => {
    for (const stream of open) stream.destroy();
    await setLimits(null);
  });

  it('a key past its own limit, then the site past its total: 503 svc_busy with Retry-After; WordPress and wp-admin still answer', async () => {
    open.push(await openStream(keyA.key), await openStream(keyA.key));
    expect(open.map((stream) => stream.status)).toEqual([200, 200]);

    const third = await openStream(keyA.key);
    expect([third.status, third.headers['retry-after']]).toEqual([503, '2']);
    expect(JSON.parse(await third.body())).toEqual({
      code: 'svc_busy',
      message: expect.stringContaining('This API key already has 2 calls running through WordPress'),
      data: { status: 503, limit: 2, scope: 'key', retry_after: 2 },
      error: {
        code: 'svc_busy',
        message: expect.stringContaining('This API key already has 2 calls running through WordPress'),
        type: 'server_error',
        param: null,
      },
    });

    open.push(await openStream(keyB.key));
    expect(open[2]!.status).toBe(200);
    const blocking = await call('wordpress', `${ROUTER}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${keyC.key}` },
      body: JSON.stringify({ model: 'mock/echo', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect([blocking.status, blocking.headers.get('retry-after'), blocking.body?.code, blocking.body?.data]).toEqual([
      503,
      '2',
      'svc_busy',
      { status: 503, limit: 3, scope: 'site', retry_after: 2 },
    ]);

    // The fourth PHP worker is WordPress's: its own REST index and the admin screen's routes answer.
    expect((await call('wordpress', '/wp-json/')).status).toBe(200);
    const admin = await logIn();
    expect((await call('wordpress', '/wp-json/svc-hub/v1/admin/keys?per_page=1', { headers: admin.headers })).status).toBe(200);

    // The straight-to-the-worker lane is not WordPress's to limit.
    const direct = await call('direct', `${ROUTER}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${keyC.key}` },
      body: JSON.stringify({ model: 'mock/echo', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(direct.status).toBe(200);
  });

  it('a hung-up stream gives its slot back', async () => {
    open.shift()!.destroy();
    open.push(await streamOnceFree(keyA.key));
    expect(open[open.length - 1]!.status).toBe(200);
  });
});
