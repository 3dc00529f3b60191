import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startExtraWorker, type ExtraWorker } from '../support/extra-worker';
import { bearer, call, json } from '../support/lanes';
import { createKey, hub, type TestKey } from '../support/hub-cli';
import { stack } from '../support/stack';
import { testFetch } from '../support/test-fetch';
import { admin } from '../support/webhook-calls';
import { startRestStore, type RestStore } from '../support/woo-rest-store';

/**
 * What WooCommerce never re-sends (docs/woocommerce-webhook.md, "Reconcile"): a store whose
 * webhook was disabled has its orders pulled through its REST API (a stand-in speaking
 * `GET wc/v3/orders` on 127.0.0.1 and authenticating as WooCommerce does: OAuth 1.0a over http,
 * Basic over https) with the REST credentials the admin stored, and applied like a delivery. `store reconcile` runs a pass by hand; a second worker with a short
 * SVC_RECONCILE_INTERVAL_MS runs the job. Credentials never show in an answer, the CLI's
 * output or a log.
 */
const COMMERCE = '/wp-json/svc-commerce/v1';
const LICENSE = '/wp-json/svc-license/v1';
const unique = randomUUID().slice(0, 8);
const PACKAGE = `recon-${unique}`;
const CONSUMER_KEY = `ck_${randomBytes(20).toString('hex')}`;
const CONSUMER_SECRET = `cs_${randomBytes(20).toString('hex')}`;

let store: RestStore;
/** How far the stand-in store's clock is ahead of this machine's. */
let storeClockAheadMs = 0;
let storeId: string;
let worker: ExtraWorker | undefined;
let wooOrderIds = 500_000 + Math.floor(Math.random() * 100_000);
const client = createKey();
const outboundAllow = () => `${stack().workerEnv.SVC_OUTBOUND_ALLOW},${store.hostPort}`;

beforeAll(async () => {
  store = await startRestStore(CONSUMER_KEY, CONSUMER_SECRET, { now: () => Date.now() + storeClockAheadMs });
  hub('store', 'add', '--source', store.url, '--secret', `webhook-secret-${unique}`);
  hub(
    'package',
    'create',
    '--id',
    PACKAGE,
    '--name',
    'Reconciled module',
    '--price',
    '29.00',
    '--currency',
    'EUR',
    '--features',
    'module.recon',
    '--duration-days',
    '30',
    '--woo-product',
    '77',
    '--store',
    store.url,
  );
  storeId = (await admin('GET', '/stores')).body.data.find((entry: { source_url: string }) => entry.source_url === store.url).id;
});

afterAll(async () => {
  await worker?.stop();
  await store?.close();
});

