import { gzipSync } from 'node:zlib';
import { bearer, call, type JsonAnswer } from '../support/lanes';
import { createKey, hub } from '../support/hub-cli';
import { rawRequest } from '../support/raw-http';
import { stack } from '../support/stack';

/**
 * The direct lane has two dispatches: the lean one for the common case of the router's call
 * routes, Express for everything else — including the same routes spelled with a trailing
 * slash. Every answer must be the same whichever dispatch gives it (http/server/lean-dispatch.ts).
 */
const LEAN = '/wp-json/llm/router/v1/chat/completions';
const EXPRESS = `${LEAN}/`;

const chat = (key: string | null, body: string | Buffer, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...(key ? bearer(key) : {}), ...headers },
  body,
});
const echo = (content = 'parity') => JSON.stringify({ model: 'mock/echo', messages: [{ role: 'user', content }] });
const bothWays = (init: RequestInit) => Promise.all([call('direct', LEAN, init), call('direct', EXPRESS, init)]);

/** What must be equal: status, error code, message and data, content type, Retry-After. */
const errorSummary = (answer: JsonAnswer) => ({
  status: answer.status,
  body: answer.body,
  type: answer.headers.get('content-type'),
  retryAfter: answer.headers.get('retry-after'),
  requestId: /^req_[0-9A-Z]{26}$/.test(answer.headers.get('x-request-id') ?? ''),
});

