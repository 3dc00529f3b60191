import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { request, type IncomingMessage } from 'node:http';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { emulator } from '../support/emulator';
import { createKey } from '../support/hub-cli';
import { startNginxFront, type NginxFront } from '../support/nginx-front';
import { stack } from '../support/stack';
import { auditEntry } from '../support/webhook-calls';
import { startExtraWorker, type ExtraWorker } from '../support/extra-worker';
import { ping } from '../support/woo-webhook';
import { startWorker, stopWorker } from '../support/worker-process';
import { eventually } from '../support/eventually';

/**
 * Debian's nginx and php8.2-fpm configured with the shipped deploy/nginx/svc-hub.conf and
 * deploy/php-fpm/svc-hub.conf. The public API's paths go to the worker (`direct`), and so does
 * every other spelling of them (`plain`: `/?rest_route=…`, hostile input round 2, item 2), so
 * that no public call holds a PHP worker; WordPress's own routes and the admin routes stay
 * with php-fpm (nginx → php-fpm → shell → worker).
 */
type Lane = 'direct' | 'plain';
const LANES: Lane[] = ['direct', 'plain'];
let front: NginxFront;
const url = (lane: Lane, path: string) =>
  lane === 'direct' ? `${front.url}/wp-json${path}` : `${front.url}/?rest_route=${encodeURIComponent(path)}`;
const ROUTER = '/llm/router/v1';
const WEBHOOK = '/svc-license/v1/webhook/woo-order-paid';

async function fetchJson(target: string, init: RequestInit = {}) {
  const response = await fetch(target, { redirect: 'manual', ...init });
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}

async function usageRow(requestId: string): Promise<RowDataPacket | undefined> {
  const env = stack().workerEnv;
  const connection = await createConnection({
    host: env.SVC_DB_HOST,
    port: Number(env.SVC_DB_PORT),
    user: env.SVC_DB_USER,
    password: env.SVC_DB_PASSWORD,
    database: env.SVC_DB_NAME,
  });
  try {
    const [rows] = await connection.query<RowDataPacket[]>(`SELECT * FROM ${env.SVC_DB_PREFIX}svc_usage WHERE request_id = ?`, [requestId]);
    return rows[0];
  } finally {
    await connection.end();
  }
}

/** The call's usage row once it is no longer open (the worker completes it just after answering). */
async function settledUsageRow(requestId: string): Promise<RowDataPacket | undefined> {
  return eventually(
    () => usageRow(requestId),
    (row) => row !== undefined && row.status !== 'open',
  );
}

