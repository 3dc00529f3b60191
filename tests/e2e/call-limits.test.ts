import { hub, createKey } from '../support/hub-cli';
import { call, LANES, type Lane } from '../support/lanes';
import { postJson, postStream, ROUTER, type RouterStream } from '../support/router-client';
import { shellHeaders } from '../support/signed-request';
import { stack } from '../support/stack';
import { WAIT_MS } from '../support/eventually';

/** mock/slow sends one word every 100 ms: 200 words keep a stream open for 20 s, 40 words for 4 s. */
const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index}`).join(' ');
const LONG = { model: 'mock/slow', messages: [{ role: 'user', content: words(200) }] };
const MEDIUM = { model: 'mock/slow', messages: [{ role: 'user', content: words(40) }] };
const SHORT = { model: 'mock/slow', messages: [{ role: 'user', content: 'one two three' }] };

/**
 * Opens a stream, retrying while the key's slots are all taken (each refusal must be
 * svc_too_many_concurrent); gives up after 5 s. A slot is given back when the worker has
 * finished with the call, a moment after the client saw its end.
 */
async function streamOnceASlotIsFree(lane: Lane, key: string): Promise<RouterStream> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const stream = await postStream(lane, `${ROUTER}/chat/stream`, key, LONG);
    if (stream.status === 200) return stream;
    expect([stream.status, JSON.parse(await stream.body()).code]).toEqual([429, 'svc_too_many_concurrent']);
    if (Date.now() > deadline) throw new Error(`no slot was given back within ${WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A key's calls in flight at once (max_concurrent_calls, default 20), on every call route. */
describe.each(LANES)('calls in flight per key via %s', (lane) => {
  it('refuses a third call while two streams are open, then accepts one after a stream ends and after a hang-up', async () => {
    const key = createKey(['llm.chat', 'llm.embeddings']);
    expect(hub('key', 'concurrency', key.id, '2')).toEqual([`${key.id} may have 2 calls in flight at once (per worker).`]);
    hub('key', 'rate-limit', key.id, '1000');
    const open: RouterStream[] = [];
    try {
      const first = await postStream(lane, `${ROUTER}/chat/stream`, key.key, LONG);
      open.push(first);
      expect(first.status).toBe(200);
      const second = await postStream(lane, `${ROUTER}/chat/stream`, key.key, MEDIUM);
      open.push(second);
      expect(second.status).toBe(200);

      const third = await postStream(lane, `${ROUTER}/chat/stream`, key.key, LONG);
      expect(third.status).toBe(429);
      expect(third.headers['retry-after']).toBe('1');
      expect(JSON.parse(await third.body())).toEqual({
        code: 'svc_too_many_concurrent',
        message: expect.stringContaining('2 calls in flight'),
        data: { status: 429, limit: 2, retry_after: 1 },
        // OpenAI's error object (docs/api-notes.md "Error bodies and retries"); no x-should-retry: waiting cures it.
        error: {
          code: 'svc_too_many_concurrent',
          message: expect.stringContaining('2 calls in flight'),
          type: 'rate_limit_error',
          param: null,
        },
      });
      expect(third.headers['x-should-retry']).toBeUndefined();
      for (const [path, body] of [
        ['/chat', { model: 'mock/echo', messages: SHORT.messages }],
        ['/chat/completions', { model: 'mock/echo', messages: SHORT.messages }],
        ['/embeddings', { model: 'mock/embed', input: 'hello' }],
      ] as const) {
        const refused = await call(lane, ROUTER + path, postJson(key.key, body));
        expect([path, refused.status, refused.body?.code]).toEqual([path, 429, 'svc_too_many_concurrent']);
      }

      expect((await second.rest()).pop()).toBe('[DONE]');
      open.push(await streamOnceASlotIsFree(lane, key.key));

      first.destroy();
      open.push(await streamOnceASlotIsFree(lane, key.key));
    } finally {
      for (const stream of open) stream.destroy();
    }
  });

  it('lets a key with the default cap of 20 run three calls at once', async () => {
    const key = createKey(['llm.chat']);
    const streams = await Promise.all([0, 1, 2].map(() => postStream(lane, `${ROUTER}/chat/stream`, key.key, SHORT)));
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200]);
    for (const stream of streams) expect((await stream.rest()).pop()).toBe('[DONE]');
  });
});

/** PATCH /admin/keys/{id} takes max_concurrent_calls beside rate_limit_per_minute (tests/e2e/rate-limit.test.ts has the rate limit). */
describe('changing a key’s calls in flight', () => {
  it('takes a new cap from the admin route, refusing a bad one, and lists it', async () => {
    const key = createKey();
    const patch = async (body: unknown) => {
      const path = `/wp-json/svc-hub/v1/admin/keys/${key.id}`;
      const text = JSON.stringify(body);
      const response = await fetch(stack().workerUrl + path, {
        method: 'PATCH',
        body: text,
        headers: { 'Content-Type': 'application/json', ...shellHeaders({ method: 'PATCH', path, body: text, user: '1' }) },
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const bad = await patch({ max_concurrent_calls: 0 });
    expect([bad.status, bad.body.code, Object.keys(bad.body.data.params)]).toEqual([400, 'svc_invalid_request', ['max_concurrent_calls']]);
    const none = await patch({});
    expect(none.status).toBe(400);
    const saved = await patch({ max_concurrent_calls: 3 });
    expect([saved.status, saved.body.max_concurrent_calls, saved.body.rate_limit_per_minute]).toEqual([200, 3, 120]);
    expect(
      hub('key', 'list')
        .find((line) => line.startsWith(key.id))!
        .split('\t')[8],
    ).toBe('3');
    expect(() => hub('key', 'concurrency', key.id, '0')).toThrow();
  });
});
