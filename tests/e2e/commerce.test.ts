import { randomUUID } from 'node:crypto';
import { bearer, call, json, LANES, type Lane } from '../support/lanes';
import { createKey, hub } from '../support/hub-cli';

/** The `ai` block of a site that bought no AI (docs/api-notes.md "AI allowance and credits"). */
const NO_AI = { currency: 'USD', allowance: null, credits: { balance: '0.00000000' }, overage: null, alerts: [] };

/**
 * Packages, checkout (validation, idempotency), orders and the entitlement routes of
 * docs/architecture.md §5, on both lanes. Payments themselves are in webhook.test.ts and
 * woocommerce-in-process.test.ts.
 */
const STORE = 'https://store-e2e.example';
const COMMERCE = '/wp-json/svc-commerce/v1';
const LICENSE = '/wp-json/svc-license/v1';
/** A signed licence document (docs/propagation.md "Licence documents"). */
const SIGNED = { payload: expect.any(String), signature: expect.any(String) };

function createPackage(extra: string[] = ['--store', STORE, '--woo-product', '77']): string {
  const id = `pkg-${randomUUID().slice(0, 8)}`;
  hub(
    'package',
    'create',
    '--id',
    id,
    '--name',
    `Package ${id}`,
    '--price',
    '49',
    '--currency',
    'eur',
    '--features',
    'module.seo,llm.chat',
    '--duration-days',
    '30',
    ...extra,
  );
  return id;
}

const post = (key: string, body: unknown, headers: Record<string, string> = {}) => {
  const init = json(body);
  return { ...init, headers: { ...init.headers, ...bearer(key), ...headers } };
};

