import { createHash, randomUUID } from 'node:crypto';
import { bearer, call, json, LANES, type JsonAnswer, type Lane } from '../support/lanes';
import { createKey, hub, type TestKey } from '../support/hub-cli';
import { closeLoopbackAgents, randomLoopbackAddress } from '../support/loopback';
import { shellHeaders } from '../support/signed-request';
import { hubServices } from '../support/hub-services';
import { stack } from '../support/stack';
import { admin, auditEntry as attempt, sendWebhook, WEBHOOK } from '../support/webhook-calls';
import { delivery, phpJsonEncode, ping, restOrder, type OrderOptions, type WebhookRequest } from '../support/woo-webhook';

/**
 * The signed WooCommerce webhook (docs/architecture.md §5, docs/external/woocommerce.md) on both lanes: a store
 * added with the CLI, an order bought through checkout, paid and refunded by deliveries signed
 * as WooCommerce signs them; every hostile attempt refused or ignored, audited, and without
 * effect. Webhook calls come from a loopback address of this suite's own (the worker's socket
 * address on the direct lane, WordPress's REMOTE_ADDR through the shell), so the per-IP
 * failure limit never locks out 127.0.0.1, which other suites use: the 15 failures made here
 * stay under the default limit of 20 (pings count against nobody), and the limit's own tests
 * use fresh addresses.
 * Floods and oversized bodies: webhook-flood.test.ts.
 * Stores and the audit log's admin routes: webhook-admin.test.ts.
 */
const COMMERCE = '/wp-json/svc-commerce/v1';
const LICENSE = '/wp-json/svc-license/v1';

const unique = randomUUID().slice(0, 8);
const STORE = `https://shop-${unique}.example/`;
/** Entered as WooCommerce shows it, with every character that breaks naive verification. */
const SECRET = `W&c<1>"x'${unique}!@#$%^*()_+=[]{}|;:,.?/~\``;
/** Another store, whose secret was entered entity-encoded (as WooCommerce's database holds it); the key is its decoded form. */
const OTHER_STORE = `https://other-${unique}.example/shop/`;
const OTHER_SECRET = `o&amp;k&lt;&gt;&quot;&#039;${unique}`;
const OTHER_KEY = `o&k<>"'${unique}`;
const PACKAGE = `seo-${unique}`;
const LIMIT = Number(stack().workerEnv.SVC_WEBHOOK_FAILURE_LIMIT ?? 20);
const ADDRESS = randomLoopbackAddress();
afterAll(closeLoopbackAgents);

hub('store', 'add', '--source', STORE, '--secret', SECRET);
hub('store', 'add', '--source', OTHER_STORE, '--secret', OTHER_SECRET);
hub(
  'package',
  'create',
  '--id',
  PACKAGE,
  '--name',
  'SEO module',
  '--price',
  '49.00',
  '--currency',
  'EUR',
  '--features',
  'module.seo',
  '--duration-days',
  '30',
  '--woo-product',
  '77',
  '--store',
  STORE,
);

let wooOrderIds = 10_000 + Math.floor(Math.random() * 1_000_000);

const send = (lane: Lane, init: WebhookRequest, address = ADDRESS) => sendWebhook(address, lane, init);