async function checkout(key: TestKey): Promise<string> {
  const init = json({ package_id: PACKAGE, site_url: key.siteUrl });
  const answer = await call('direct', `${COMMERCE}/checkout`, { ...init, headers: { ...init.headers, ...bearer(key.key) } });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

const hubOrder = async (id: string) => (await call('direct', `${COMMERCE}/orders/${id}`, { headers: bearer(client.key) })).body;
const storeJson = async () => (await admin('GET', '/stores')).body.data.find((entry: { id: string }) => entry.id === storeId);

/** A WooCommerce order for `hubOrderId`, saved in the stand-in store now: paid by card, or left pending. */
function placeOrder(hubOrderId: string, paid: boolean): number {
  wooOrderIds += 1;
  const now = new Date();
  store.put({
    id: wooOrderIds,
    hubOrderId,
    siteUrl: client.siteUrl,
    status: paid ? 'processing' : 'pending',
    paidAt: paid ? now : null,
    modifiedAt: now,
    total: '29.00',
  });
  return wooOrderIds;
}

/** The operator CLI with the worker's environment, allowed to call the stand-in store (and more, with `env`). */
async function runHub(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return runHubWith({}, ...args);
}

async function runHubWith(env: Record<string, string>, ...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const file = join(stack().repoRoot, 'worker', 'dist', 'cli', 'hub.js');
  const options = {
    env: { PATH: process.env.PATH, ...stack().workerEnv, SVC_OUTBOUND_ALLOW: outboundAllow(), ...env },
    encoding: 'utf8' as const,
  };
  try {
    return { status: 0, ...(await promisify(execFile)('node', [file, ...args], options)) };
  } catch (error) {
    const failed = error as { code?: unknown; stdout: string; stderr: string };
    return { status: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Polls until `check` holds (no timed assertion: the deadline only ends a test that would hang). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}; last seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('REST credentials of a store', () => {
  it('are refused when malformed, naming each field, and change nothing', async () => {
    const answer = await admin('PUT', `/stores/${storeId}`, { rest_credentials: { consumer_key: 'key', consumer_secret: '' } });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.data.params).sort()).toEqual(['rest_credentials.consumer_key', 'rest_credentials.consumer_secret']);
    expect((await storeJson()).rest_credentials).toBeNull();
  });

  it('are stored, shown as the last 4 characters of the key only, and cleared', async () => {
    const set = await admin('PUT', `/stores/${storeId}`, {
      rest_credentials: { consumer_key: CONSUMER_KEY, consumer_secret: CONSUMER_SECRET },
    });
    expect(set.status).toBe(200);
    expect(set.body.rest_credentials).toEqual({ consumer_key_last4: CONSUMER_KEY.slice(-4) });
    const cleared = await admin('PUT', `/stores/${storeId}`, { rest_credentials: null });
    expect(cleared.body.rest_credentials).toBeNull();
    expect((await runHub('store', 'reconcile', '--source', store.url)).stderr).toMatch(/has no REST credentials/);
    for (const text of [set.text, cleared.text, (await admin('GET', '/stores')).text]) {
      expect(text).not.toContain(CONSUMER_SECRET);
      expect(text).not.toContain(CONSUMER_KEY);
    }
  });
});

describe('store reconcile (by hand)', () => {
  it('pulls the orders, pays the one paid while the webhook was disabled, and prints its progress', async () => {
    await admin('PUT', `/stores/${storeId}`, { rest_credentials: { consumer_key: CONSUMER_KEY, consumer_secret: CONSUMER_SECRET } });
    const orderId = await checkout(client);
    const wooOrderId = placeOrder(orderId, true);
    const since = new Date(Date.now() - 3_600_000).toISOString().slice(0, 19) + 'Z';
    const result = await runHub('store', 'reconcile', '--source', store.url, '--since', since);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    expect(result.stdout).toMatch(
      /^Reconciling http:\/\/127\.0\.0\.1:\d+\/ \(orders modified after .*\)…\npage 1\/1 \(\d+ orders modified\)\n/,
    );
    expect(result.stdout).toContain(`${orderId}\tWooCommerce #${wooOrderId}\tapplied: order pending → paid`);
    const paid = await hubOrder(orderId);
    expect(paid).toMatchObject({ status: 'paid', woo_order_id: wooOrderId });
    expect(paid.history.map((entry: { status: string; source: string }) => [entry.status, entry.source])).toEqual([
      ['pending', 'checkout'],
      ['paid', 'reconcile'],
    ]);
    const entitlement = await call('direct', `${LICENSE}/entitlement`, { headers: bearer(client.key) });
    expect(entitlement.body.features).toContain('module.recon');
    // Over http: signed with OAuth 1.0a in WooCommerce's query (the stand-in checked it), no Basic, no secret on the wire.
    const last = store.requests[store.requests.length - 1]!;
    expect([last.status, last.headers.authorization]).toEqual([200, undefined]);
    expect(last.path).toMatch(
      /^\/wp-json\/wc\/v3\/orders\?modified_after=\d{4}-\d\d-\d\dT\d\d%3A\d\d%3A\d\d&dates_are_gmt=true&orderby=modified&order=asc&per_page=50&page=1&oauth_consumer_key=ck_[0-9a-f]{40}&oauth_timestamp=\d+&oauth_nonce=[0-9a-f]{32}&oauth_signature_method=HMAC-SHA256&oauth_signature=[A-Za-z0-9%]+$/,
    );
    expect(last.path).not.toContain(CONSUMER_SECRET);
    // Audited like a delivery, with source reconcile.
    const audit = await admin('GET', `/webhook-audit?source=${encodeURIComponent(store.url)}&outcome=applied`);
    expect(audit.body.data[0]).toMatchObject({
      topic: 'reconcile',
      signature_result: 'valid',
      outcome: 'applied',
      order_id: orderId,
      woo_order_id: wooOrderId,
    });
    for (const text of [result.stdout, audit.text]) expect(text).not.toContain(CONSUMER_SECRET);
  });

  it('refuses a bad --since and an unknown store with a one-line reason', async () => {
    expect(await runHub('store', 'reconcile', '--source', store.url, '--since', 'yesterday')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^error: --since must be a day/),
    });
    expect(await runHub('store', 'reconcile', '--source', 'https://nowhere.example')).toMatchObject({
      status: 2,
      stderr: 'error: No store is "https://nowhere.example".\n',
    });
  });

  it('says so when the store refuses the credentials, and exits non-zero', async () => {
    await admin('PUT', `/stores/${storeId}`, { rest_credentials: { consumer_key: CONSUMER_KEY, consumer_secret: 'cs_wrong0123456789' } });
    const result = await runHub('store', 'reconcile', '--source', store.url);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/failed after 0 page\(s\): the store refused the REST credentials \(HTTP 401\)/);
    expect((await storeJson()).reconcile.last_result).toMatch(/^failed after 0 page\(s\): the store refused the REST credentials/);
    await admin('PUT', `/stores/${storeId}`, { rest_credentials: { consumer_key: CONSUMER_KEY, consumer_secret: CONSUMER_SECRET } });
  });
});