describe.each(LANES)('commerce via %s', (lane: Lane) => {
  const client = createKey();
  const other = createKey();
  const admin = createKey([], 'admin');
  const packageId = createPackage();

  it('lists active packages with price, features and duration, not archived ones', async () => {
    const archived = createPackage();
    hub('package', 'archive', archived);
    const answer = await call(lane, `${COMMERCE}/packages`, { headers: bearer(client.key) });
    expect(answer.status).toBe(200);
    expect(answer.body.object).toBe('list');
    const listed = answer.body.data.find((item: { package_id: string }) => item.package_id === packageId);
    expect(listed).toMatchObject({
      object: 'package',
      price: { amount: '49.00', currency: 'EUR' },
      features: ['llm.chat', 'module.seo'],
      duration_days: 30,
      woo_product_id: 77,
      store: `${STORE}/`,
      status: 'active',
    });
    expect(answer.body.data.map((item: { package_id: string }) => item.package_id)).not.toContain(archived);
  });

  it('creates a pending order whose payment URL carries the order and the site to the external store', async () => {
    const answer = await call(
      lane,
      `${COMMERCE}/checkout`,
      post(client.key, { package_id: packageId, site_url: `${client.siteUrl.toUpperCase()}/` }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      status: 'pending',
      package_id: packageId,
      site_url: client.siteUrl,
      total: { amount: '49.00', currency: 'EUR' },
    });
    expect(answer.body.id).toMatch(/^ord_[0-9A-Z]{26}$/);
    expect(answer.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const url = new URL(answer.body.payment_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${STORE}/`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'add-to-cart': '77',
      svc_hub_order_id: answer.body.id,
      svc_site_url: client.siteUrl,
    });

    const order = await call(lane, `${COMMERCE}/orders/${answer.body.id}`, { headers: bearer(client.key) });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ id: answer.body.id, status: 'pending', woo_order_id: null, entitlement: null });
    expect(order.body.history).toEqual([{ status: 'pending', at: expect.any(String), source: 'checkout', detail: '' }]);

    const stranger = await call(lane, `${COMMERCE}/orders/${answer.body.id}`, { headers: bearer(other.key) });
    expect([stranger.status, stranger.body.code]).toEqual([404, 'svc_not_found']);
    const byAdmin = await call(lane, `${COMMERCE}/orders/${answer.body.id}`, { headers: bearer(admin.key) });
    expect(byAdmin.status).toBe(200);
  });

  it('validates the checkout body, naming each bad field, and creates nothing', async () => {
    const before = hubOrders(client.siteUrl);
    const empty = await call(lane, `${COMMERCE}/checkout`, post(client.key, {}));
    expect([empty.status, empty.body.code]).toEqual([400, 'svc_invalid_request']);
    expect(empty.body.data.params).toEqual({ package_id: 'is required', site_url: 'is required' });
    const bad = await call(lane, `${COMMERCE}/checkout`, post(client.key, { package_id: 'no-such-package', site_url: 'ftp://x.example' }));
    expect(Object.keys(bad.body.data.params)).toEqual(['site_url']);
    const unknown = await call(lane, `${COMMERCE}/checkout`, post(client.key, { package_id: 'no-such-package', site_url: client.siteUrl }));
    expect([unknown.status, Object.keys(unknown.body.data.params)]).toEqual([400, ['package_id']]);
    const nonString = await call(lane, `${COMMERCE}/checkout`, post(client.key, { package_id: ['x'], site_url: 42 }));
    expect(Object.keys(nonString.body.data.params).sort()).toEqual(['package_id', 'site_url']);
    expect(hubOrders(client.siteUrl)).toEqual(before);
  });

  it('lets a client key buy only for its own site; an admin key buys for any site', async () => {
    const foreign = await call(lane, `${COMMERCE}/checkout`, post(client.key, { package_id: packageId, site_url: other.siteUrl }));
    expect([foreign.status, foreign.body.code]).toEqual([403, 'svc_forbidden']);
    const byAdmin = await call(lane, `${COMMERCE}/checkout`, post(admin.key, { package_id: packageId, site_url: other.siteUrl }));
    expect([byAdmin.status, byAdmin.body.site_url]).toEqual([201, other.siteUrl]);
  });

  it('answers a package without a WooCommerce product with svc_not_purchasable', async () => {
    const manual = createPackage([]);
    const answer = await call(lane, `${COMMERCE}/checkout`, post(client.key, { package_id: manual, site_url: client.siteUrl }));
    expect([answer.status, answer.body.code]).toEqual([409, 'svc_not_purchasable']);
  });

  it('replays a checkout with the same Idempotency-Key and body, and refuses another body', async () => {
    const key = `idem-${randomUUID()}`;
    const body = { package_id: packageId, site_url: client.siteUrl };
    const first = await call(lane, `${COMMERCE}/checkout`, post(client.key, body, { 'Idempotency-Key': key }));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await call(
      lane,
      `${COMMERCE}/checkout`,
      post(client.key, { site_url: `${client.siteUrl}/`, package_id: packageId }, { 'Idempotency-Key': key }),
    );
    expect([again.status, again.body.id, again.headers.get('idempotent-replayed')]).toEqual([200, first.body.id, 'true']);
    const changed = await call(
      lane,
      `${COMMERCE}/checkout`,
      post(admin.key, { package_id: packageId, site_url: other.siteUrl }, { 'Idempotency-Key': key }),
    );
    expect(changed.status).toBe(201); // scoped per API key: another key may use the same value
    const conflict = await call(
      lane,
      `${COMMERCE}/checkout`,
      post(admin.key, { package_id: packageId, site_url: client.siteUrl }, { 'Idempotency-Key': key }),
    );
    expect([conflict.status, conflict.body.code]).toEqual([409, 'svc_idempotency_conflict']);
    const malformed = await call(lane, `${COMMERCE}/checkout`, post(client.key, body, { 'Idempotency-Key': 'with space' }));
    expect([malformed.status, Object.keys(malformed.body.data.params)]).toEqual([400, ['Idempotency-Key']]);
  });

  it('compares Idempotency-Key byte for byte: keys differing only in case are two keys', async () => {
    const lower = `idem-case-${randomUUID()}`;
    const upper = lower.toUpperCase();
    const body = { package_id: packageId, site_url: client.siteUrl };
    const first = await call(lane, `${COMMERCE}/checkout`, post(client.key, body, { 'Idempotency-Key': lower }));
    const second = await call(lane, `${COMMERCE}/checkout`, post(client.key, body, { 'Idempotency-Key': upper }));
    expect([first.status, second.status, second.headers.get('idempotent-replayed')]).toEqual([201, 201, null]);
    expect(second.body.id).not.toBe(first.body.id);
    // Another body under the other spelling is a new order too, never svc_idempotency_conflict.
    const forClient = await call(lane, `${COMMERCE}/checkout`, post(admin.key, body, { 'Idempotency-Key': lower }));
    const forOther = await call(
      lane,
      `${COMMERCE}/checkout`,
      post(admin.key, { package_id: packageId, site_url: other.siteUrl }, { 'Idempotency-Key': upper }),
    );
    expect([forClient.status, forOther.status, forOther.body.code]).toEqual([201, 201, undefined]);
    expect(forOther.body.site_url).toBe(other.siteUrl);
  });

  it('makes one order from 20 concurrent retries with one Idempotency-Key', async () => {
    const buyer = createKey();
    const key = `idem-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(lane, `${COMMERCE}/checkout`, post(buyer.key, { package_id: packageId, site_url: buyer.siteUrl }, { 'Idempotency-Key': key })),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(19);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(hubOrders(buyer.siteUrl)).toEqual([answers[0]!.body.id]);
  });
});

/** The ids of the hub's orders for a site, as the operator CLI lists them. */
function hubOrders(siteUrl: string): string[] {
  return hub('order', 'list', '--site', siteUrl)
    .map((line) => line.split('\t')[0]!)
    .filter((id) => id.startsWith('ord_'));
}

describe.each(LANES)('entitlement routes via %s', (lane: Lane) => {
  it("tells a client its own site's entitlements, and no other site's", async () => {
    const client = createKey(['llm.chat']);
    const other = createKey();
    const answer = await call(lane, `${LICENSE}/entitlement`, { headers: bearer(client.key) });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ site_url: client.siteUrl, status: 'active', features: ['llm.chat'] });
    expect(answer.body.entitlements).toEqual([
      {
        id: expect.stringMatching(/^ent_/),
        package_id: null,
        status: 'active',
        features: ['llm.chat'],
        expires_at: null,
        updated_at: expect.any(String),
      },
    ]);
    const nosy = await call(lane, `${LICENSE}/entitlement?site_url=${encodeURIComponent(client.siteUrl)}`, { headers: bearer(other.key) });
    expect([nosy.status, nosy.body.code]).toEqual([403, 'svc_forbidden']);
    const none = await call(lane, `${LICENSE}/entitlement`, { headers: bearer(other.key) });
    expect(none.body).toEqual({
      site_url: other.siteUrl,
      status: 'inactive',
      features: [],
      entitlements: [],
      ai: NO_AI,
      sequence: 0,
      license_document: SIGNED,
    });
  });

  it('keeps two sites whose URL paths differ only in case apart (site URLs compared byte for byte)', async () => {
    const host = `https://shared-${randomUUID().slice(0, 8)}.example`;
    const paying = `${host}/shop`;
    hub('entitlement', 'grant', '--site', paying, '--features', 'llm.chat');
    const lines = hub('key', 'create', '--site', `${host}/SHOP`, '--team', 'e2e', '--name', 'e2e');
    const lookalike = lines[lines.length - 1]!;
    const answer = await call(lane, `${LICENSE}/entitlement`, { headers: bearer(lookalike) });
    expect(answer.body).toEqual({
      site_url: `${host}/SHOP`,
      status: 'inactive',
      features: [],
      entitlements: [],
      ai: NO_AI,
      sequence: 0,
      license_document: SIGNED,
    });
    const chat = await call(
      lane,
      '/wp-json/llm/router/v1/chat',
      post(lookalike, { model: 'mock/echo', messages: [{ role: 'user', content: 'hi' }] }),
    );
    expect([chat.status, chat.body.code]).toEqual([403, 'svc_no_entitlement']);
  });

  it('lets only an admin key switch an entitlement, with a reason, and refuses an ambiguous one', async () => {
    const client = createKey(['llm.chat']);
    const admin = createKey([], 'admin');
    const patch = (key: string, body: unknown) => ({ ...post(key, body), method: 'PATCH' });

    const refused = await call(
      lane,
      `${LICENSE}/entitlement`,
      patch(client.key, { site_url: client.siteUrl, status: 'suspended', reason: 'x' }),
    );
    expect([refused.status, refused.body.code]).toEqual([403, 'svc_forbidden']);
    const noReason = await call(lane, `${LICENSE}/entitlement`, patch(admin.key, { site_url: client.siteUrl, status: 'suspended' }));
    expect([noReason.status, Object.keys(noReason.body.data.params)]).toEqual([400, ['reason']]);

    const suspended = await call(
      lane,
      `${LICENSE}/entitlement`,
      patch(admin.key, { site_url: client.siteUrl, status: 'suspended', reason: 'chargeback review' }),
    );
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ status: 'suspended', changed: true });
    const expiry = '2030-01-01T00:00:00.000Z';
    const extended = await call(
      lane,
      `${LICENSE}/entitlement`,
      patch(admin.key, { site_url: client.siteUrl, expires_at: expiry, reason: 'goodwill' }),
    );
    expect(extended.body).toMatchObject({ status: 'suspended', expires_at: expiry, changed: true });
    const seen = await call(lane, `${LICENSE}/entitlement`, { headers: bearer(client.key) });
    expect([seen.body.status, seen.body.features]).toEqual(['suspended', []]);

    hub('entitlement', 'grant', '--site', client.siteUrl, '--features', 'module.seo');
    const ambiguous = await call(
      lane,
      `${LICENSE}/entitlement`,
      patch(admin.key, { site_url: client.siteUrl, status: 'active', reason: 'r' }),
    );
    expect([ambiguous.status, ambiguous.body.code]).toEqual([409, 'svc_ambiguous_entitlement']);
    const invalid = await call(
      lane,
      `${LICENSE}/entitlement`,
      patch(admin.key, { site_url: client.siteUrl, package_id: 'nope', status: 'bogus', reason: 'r' }),
    );
    expect([invalid.status, Object.keys(invalid.body.data.params)]).toEqual([400, ['status']]);
  });
});