async function checkout(lane: Lane, key: TestKey): Promise<string> {
  const init = json({ package_id: PACKAGE, site_url: key.siteUrl });
  const answer = await call(lane, `${COMMERCE}/checkout`, { ...init, headers: { ...init.headers, ...bearer(key.key) } });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

const order = async (lane: Lane, key: TestKey, id: string) =>
  (await call(lane, `${COMMERCE}/orders/${id}`, { headers: bearer(key.key) })).body;
const entitlement = async (lane: Lane, key: TestKey) => {
  const answer = await call(lane, `${LICENSE}/entitlement`, { headers: bearer(key.key) });
  return (answer.body.entitlements as { package_id: string | null; status: string }[]).find((item) => item.package_id === PACKAGE) ?? null;
};

/** A WooCommerce order paying `hubOrderId` for `key`'s site, as the store's REST API spells it. */
function wooOrder(key: TestKey, hubOrderId: string, options: Partial<OrderOptions> = {}): string {
  const modifiedAt = options.modifiedAt ?? new Date();
  return phpJsonEncode(
    restOrder({ id: wooOrderIds, hubOrderId, siteUrl: key.siteUrl, status: 'processing', paidAt: modifiedAt, modifiedAt, ...options }),
  );
}

const expectSignatureRefused = (answer: JsonAnswer) => expect([answer.status, answer.body.code]).toEqual([401, 'svc_invalid_signature']);
/** The webhook's one refusal (docs/woocommerce-webhook.md): it never tells an unknown store from a wrong signature. */
const REFUSED = {
  code: 'svc_invalid_signature',
  message:
    'The WooCommerce webhook signature was rejected: the delivery must come from a store configured on this hub (X-WC-Webhook-Source) and be signed with its secret.',
  data: { status: 401 },
};
const DAY = 86_400_000;
const retentionDays = (entry: { received_at: string; expires_at: string }) =>
  (Date.parse(entry.expires_at) - Date.parse(entry.received_at)) / DAY;

describe.each(LANES)('WooCommerce webhook via %s', (lane: Lane) => {
  const client = createKey();

  it('pays the order from a signed order.updated, revokes it on refund, and ignores an older delivery after that', async () => {
    const orderId = await checkout(lane, client);
    wooOrderIds += 1;
    const paidAt = new Date(Date.now() - 60_000);
    const paidBody = wooOrder(client, orderId, { modifiedAt: paidAt, paidAt });
    const paid = await send(lane, delivery(paidBody, { source: STORE, key: SECRET }));
    expect(paid.answer.status).toBe(200);
    expect(paid.answer.body).toEqual({ received: true, outcome: 'applied', reason: 'order pending → paid', order_id: orderId });

    const afterPayment = await order(lane, client, orderId);
    expect(afterPayment).toMatchObject({ status: 'paid', woo_order_id: wooOrderIds });
    expect(afterPayment.history.map((entry: { status: string; source: string }) => [entry.status, entry.source])).toEqual([
      ['pending', 'checkout'],
      ['paid', 'webhook'],
    ]);
    expect(await entitlement(lane, client)).toMatchObject({ status: 'active', features: ['module.seo'] });
    const active = await call(lane, `${LICENSE}/entitlement`, { headers: bearer(client.key) });
    expect(active.body.features).toContain('module.seo');

    const audited = await attempt(paid.requestId);
    expect(audited).toMatchObject({
      client_ip: ADDRESS,
      source: STORE,
      topic: 'order.updated',
      webhook_id: '12',
      signature_result: 'valid',
      outcome: 'applied',
      http_status: 200,
      order_id: orderId,
      woo_order_id: wooOrderIds,
      body: paidBody,
      body_encoding: 'utf8',
      body_bytes: Buffer.byteLength(paidBody),
      body_sha256: createHash('sha256').update(paidBody).digest('hex'),
      body_truncated: false,
    });
    expect(retentionDays(audited)).toBe(365);
    const headerNames = (audited.headers as string[][]).map(([name]) => name!.toLowerCase());
    for (const name of [
      'x-wc-webhook-source',
      'x-wc-webhook-topic',
      'x-wc-webhook-resource',
      'x-wc-webhook-event',
      'x-wc-webhook-signature',
      'x-wc-webhook-id',
      'x-wc-webhook-delivery-id',
      'user-agent',
    ]) {
      expect(headerNames).toContain(name);
    }

    const refundBody = wooOrder(client, orderId, { status: 'refunded', paidAt, modifiedAt: new Date() });
    const refunded = await send(lane, delivery(refundBody, { source: STORE, key: SECRET }));
    expect([refunded.answer.status, refunded.answer.body.outcome, refunded.answer.body.reason]).toEqual([
      200,
      'applied',
      'order paid → refunded',
    ]);
    expect((await order(lane, client, orderId)).status).toBe('refunded');
    expect(await entitlement(lane, client)).toMatchObject({ status: 'revoked' });

    const late = await send(lane, delivery(paidBody, { source: STORE, key: SECRET }));
    expect([late.answer.status, late.answer.body.outcome]).toEqual([200, 'ignored_older']);
    expect((await order(lane, client, orderId)).status).toBe('refunded');
    expect(await attempt(late.requestId)).toMatchObject({ signature_result: 'valid', outcome: 'ignored_older', order_id: orderId });
  });

  const buyer = createKey();
  it('treats a repeated delivery as no change', async () => {
    const orderId = await checkout(lane, buyer);
    wooOrderIds += 1;
    const body = wooOrder(buyer, orderId);
    expect((await send(lane, delivery(body, { source: STORE, key: SECRET }))).answer.body.outcome).toBe('applied');
    const again = await send(lane, delivery(body, { source: STORE, key: SECRET }));
    expect([again.answer.status, again.answer.body.outcome, again.answer.body.reason]).toEqual([
      200,
      'no_change',
      'the order is already paid',
    ]);
    expect((await order(lane, buyer, orderId)).history).toHaveLength(2);
    expect(await attempt(again.requestId)).toMatchObject({ signature_result: 'valid', outcome: 'no_change' });
  });

  const owner = createKey();
  it("lets no unpaid order claim a buyer's hub order: the buyer's payment binds it, a stranger's later orders change nothing", async () => {
    const orderId = await checkout(lane, owner);
    const stranger = (wooOrderIds += 1);
    const victim = (wooOrderIds += 1);
    const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000);
    // The stranger put the buyer's svc_hub_order_id (it travels in the pay URL) into orders of their own, none paid.
    for (const [status, secondsAgo] of [
      ['checkout-draft', 50],
      ['pending', 40],
      ['on-hold', 35],
      ['failed', 30],
      ['cancelled', 25],
    ] as const) {
      const body = wooOrder(owner, orderId, { id: stranger, status, paidAt: null, modifiedAt: at(secondsAgo) });
      const { answer } = await send(lane, delivery(body, { source: STORE, key: SECRET }));
      expect([answer.status, answer.body.outcome, answer.body.reason]).toEqual([
        200,
        'no_change',
        expect.stringContaining('an unpaid order does not claim'),
      ]);
      expect(await order(lane, owner, orderId)).toMatchObject({ status: 'pending', woo_order_id: null });
    }

    expect(await entitlement(lane, owner)).toBeNull();
    const paid = await send(
      lane,
      delivery(wooOrder(owner, orderId, { id: victim, paidAt: at(20), modifiedAt: at(20) }), { source: STORE, key: SECRET }),
    );
    expect([paid.answer.status, paid.answer.body.outcome]).toEqual([200, 'applied']);
    expect(await order(lane, owner, orderId)).toMatchObject({ status: 'paid', woo_order_id: victim });

    for (const options of [{ productId: 78 }, { total: '0.01' }, {}, { status: 'refunded' }]) {
      const late = wooOrder(owner, orderId, { id: stranger, paidAt: at(10), modifiedAt: new Date(), ...options });
      const { answer } = await send(lane, delivery(late, { source: STORE, key: SECRET }));
      expect([answer.status, answer.body.outcome]).toEqual([200, 'unmatched']);
    }
    const after = await order(lane, owner, orderId);
    expect([after.status, after.woo_order_id, after.history.length]).toEqual(['paid', victim, 2]);
    expect(await entitlement(lane, owner)).toMatchObject({ status: 'active' });

    const refund = await send(
      lane,
      delivery(wooOrder(owner, orderId, { id: victim, status: 'refunded', paidAt: at(20), modifiedAt: new Date() }), {
        source: STORE,
        key: SECRET,
      }),
    );
    expect([refund.answer.status, refund.answer.body.outcome, refund.answer.body.reason]).toEqual([
      200,
      'applied',
      'order paid → refunded',
    ]);
  });

  it("answers WooCommerce's form-encoded ping with exactly 200, audited as an unsigned ping", async () => {
    const { answer, requestId } = await send(lane, ping(31));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ received: true, outcome: 'ping' });
    expect(await attempt(requestId)).toMatchObject({
      signature_result: 'unsigned_ping',
      outcome: 'ping',
      http_status: 200,
      webhook_id: '31',
      body: 'webhook_id=31',
    });
  });

  describe('refuses what it cannot verify, audits it, and changes nothing', () => {
    const victim = createKey();
    let orderId = '';
    let body = '';
    beforeAll(async () => {
      orderId = await checkout(lane, victim);
      wooOrderIds += 1;
      body = wooOrder(victim, orderId);
    });
    afterEach(async () => {
      const unchanged = await order(lane, victim, orderId);
      expect([unchanged.status, unchanged.history.length]).toEqual(['pending', 1]);
      expect(await entitlement(lane, victim)).toBeNull();
    });

    const cases: [string, () => WebhookRequest, string][] = [
      ['a signature made with another secret', () => delivery(body, { source: STORE, key: `${SECRET}x` }), 'invalid'],
      [
        'a body changed after signing',
        () => ({ ...delivery(body, { source: STORE, key: SECRET }), body: body.replace('"total":"49.00"', '"total":"0.01"') }),
        'invalid',
      ],
      ["another store's signature on this store's source", () => delivery(body, { source: STORE, key: OTHER_KEY }), 'invalid'],
      [
        'no X-WC-Webhook-* headers at all',
        () => ({ method: 'POST' as const, headers: { 'Content-Type': 'application/json' }, body }),
        'missing',
      ],
      [
        'a source without a signature',
        () => delivery(body, { source: STORE, key: SECRET, headers: { 'X-WC-Webhook-Signature': null } }),
        'missing',
      ],
      ['an unknown store', () => delivery(body, { source: `https://unknown-${unique}.example/`, key: SECRET }), 'unknown_store'],
    ];
    it.each(cases)(
      '%s → 401, the one answer every refusal gets (the audit row says which check failed)',
      async (_label, build, signatureResult) => {
        const { answer, requestId } = await send(lane, build());
        expect([answer.status, answer.body]).toEqual([401, REFUSED]);
        const audited = await attempt(requestId);
        expect(audited).toMatchObject({ signature_result: signatureResult, outcome: 'rejected', http_status: 401, order_id: null });
        expect(retentionDays(audited)).toBe(30);
      },
    );
  });

  describe('answers 200 to a verified delivery it cannot use, so WooCommerce keeps the webhook enabled', () => {
    const buyer = createKey();
    let orderId = '';
    beforeAll(async () => {
      orderId = await checkout(lane, buyer);
    });
    afterEach(async () => {
      expect((await order(lane, buyer, orderId)).status).toBe('pending');
    });

    it.each([
      ['another product', { productId: 78 }, /product 77 of package .* is not among the line items/],
      ['another currency', { currency: 'USD' }, /currency USD is not EUR/],
      ['a lower total', { total: '48.99' }, /total 48\.99 is below the price 49\.00/],
    ])('%s → unmatched', async (_label, options, reason) => {
      wooOrderIds += 1;
      const { answer, requestId } = await send(lane, delivery(wooOrder(buyer, orderId, options), { source: STORE, key: SECRET }));
      expect([answer.status, answer.body.outcome]).toEqual([200, 'unmatched']);
      expect(answer.body.reason).toMatch(reason);
      expect(await attempt(requestId)).toMatchObject({
        signature_result: 'valid',
        outcome: 'unmatched',
        order_id: orderId,
        woo_order_id: wooOrderIds,
      });
    });

    it("another store's order for it (that store's entity-encoded secret verifies) → unmatched", async () => {
      wooOrderIds += 1;
      const { answer } = await send(lane, delivery(wooOrder(buyer, orderId), { source: OTHER_STORE, key: OTHER_KEY }));
      expect([answer.status, answer.body.outcome]).toEqual([200, 'unmatched']);
      expect(answer.body.reason).toBe(`the order belongs to ${STORE}, not ${OTHER_STORE}`);
    });

    it.each([
      ['malformed JSON', 'order.updated', '{"id":1,"status":', /^the body is not valid JSON/],
      [
        'the payment_complete action (no order data)',
        'action.woocommerce_payment_complete',
        '{"action":"woocommerce_payment_complete","arg":4711}',
        /^no order data/,
      ],
      ['order.deleted', 'order.deleted', '{"id":4711}', /order\.deleted does not change a hub order/],
    ])('%s → ignored', async (_label, topic, body, reason) => {
      const { answer, requestId } = await send(lane, delivery(body, { source: STORE, key: SECRET, topic }));
      expect([answer.status, answer.body.outcome]).toEqual([200, 'ignored']);
      expect(answer.body.reason).toMatch(reason);
      expect(await attempt(requestId)).toMatchObject({ signature_result: 'valid', outcome: 'ignored', topic, body });
    });
  });

  it('answers a body over 1 MiB with 413 and audits its first 64 KiB and the hash of all of it', async () => {
    const body = JSON.stringify({ id: 1, padding: 'x'.repeat(1024 * 1024) });
    const { answer, requestId } = await send(lane, delivery(body, { source: STORE, key: SECRET }));
    expect([answer.status, answer.body.code]).toEqual([413, 'svc_payload_too_large']);
    const audited = await attempt(requestId);
    expect(audited).toMatchObject({
      signature_result: 'not_checked',
      outcome: 'rejected',
      http_status: 413,
      body_bytes: Buffer.byteLength(body),
      body_sha256: createHash('sha256').update(body).digest('hex'),
      body_truncated: true,
    });
    expect(audited.body).toBe(body.slice(0, 64 * 1024));
  });
});