/** A streamed chat through nginx; resolves with the response once its headers are in, and a reader of its data events. */
function openStream(target: string, key: string, requestId: string): Promise<{ response: IncomingMessage; next: () => Promise<string> }> {
  const body = JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hello there router' }] });
  return new Promise((resolve, reject) => {
    const outgoing = request(
      target,
      { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}`, 'X-Request-Id': requestId } },
      (response) => {
        let buffer = '';
        const events: string[] = [];
        const waiting: Array<(event: string) => void> = [];
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!event.startsWith('data:')) continue;
            const waiter = waiting.shift();
            if (waiter) waiter(event.slice(5).trim());
            else events.push(event.slice(5).trim());
          }
        });
        resolve({ response, next: () => new Promise((done) => (events.length ? done(events.shift()!) : waiting.push(done))) });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

beforeAll(async () => {
  front = await startNginxFront();
});
afterAll(async () => {
  await front?.stop();
});

describe.each(LANES)('behind nginx + php-fpm, the %s lane', (lane) => {
  const key = createKey(['llm.chat', 'llm.images']);
  beforeEach(() => emulator().reset());

  it('answers health, with the security and CORS headers WordPress sends', async () => {
    const answer = await fetchJson(url(lane, `${ROUTER}/health`), { headers: { Origin: 'https://app.example' } });
    expect([answer.status, answer.body?.status]).toEqual([200, 'ok']);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
    expect(answer.headers.get('vary')).toBe('Origin');
  });

  it('answers a CORS preflight with 204 and the allowed methods and headers', async () => {
    const answer = await fetchJson(url(lane, `${ROUTER}/chat`), {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect([answer.status, answer.text]).toEqual([204, '']);
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    expect(answer.headers.get('access-control-allow-headers')).toMatch(/Authorization.*Content-Type/);
  });

  it('answers a 3 MiB image edit (multipart: rebuilt by the shell from $_POST and $_FILES under the shipped 16M upload limits)', async () => {
    const head = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('model', 'mock/image');
    form.append('prompt', 'add a moon');
    form.append('size', '256x256');
    form.append('image', new Blob([head, Buffer.alloc(3 * 1024 * 1024)], { type: 'image/png' }), 'large.png');
    const answer = await fetchJson(url(lane, `${ROUTER}/images/edits`), {
      method: 'POST',
      headers: { Authorization: `Bearer ${key.key}` },
      body: form,
    });
    expect([answer.status, answer.body?.data?.length]).toEqual([200, 1]);
  });

  it('answers a blocking chat', async () => {
    const answer = await fetchJson(url(lane, `${ROUTER}/chat`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key.key}` },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hello there router' }] }),
    });
    expect([answer.status, answer.body?.choices?.[0]?.message?.content]).toEqual([200, 'Echo: hello there router']);
  });

  it('passes a stream on incrementally (the provider sends the rest only after the client saw the first token)', async () => {
    const gate = randomUUID();
    await emulator().script('openai', 'gpt-4o-mini', [{ waitForAck: gate }]);
    const { response, next } = await openStream(url(lane, `${ROUTER}/chat/stream`), key.key, `ng-${randomUUID()}`);
    expect(response.statusCode).toBe(200);
    let text = '';
    while (!text.includes('Echo:')) text += JSON.parse(await next()).choices?.[0]?.delta?.content ?? '';
    await emulator().ack(gate);
    let event = await next();
    while (event !== '[DONE]') event = await next();
  });

  it('ends the call when the client hangs up (usage row aborted)', async () => {
    await emulator().script('openai', 'gpt-4o-mini', [{ stallAfterFirstChunk: true }]);
    const requestId = `ng-${randomUUID()}`;
    const { next, response } = await openStream(url(lane, `${ROUTER}/chat/stream`), key.key, requestId);
    await next();
    response.destroy();
    const [upstream] = await emulator().waitForRequests((requests) => requests[0]?.closedByClient === true);
    expect(upstream?.closedByClient).toBe(true);
    expect(await settledUsageRow(requestId)).toMatchObject({ status: 'aborted' });
  });

  it("takes WooCommerce's webhook ping, audited", async () => {
    const requestId = `wh-${randomUUID()}`;
    const init = ping(31);
    const answer = await fetchJson(url(lane, WEBHOOK), { ...init, headers: { ...init.headers, 'X-Request-Id': requestId } });
    expect([answer.status, answer.body?.outcome]).toEqual([200, 'ping']);
    expect(await auditEntry(requestId)).toMatchObject({ outcome: 'ping', http_status: 200 });
  });

  it('answers an oversized webhook with the JSON 413 and audits it', async () => {
    const requestId = `wh-${randomUUID()}`;
    const body = JSON.stringify({ id: 1, padding: 'x'.repeat(1024 * 1024) });
    const answer = await fetchJson(url(lane, WEBHOOK), {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
    });
    expect([answer.status, answer.body?.code, answer.body?.data?.status]).toEqual([413, 'svc_payload_too_large', 413]);
    expect(await auditEntry(requestId)).toMatchObject({ outcome: 'rejected', http_status: 413, body_bytes: Buffer.byteLength(body) });
  });

  it("answers a body over nginx's own limit with the JSON 413 in the contract's shape", async () => {
    const answer = await fetchJson(url(lane, `${ROUTER}/chat`), {
      method: 'POST',
      body: 'x'.repeat(17 * 1024 * 1024),
      headers: { 'Content-Type': 'application/json' },
    });
    expect([answer.status, answer.body?.code, answer.body?.data?.status]).toEqual([413, 'svc_payload_too_large', 413]);
  });
});