describe('lean dispatch and Express answer alike (direct lane)', () => {
  const key = createKey(['llm.chat']);

  it('a blocking chat: same shape, both recorded with their own request id', async () => {
    const [lean, express] = await bothWays(chat(key.key, echo()));
    for (const answer of [lean, express]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.body).toMatchObject({
        object: 'chat.completion',
        model: 'mock/echo',
        choices: [{ message: { role: 'assistant', content: 'parity' } }],
      });
    }
    expect(Object.keys(lean.body).sort()).toEqual(Object.keys(express.body).sort());
    expect(Object.keys(lean.body.router).sort()).toEqual(Object.keys(express.body.router).sort());
    expect(lean.headers.get('x-request-id')).not.toBe(express.headers.get('x-request-id'));
  });

  it('a stream: same events', async () => {
    const [lean, express] = await bothWays(
      chat(key.key, JSON.stringify({ model: 'mock/echo', stream: true, messages: [{ role: 'user', content: 'one two' }] })),
    );
    const contents = (answer: JsonAnswer) =>
      answer.text
        .split('\n')
        .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
        .map((line) => JSON.parse(line.slice(6)).choices[0]?.delta?.content ?? '')
        .join('');
    for (const answer of [lean, express]) {
      expect(answer.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(answer.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    }
    expect(contents(lean)).toBe(contents(express));
  });

  it('keeps a client X-Request-Id on both', async () => {
    const [lean, express] = await bothWays(chat(key.key, echo(), { 'X-Request-Id': 'parity-trace-1' }));
    expect([lean.headers.get('x-request-id'), express.headers.get('x-request-id')]).toEqual(['parity-trace-1', 'parity-trace-1']);
  });

  const revoked = createKey(['llm.chat']);
  hub('key', 'revoke', revoked.id);
  const unentitled = createKey([]);

  it.each([
    ['no key', () => chat(null, echo())],
    ['a malformed key', () => chat('svc_live_short', echo())],
    ['an unknown key', () => chat(`svc_live_${'A'.repeat(32)}`, echo())],
    ['a revoked key', () => chat(revoked.key, echo())],
    ['a key without the llm.chat entitlement', () => chat(unentitled.key, echo())],
    ['a text/plain body', () => chat(key.key, echo(), { 'Content-Type': 'text/plain' })],
    ['malformed JSON', () => chat(key.key, '{"model":')],
    ['invalid UTF-8', () => chat(key.key, Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]))],
    ['no messages', () => chat(key.key, JSON.stringify({ model: 'mock/echo', messages: [] }))],
    [
      'a negative max_tokens',
      () => chat(key.key, JSON.stringify({ model: 'mock/echo', max_tokens: -1, messages: [{ role: 'user', content: 'x' }] })),
    ],
    [
      'an unknown model',
      () => chat(key.key, JSON.stringify({ model: 'openai/no-such-model', messages: [{ role: 'user', content: 'x' }] })),
    ],
    ['an unknown purpose', () => chat(key.key, JSON.stringify({ purpose: 'no-such-purpose', messages: [{ role: 'user', content: 'x' }] }))],
    ['a body over 1 MiB', () => chat(key.key, JSON.stringify({ model: 'mock/echo', padding: 'x'.repeat(1024 * 1024) }))],
  ])('%s: the same error', async (_name, init) => {
    const [lean, express] = await bothWays(init());
    expect(lean.status).toBeGreaterThanOrEqual(400);
    expect(errorSummary(lean)).toEqual(errorSummary(express));
  });

  it('the rate limit: the same 429 with Retry-After', async () => {
    const answers: JsonAnswer[] = [];
    for (const path of [LEAN, EXPRESS]) {
      const limited = createKey(['llm.chat']);
      hub('key', 'rate-limit', limited.id, '1');
      expect((await call('direct', path, chat(limited.key, echo()))).status).toBe(200);
      answers.push(await call('direct', path, chat(limited.key, echo())));
    }
    expect(answers[0]!.status).toBe(429);
    expect(answers[0]!.body.code).toBe('svc_rate_limited');
    expect(Number(answers[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    // The seconds left in the minute differ between the two calls; everything else is the same.
    const withoutSeconds = (answer: JsonAnswer) => ({
      ...errorSummary(answer),
      retryAfter: 'seconds',
      body: { ...answer.body, data: { ...answer.body.data, retry_after: 'seconds' } },
    });
    expect(withoutSeconds(answers[0]!)).toEqual(withoutSeconds(answers[1]!));
  });

  it('a compressed body is left to Express, which reads it', async () => {
    const answer = await call('direct', LEAN, chat(key.key, gzipSync(echo('zipped')), { 'Content-Encoding': 'gzip' }));
    expect([answer.status, answer.body?.choices?.[0]?.message?.content]).toEqual([200, 'zipped']);
  });
});

/**
 * Hostile input, round 2, item 7: what WordPress's REST server would do to a request — method
 * overrides (honoured alike: the admin screen's apiFetch sends PUT as POST with
 * X-HTTP-Method-Override), envelopes, JSONP, two Authorization headers joined, an encoded
 * slash splitting a path parameter — must not make the WordPress lane answer otherwise than
 * the worker's own.
 * Compared: status, content type and body, on pretty and plain permalinks and the direct lane.
 */
describe('both lanes answer alike whatever WordPress would make of the request', () => {
  const key = createKey(['llm.chat']);
  const summary = (answer: { status: number; headers: Headers | Record<string, string>; text: string }) => {
    const type = answer.headers instanceof Headers ? answer.headers.get('content-type') : answer.headers['content-type'];
    return { status: answer.status, type, text: answer.text };
  };
  /** The path on the three ways in: /wp-json/… through WordPress, ?rest_route=… through WordPress, and the worker. */
  const threeWays = (route: string, query: string, init: RequestInit) =>
    Promise.all([
      call('wordpress', `/wp-json${route}${query ? `?${query}` : ''}`, init),
      call('wordpress', `/?rest_route=${route}${query ? `&${query}` : ''}`, init),
      call('direct', `/wp-json${route}${query ? `?${query}` : ''}`, init),
    ]);
  const expectAlike = (answers: JsonAnswer[]) => {
    const [pretty, plain, direct] = answers.map(summary);
    expect(pretty).toEqual(direct);
    expect(plain).toEqual(direct);
  };
  const models = '/llm/router/v1/models';

  it.each([
    ['?_method=GET on a POST', 'POST', models, '_method=GET', {}],
    ['?_method=get (any case), the last of two', 'POST', models, '_method=DELETE&_method=get', {}],
    ['?.method=GET (PHP reads it as _method)', 'POST', models, '.method=GET', {}],
    ['?_method=DELETE on a GET', 'GET', '/svc/v1/image-templates/no-such-template', '_method=DELETE', {}],
    ['?_method=OPTIONS (not an override the hub honours)', 'GET', models, '_method=OPTIONS', {}],
    ['?_method=FOO', 'GET', models, '_method=FOO', {}],
    ['X-HTTP-Method-Override: GET on a POST', 'POST', models, '', { 'X-HTTP-Method-Override': 'GET' }],
    ['X-HTTP-Method-Override: PUT on a GET', 'GET', models, '', { 'X-HTTP-Method-Override': 'PUT' }],
    ['X-HTTP-Method-Override: TRACE', 'GET', models, '', { 'X-HTTP-Method-Override': 'TRACE' }],
    ['?_method=FOO with X-HTTP-Method-Override: GET', 'POST', models, '_method=FOO', { 'X-HTTP-Method-Override': 'GET' }],
    ['?_envelope', 'GET', models, '_envelope=1', {}],
    ['?_envelope with ?_embed', 'GET', models, '_envelope&_embed=1', {}],
    ['?_jsonp with a valid callback', 'GET', models, '_jsonp=callback', {}],
    ['?_jsonp with an invalid callback', 'GET', models, '_jsonp=%3Cscript%3E', {}],
  ])('%s: the same answer', async (_name, method, route, query, headers) => {
    expectAlike(await threeWays(route, query, { method, headers: { ...bearer(key.key), ...headers } }));
  });

  it('the answer is the plain one, not an envelope or a script', async () => {
    const [pretty] = await threeWays(models, '_envelope=1&_jsonp=callback', { headers: bearer(key.key) });
    expect([pretty!.status, pretty!.headers.get('content-type'), pretty!.body?.object]).toEqual([
      200,
      'application/json; charset=utf-8',
      'list',
    ]);
  });

  it('two Authorization headers: the same 400 naming the header, on every lane (PHP joins them, so does the worker)', async () => {
    // The same name twice: PHP's built-in server (the test stack's) corrupts its header table when
    // two names differ only in letter case (`Authorization` became "Connection", or its worker
    // died out of memory); php-fpm does not.
    const twoKeys = { Authorization: [`Bearer ${key.key}`, `Bearer svc_live_${'B'.repeat(32)}`] };
    const send = (url: string, target: string) => rawRequest(url, { method: 'GET', target, headers: twoKeys });
    const info = stack();
    const answers = [
      await send(info.wordpressUrl, `/wp-json${models}`),
      await send(info.wordpressUrl, `/?rest_route=${models}`),
      await send(info.workerUrl, `/wp-json${models}`),
      // The lean dispatch (a chat call straight to the worker) reads the key on its own.
      await rawRequest(info.workerUrl, {
        method: 'POST',
        target: LEAN,
        headers: { ...twoKeys, 'Content-Type': 'application/json' },
        body: echo(),
      }),
    ];
    for (const answer of answers) {
      expect([answer.status, JSON.parse(answer.body).code, JSON.parse(answer.body).data.params]).toEqual([
        400,
        'svc_invalid_request',
        { authorization: expect.stringContaining('more than once') },
      ]);
    }
    // One header holding two keys (what a fetch client sends for two) is the same request.
    expectAlike(await threeWays(models, '', { headers: { Authorization: `Bearer ${key.key}, Bearer other` } }));
  });

  it.each([
    ['an encoded slash in a path parameter', '/svc/v1/image-templates/a%2Fb', 404],
    ['an encoded slash, lower case', '/svc/v1/image-templates/a%2fb', 404],
    ['an encoded slash in an order id', '/svc-commerce/v1/orders/ord_1%2F..', 404],
    ['an encoded slash that is a trailing slash', '/llm/router/v1/models%2F', 200],
  ])("%s: the answer to WordPress's decoded route on both lanes", async (_name, route, status) => {
    const answers = await Promise.all([
      call('wordpress', `/wp-json${route}`, { headers: bearer(key.key) }),
      call('direct', `/wp-json${route}`, { headers: bearer(key.key) }),
    ]);
    for (const answer of answers) expect(answer.status).toBe(status);
    expect(summary(answers[0]!)).toEqual(summary(answers[1]!));
  });
});