describe('the shell signature on the webhook', () => {
  it('does not trust a client address claimed without the shell secret: 401, audited under the socket address', async () => {
    const body = '{"id":1}';
    const init = delivery(body, { source: STORE, key: SECRET });
    const forged = shellHeaders({
      method: 'POST',
      path: WEBHOOK,
      body,
      clientIp: '192.0.2.66',
      user: '',
      secret: 'not-the-shell-secret-0123456789abcdef',
    });
    const { answer, requestId } = await send('direct', { ...init, headers: { ...init.headers, ...forged } });
    expectSignatureRefused(answer);
    const audited = await attempt(requestId);
    expect(audited).toMatchObject({
      signature_result: 'invalid',
      outcome: 'rejected',
      http_status: 401,
      reason: 'shell signature: signature mismatch',
      client_ip: ADDRESS,
    });
  });
});

describe.each(LANES)('the per-IP failure limit via %s', (lane: Lane) => {
  const body = '{"id":1}';

  it(`refuses an address's failed attempts after ${LIMIT} in a minute with 429 and Retry-After, tallied, but still lets its signed delivery through`, async () => {
    const address = randomLoopbackAddress();
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expectSignatureRefused((await send(lane, delivery(body, { source: STORE, key: 'wrong' }), address)).answer);
    }
    const { answer } = await send(lane, delivery(body, { source: STORE, key: 'wrong' }), address);
    expect([answer.status, answer.body.code]).toEqual([429, 'svc_rate_limited']);
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(answer.body.data.retry_after).toBe(retryAfter);
    const tallied = await admin('GET', `/webhook-audit?client_ip=${address}&outcome=rate_limited`);
    expect(tallied.body.data).toEqual([
      expect.objectContaining({ client_ip: address, signature_result: 'invalid', http_status: 429, attempts: 1, body_bytes: body.length }),
    ]);
    const entry = (await admin('GET', `/webhook-audit/${tallied.body.data[0].id}`)).body;
    expect(entry).toMatchObject({ headers: [], body: '' });
    const signed = await send(lane, delivery(body, { source: STORE, key: SECRET, topic: 'order.deleted' }), address);
    expect([signed.answer.status, signed.answer.body.outcome]).toEqual([200, 'ignored']);
    expectSignatureRefused((await send(lane, delivery(body, { source: STORE, key: 'wrong' }), randomLoopbackAddress())).answer);
  });
});