const BROWSER_HEADERS = [
  'x-content-type-options',
  'x-robots-tag',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-credentials',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'vary',
];

describe('behind nginx, the lanes are the same for a browser', () => {
  it('sends the same security and CORS headers on both lanes', async () => {
    const key = createKey(['llm.chat']);
    const headersOf = async (lane: Lane) => {
      const answer = await fetchJson(url(lane, `${ROUTER}/models`), {
        headers: { Origin: 'https://app.example', Authorization: `Bearer ${key.key}` },
      });
      expect(answer.status).toBe(200);
      return Object.fromEntries(BROWSER_HEADERS.map((name) => [name, answer.headers.get(name)]));
    };
    const direct = await headersOf('direct');
    expect(direct).toMatchObject({
      'x-content-type-options': 'nosniff',
      vary: 'Origin',
      'access-control-allow-origin': 'https://app.example',
    });
    expect(await headersOf('plain')).toEqual(direct);
  });

  it('sends an image-library file path ending in .svg to the worker, not to the static-file rule', async () => {
    const answer = await fetchJson(`${front.url}/wp-json/svc/v1/image-library/files/no-such-file.svg`);
    expect([answer.status, answer.headers.get('content-type'), answer.body?.code]).toEqual([
      404,
      'application/json; charset=utf-8',
      'svc_not_found',
    ]);
  });
});

describe('behind nginx, a worker with SVC_TRUST_PROXY=loopback and SVC_CALL_MAX_MS=1500', () => {
  let worker: ExtraWorker;
  let proxied: NginxFront;
  const key = createKey(['llm.chat']);
  beforeAll(async () => {
    worker = await startExtraWorker({ SVC_TRUST_PROXY: 'loopback', SVC_CALL_MAX_MS: '1500', SVC_TIMEOUT_FIRST_TOKEN_MS: '20000' });
    proxied = await startNginxFront(worker.url);
  });
  afterAll(async () => {
    await proxied?.stop();
    await worker?.stop();
  });
  beforeEach(() => emulator().reset());

  it('ends a blocking chat that outlasts SVC_CALL_MAX_MS itself: 504 svc_upstream_timeout (total), recorded, upstream aborted', async () => {
    await emulator().script('openai', 'gpt-4o-mini', [{ delayHeadersMs: 15_000 }]);
    const requestId = `ng-${randomUUID()}`;
    const answer = await fetchJson(`${proxied.url}/wp-json${ROUTER}/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key.key}`, 'X-Request-Id': requestId },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hello there router' }] }),
    });
    expect([answer.status, answer.body?.code, answer.body?.data]).toEqual([
      504,
      'svc_upstream_timeout',
      { status: 504, phase: 'total', limit_ms: 1500 },
    ]);
    expect(await settledUsageRow(requestId)).toMatchObject({ status: 'error', error_code: 'svc_upstream_timeout' });
    const upstream = await emulator().waitForRequests((requests) => requests[0]?.closedByClient === true);
    expect(upstream).toHaveLength(1);
    expect(upstream[0]!.closedByClient).toBe(true);
  });

  it('takes the client address from X-Forwarded-For set by nginx (and not without SVC_TRUST_PROXY)', async () => {
    const addressSeen = async (target: string) => {
      const requestId = `wh-${randomUUID()}`;
      const init = ping(32);
      await fetchJson(target, { ...init, headers: { ...init.headers, 'X-Request-Id': requestId, 'X-Forwarded-For': '203.0.113.7' } });
      return (await auditEntry(requestId)).client_ip;
    };
    expect(await addressSeen(`${proxied.url}/wp-json${WEBHOOK}`)).toBe('203.0.113.7');
    expect(await addressSeen(url('direct', WEBHOOK))).toBe('127.0.0.1');
  });
});

