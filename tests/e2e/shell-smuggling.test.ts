import { randomUUID } from 'node:crypto';
import { createKey, hub } from '../support/hub-cli';
import { queryStack } from '../support/database-query';
import { startExtraWorker, type ExtraWorker } from '../support/extra-worker';
import { bearer, call, json } from '../support/lanes';
import { shellHeaders } from '../support/signed-request';
import { WEBHOOK } from '../support/webhook-calls';
import { logIn, type WordPressSession } from '../support/wordpress-session';

/**
 * Hostile input, round 2, item 1: requests built inside WordPress never carry an attacker's
 * bytes to the worker. WordPress's batch route (`/wp-json/batch/v1`, anonymous) runs
 * `rest_pre_dispatch` for every sub-request whatever its route allows, with headers taken
 * from the sub-request's JSON: the shell refuses every sub-request in its namespaces, forwards
 * no header holding CR, LF or NUL (a request another plugin builds in PHP), and relays no
 * forwarding header; the worker takes a signed request's address from the signature alone.
 */
const unique = () => randomUUID().slice(0, 8);
const BATCH = '/wp-json/batch/v1';
const SMUGGLED = 'x\r\nContent-Length: 0\r\n\r\nGET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 203.0.113.9\r\nX-Tail: y';

const usageCount = async (keyId: string) =>
  Number((await queryStack('SELECT COUNT(*) AS n FROM {prefix}svc_usage WHERE key_id = ?', [keyId]))[0]!.n);
const auditCount = async () => Number((await queryStack('SELECT COUNT(*) AS n FROM {prefix}svc_webhook_audit'))[0]!.n);
const chatBody = (content: string) => ({ model: 'mock/echo', messages: [{ role: 'user', content }] });

describe('WordPress batch sub-requests (anonymous) never reach the worker', () => {
  const key = createKey(['llm.chat']);
  const batchNotAllowed = {
    status: 400,
    body: { code: 'svc_batch_not_allowed', message: expect.stringContaining('/batch/v1'), data: { status: 400 } },
  };

  it.each([
    [
      'a chat call with a valid key',
      {
        method: 'POST',
        path: '/llm/router/v1/chat/completions',
        headers: { 'Content-Type': 'application/json', ...bearer(key.key) },
        body: chatBody('batched'),
      },
    ],
    [
      'a chat call with CR LF in a header value',
      {
        method: 'POST',
        path: '/llm/router/v1/chat/completions',
        headers: { 'Content-Type': 'application/json', ...bearer(key.key), 'X-Note': SMUGGLED },
        body: chatBody('smuggled'),
      },
    ],
    [
      'a header name with CR LF',
      {
        method: 'POST',
        path: '/llm/router/v1/chat/completions',
        headers: { [`X-A\r\nX-Forwarded-For: 203.0.113.9\r\nX-B`]: 'v', ...bearer(key.key) },
        body: chatBody('name'),
      },
    ],
    [
      'the WooCommerce webhook',
      {
        method: 'POST',
        path: '/svc-license/v1/webhook/woo-order-paid',
        headers: { 'X-WC-Webhook-Source': 'https://shop.example/', 'X-Note': SMUGGLED },
        body: { id: 1 },
      },
    ],
    ['an admin route', { method: 'PUT', path: '/svc-hub/v1/admin/prices/ollama/batched', body: { input_per_mtok: 1, output_per_mtok: 1 } }],
    ['an internal route', { method: 'POST', path: '/svc-hub/v1/internal/ping', body: {} }],
    ['another letter case', { method: 'POST', path: '/LLM/Router/V1/chat/completions', headers: bearer(key.key), body: chatBody('case') }],
  ])('%s: 400 svc_batch_not_allowed, nothing forwarded, nothing stored', async (_name, request) => {
    const [usageBefore, auditBefore] = [await usageCount(key.id), await auditCount()];
    const answer = await call('wordpress', BATCH, json({ requests: [request, request] }));
    expect(answer.status).toBe(207);
    for (const response of answer.body.responses) expect(response).toMatchObject(batchNotAllowed);
    expect([await usageCount(key.id), await auditCount()]).toEqual([usageBefore, auditBefore]);
    expect(await queryStack("SELECT model FROM {prefix}svc_model_prices WHERE model = 'ollama/batched'")).toEqual([]);
  });

  it('the same through plain permalinks (?rest_route=/batch/v1)', async () => {
    const before = await usageCount(key.id);
    const answer = await call(
      'wordpress',
      '/?rest_route=/batch/v1',
      json({ requests: [{ method: 'POST', path: '/llm/router/v1/chat/completions', headers: bearer(key.key), body: chatBody('plain') }] }),
    );
    expect(answer.body.responses[0]).toMatchObject(batchNotAllowed);
    expect(await usageCount(key.id)).toBe(before);
  });

  it("WordPress's own routes still batch (the guard is the plugin's namespaces only)", async () => {
    const admin: WordPressSession = await logIn();
    const answer = await call('wordpress', BATCH, {
      ...json({ requests: [{ method: 'POST', path: '/wp/v2/posts', body: { title: `batched ${unique()}`, status: 'draft' } }] }),
      headers: { 'Content-Type': 'application/json', ...admin.headers },
    });
    expect([answer.status, answer.body.responses[0].status]).toEqual([207, 201]);
  });
});