describe('the client address on the webhook', () => {
  it('is taken from a valid shell signature (how WordPress passes REMOTE_ADDR on)', async () => {
    const body = '{"id":1}';
    const init = delivery(body, { source: STORE, key: 'wrong' });
    const signed = shellHeaders({ method: 'POST', path: WEBHOOK, body, clientIp: '198.51.100.23', user: '' });
    const { answer, requestId } = await send('direct', { ...init, headers: { ...init.headers, ...signed } });
    expectSignatureRefused(answer);
    expect(await attempt(requestId)).toMatchObject({ client_ip: '198.51.100.23', signature_result: 'invalid' });
  });
});

describe('a failure of ours before the signature is checked', () => {
  const broken = `https://broken-${unique}.example/`;
  const services = hubServices();
  const stores = services.database.table('stores');
  afterAll(async () => {
    await services.database.pool.query(`DELETE FROM ${stores} WHERE source_url = ?`, [broken]);
    await services.database.close();
  });

  it.each(LANES)('a store secret that no longer decrypts (%s): 500 svc_internal, and the attempt is still audited', async (lane) => {
    hub('store', 'add', '--source', broken, '--secret', `secret-${unique}`);
    await services.database.pool.query(`UPDATE ${stores} SET secret_encrypted = ? WHERE source_url = ?`, [
      'v1:not-a-sealed-secret',
      broken,
    ]);
    const { answer, requestId } = await send(lane, delivery('{"id":1}', { source: broken, key: `secret-${unique}` }));
    expect([answer.status, answer.body.code]).toEqual([500, 'svc_internal']);
    expect(answer.text).not.toContain(`secret-${unique}`);
    expect(await attempt(requestId)).toMatchObject({
      signature_result: 'not_checked',
      outcome: 'failed',
      http_status: 500,
      reason: expect.stringMatching(/^internal error/),
    });
    await services.database.pool.query(`DELETE FROM ${stores} WHERE source_url = ?`, [broken]);
  });
});