describe('behind nginx, with the worker stopped', () => {
  const key = createKey(['llm.chat']);
  beforeAll(stopWorker);
  afterAll(startWorker);

  it.each(LANES)('answers a Bearer route with JSON 503 svc_worker_unavailable (%s)', async (lane) => {
    const answer = await fetchJson(url(lane, `${ROUTER}/models`), { headers: { Authorization: `Bearer ${key.key}` } });
    expect([answer.status, answer.body?.code, answer.body?.data?.status]).toEqual([503, 'svc_worker_unavailable', 503]);
  });

  it.each(LANES)('answers health with JSON 503, status down (%s)', async (lane) => {
    const answer = await fetchJson(url(lane, `${ROUTER}/health`));
    expect([answer.status, answer.body?.status]).toEqual([503, 'down']);
  });
});

/** Whether PHP (WordPress) answered: its REST answers carry the API's discovery link. */
const fromWordPress = (headers: Headers) => /rel="https:\/\/api\.w\.org\/"/.test(headers.get('link') ?? '');

describe('behind nginx, every spelling of the public API goes to the worker (hostile input round 2, item 2)', () => {
  const key = createKey(['llm.chat']);
  const models = async (path: string) => fetchJson(`${front.url}${path}`, { headers: { Authorization: `Bearer ${key.key}` } });

  it.each([
    '/?rest_route=/llm/router/v1/models',
    '/?rest_route=%2Fllm%2Frouter%2Fv1%2Fmodels',
    '/?rest_route=/llm/router/v1/models/',
    '/index.php?rest_route=/llm/router/v1/models',
    '/index.php/wp-json/llm/router/v1/models',
    '/wp-json/LLM/Router/V1/models',
    '/some/page/?rest_route=/llm/router/v1/models',
    '/?page=2&rest_route=/llm/router/v1/models',
    '/?rest.route=/llm/router/v1/models',
    '/?rest+route=/llm/router/v1/models',
    '/?rest%5Froute=/llm/router/v1/models',
    '/?rest[route=/llm/router/v1/models',
    '/?rest_route=/LLM/router/V1/models',
  ])("%s: the worker's answer, no PHP", async (path) => {
    const [spelled, direct] = [await models(path), await models('/wp-json/llm/router/v1/models')];
    expect([path, spelled.status, fromWordPress(spelled.headers)]).toEqual([path, 200, false]);
    expect(spelled.body).toEqual(direct.body);
  });

  it('the other namespaces too: commerce, licence, library', async () => {
    for (const route of ['/svc/v1/image-templates', '/svc-license/v1/entitlement', '/svc-commerce/v1/packages']) {
      const answer = await models(`/?rest_route=${route}`);
      expect([route, fromWordPress(answer.headers), answer.status < 500]).toEqual([route, false, true]);
    }
  });

  it.each([
    ["WordPress's index", '/?rest_route=/', 200],
    ['a WordPress route', '/?rest_route=/wp/v2/types', 200],
    ['the admin routes', '/?rest_route=/svc-hub/v1/admin/keys', 401],
  ])('%s stays with PHP', async (_name, path, status) => {
    const answer = await fetchJson(`${front.url}${path}`);
    expect([answer.status, fromWordPress(answer.headers)]).toEqual([status, true]);
  });

  it('a name PHP does not read as rest_route stays with WordPress (its home page)', async () => {
    const answer = await fetchJson(`${front.url}/?REST_ROUTE=/llm/router/v1/models`);
    expect(answer.body?.object).toBeUndefined();
    expect(answer.headers.get('x-redirect-by') ?? answer.headers.get('content-type')).toMatch(/WordPress|text\/html/);
  });
});