describe('WooCommerce REST authentication', () => {
  const basic = `Basic ${Buffer.from(`${CONSUMER_KEY}:${CONSUMER_SECRET}`).toString('base64')}`;
  const ORDERS = 'wp-json/wc/v3/orders';

  it('over http refuses Basic and the key pair in the query, and a replayed signed request, as WooCommerce does', async () => {
    const byBasic = await testFetch(`${store.url}${ORDERS}`, { headers: { authorization: basic } });
    const byQuery = await testFetch(`${store.url}${ORDERS}?consumer_key=${CONSUMER_KEY}&consumer_secret=${CONSUMER_SECRET}`);
    for (const refused of [byBasic, byQuery]) {
      expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([401, 'woocommerce_rest_cannot_view']);
    }
    const signed = store.requests.filter((entry) => entry.status === 200 && entry.path.includes('oauth_signature='));
    const replay = await testFetch(`${store.url.slice(0, -1)}${signed[signed.length - 1]!.path}`);
    expect([replay.status, await replay.json()]).toEqual([
      401,
      { code: 'woocommerce_rest_authentication_error', message: 'Invalid nonce - nonce has already been used.', data: { status: 401 } },
    ]);
  });

  it("says what the store answered when its clock is more than 15 minutes from the hub's", async () => {
    storeClockAheadMs = 20 * 60_000;
    try {
      const result = await runHub('store', 'reconcile', '--source', store.url);
      expect(result.status).toBe(1);
      expect(result.stdout).toMatch(
        /failed after 0 page\(s\): the store refused the REST credentials \(HTTP 401\).*clock; the store said woocommerce_rest_authentication_error: Invalid timestamp\./,
      );
    } finally {
      storeClockAheadMs = 0;
    }
  });

  it('over https sends the key pair as Basic, which WooCommerce accepts there', async () => {
    const secure = await startRestStore(CONSUMER_KEY, CONSUMER_SECRET, { https: true });
    hub('store', 'add', '--source', secure.url, '--secret', `secure-secret-${unique}`);
    const secureId = (await admin('GET', '/stores')).body.data.find((entry: { source_url: string }) => entry.source_url === secure.url).id;
    try {
      await admin('PUT', `/stores/${secureId}`, { rest_credentials: { consumer_key: CONSUMER_KEY, consumer_secret: CONSUMER_SECRET } });
      const env = { SVC_OUTBOUND_ALLOW: `${outboundAllow()},${secure.hostPort}`, NODE_EXTRA_CA_CERTS: secure.certificateFile! };
      const result = await runHubWith(env, 'store', 'reconcile', '--source', secure.url);
      expect(result).toMatchObject({ status: 0, stderr: '' });
      expect(result.stdout).toContain('page 1/');
      const last = secure.requests[secure.requests.length - 1]!;
      expect([last.status, last.headers.authorization, last.path.includes('oauth_')]).toEqual([200, basic, false]);
    } finally {
      await admin('PUT', `/stores/${secureId}`, { rest_credentials: null }); // no job reconciles it after the test
      await secure.close();
    }
  });
});

describe('the reconcile job', () => {
  beforeAll(async () => {
    worker = await startExtraWorker({ SVC_OUTBOUND_ALLOW: outboundAllow(), SVC_RECONCILE_INTERVAL_MS: '300' });
  });

  it('pays an order paid while the webhook was disabled within a reconcile period, and leaves an unpaid one alone', async () => {
    const paidOrder = await checkout(client);
    const unpaidOrder = await checkout(client);
    const placedAt = Date.now();
    placeOrder(paidOrder, true);
    const unpaidWooOrder = placeOrder(unpaidOrder, false);
    await eventually(
      () => hubOrder(paidOrder),
      (order) => order.status === 'paid',
      'the paid order was not reconciled',
    );
    // A pass that started after both orders were placed has read them both.
    await eventually(
      storeJson,
      (entry) => Date.parse(entry.reconcile.last_started_at) > placedAt && /^ok:/.test(entry.reconcile.last_result ?? ''),
      'no complete reconcile pass after the orders were placed',
    );
    const unpaid = await hubOrder(unpaidOrder);
    expect(unpaid).toMatchObject({ status: 'pending', woo_order_id: null });
    expect(unpaid.history).toHaveLength(1);
    expect((await hubOrder(paidOrder)).history.map((entry: { source: string }) => entry.source)).toEqual(['checkout', 'reconcile']);
    const audit = await admin('GET', `/webhook-audit?source=${encodeURIComponent(store.url)}&per_page=50`);
    expect(audit.body.data.some((row: { woo_order_id: number }) => row.woo_order_id === unpaidWooOrder)).toBe(false);
  });

  it('never writes the REST credentials to the worker log', () => {
    const log = readFileSync(join(stack().dir, 'logs', 'worker.log'), 'utf8');
    expect(log).not.toContain(CONSUMER_SECRET);
    expect(log).not.toContain(CONSUMER_KEY);
    expect(log).not.toContain(Buffer.from(`${CONSUMER_KEY}:${CONSUMER_SECRET}`).toString('base64'));
  });
});