describe("a request built in PHP with CR, LF or NUL in a header (another plugin's rest_do_request)", () => {
  // The clean call has a key of its own: its usage row is completed just after the answer, and
  // must not be counted as a refused case's.
  const [key, cleanKey] = [createKey(['llm.chat']), createKey(['llm.chat'])];
  const inner = (headers: Record<string, string>, bearerKey = key.key) =>
    call(
      'wordpress',
      '/wp-json/dispatch-test/v1/inner',
      json({
        method: 'POST',
        route: '/llm/router/v1/chat/completions',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearerKey}`, ...headers },
        body: JSON.stringify(chatBody('inner')),
      }),
    );
  const refused = {
    status: 400,
    body: {
      code: 'svc_invalid_request',
      message: 'Invalid parameter(s): headers.',
      data: { status: 400, params: { headers: 'a header name or value contains CR, LF or NUL' } },
    },
  };

  it('a clean one is forwarded (the relay works)', async () => {
    const answer = await inner({ 'X-Note': 'plain' }, cleanKey.key);
    expect([answer.body.status, answer.body.body?.choices?.[0]?.message?.content]).toEqual([200, 'inner']);
  });

  it.each([
    ['CR LF in a value', { 'X-Note': SMUGGLED }],
    ['a lone LF in a value', { 'X-Note': 'a\nb' }],
    ['a lone CR in a value', { 'X-Note': 'a\rb' }],
    ['NUL in a value', { 'X-Note': 'a\u0000b' }],
    ['CR LF in a name', { 'X-A\r\nX-Forwarded-For: 203.0.113.9\r\nX-B': 'v' }],
  ])('%s: 400 before anything is forwarded', async (_name, headers) => {
    const before = await usageCount(key.id);
    const answer = await inner(headers);
    expect(answer.body).toEqual(refused);
    expect(await usageCount(key.id)).toBe(before);
  });
});

describe("the worker takes a signed request's address from the signature, never from X-Forwarded-For", () => {
  let worker: ExtraWorker;
  beforeAll(async () => {
    worker = await startExtraWorker({ SVC_TRUST_PROXY: 'loopback' });
  });
  afterAll(() => worker.stop());

  const source = `https://xff-${unique()}.example/`;
  hub('store', 'add', '--source', source, '--secret', `secret-${unique()}`);
  const attempt = (extra: Record<string, string>, clientIp: string) => {
    const body = JSON.stringify({ id: 1 });
    const requestId = `xff-${unique()}`;
    const headers = {
      'Content-Type': 'application/json',
      'X-WC-Webhook-Source': source,
      'X-WC-Webhook-Signature': 'AAAA',
      'X-Request-Id': requestId,
      ...extra,
      ...shellHeaders({ method: 'POST', path: WEBHOOK, body, clientIp, auth: 'webhook' }),
    };
    return fetch(worker.url + WEBHOOK, { method: 'POST', headers, body }).then(async (answer) => ({ status: answer.status, requestId }));
  };
  const addressOf = async (requestId: string) =>
    (
      await queryStack('SELECT client_ip FROM {prefix}svc_webhook_audit WHERE headers LIKE ? ORDER BY id DESC LIMIT 1', [`%${requestId}%`])
    )[0]?.client_ip;

  it('with a signed address: that address', async () => {
    const sent = await attempt({ 'X-Forwarded-For': '203.0.113.9' }, '198.51.100.7');
    expect(sent.status).toBe(401);
    expect(await addressOf(sent.requestId)).toBe('198.51.100.7');
  });

  it("with an empty signed address (PHP on the command line): the connection's, not the forwarded one", async () => {
    const sent = await attempt({ 'X-Forwarded-For': '203.0.113.9' }, '');
    expect(sent.status).toBe(401);
    expect(await addressOf(sent.requestId)).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('an unsigned request from the trusted proxy (nginx in front): X-Forwarded-For is still believed', async () => {
    const body = JSON.stringify({ id: 1 });
    const requestId = `xff-${unique()}`;
    const answer = await fetch(worker.url + WEBHOOK, {
      method: 'POST',
      body,
      headers: {
        'Content-Type': 'application/json',
        'X-WC-Webhook-Source': source,
        'X-WC-Webhook-Signature': 'AAAA',
        'X-Request-Id': requestId,
        'X-Forwarded-For': '203.0.113.10',
      },
    });
    expect(answer.status).toBe(401);
    expect(await addressOf(requestId)).toBe('203.0.113.10');
  });
});
