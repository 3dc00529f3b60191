import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { createKey, hub, registerStore, type TestKey } from '../support/hub-cli';
import { bearer, call, json, type Lane } from '../support/lanes';
import { shellHeaders } from '../support/signed-request';
import { stack } from '../support/stack';
import { startExtraWorker } from '../support/extra-worker';
import { testFetch } from '../support/test-fetch';
import { wooStandIn } from '../support/woocommerce-stand-in';

/**
 * Licences and activations (docs/architecture.md §12, docs/commerce.md "Licences and
 * activations") on both payment paths: a paid order gives the buyer a licence key on the order;
 * sites activate with it (through WordPress) and get their own API key, webhook secret and the
 * licence's entitlement with a signed licence document; the seat limit names the seated sites,
 * a staging site is free, deactivation frees a seat, re-activation replaces the key, and a
 * refund revokes the licence and every activated site's entitlement.
 */
const PRODUCT = 77;
const KEY_PATTERN = /^SVC(-[0-9A-HJKMNP-TV-Z]{4}){6}$/;

interface PaymentPath {
  /** Where activations go: through WordPress, or straight to the worker while the hub's WordPress plays a store (no hub routes there). */
  lane: Lane;
  store: () => string[];
  buy: (key: TestKey, packageId: string) => Promise<{ id: string; wooOrderId: number }>;
  deliver: () => Promise<void>;
}

async function checkout(key: TestKey, packageId: string) {
  const init = json({ package_id: packageId, site_url: key.siteUrl });
  const answer = await call('direct', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(key.key) } });
  expect(answer.status).toBe(201);
  return answer.body;
}

const hubSite: PaymentPath = {
  lane: 'wordpress',
  store: () => [],
  buy: async (key, packageId) => {
    const order = await checkout(key, packageId);
    await wooStandIn.pay(order.woo_order_id);
    return { id: order.id, wooOrderId: order.woo_order_id };
  },
  deliver: async () => {},
};

const storeMode: PaymentPath = {
  lane: 'direct',
  store: () => ['--store', stack().wordpressUrl],
  buy: async (key, packageId) => {
    const order = await checkout(key, packageId);
    const woo = await wooStandIn.createOrder(PRODUCT, { svc_hub_order_id: order.id, svc_site_url: key.siteUrl });
    await wooStandIn.pay(woo.id);
    await wooStandIn.runActions();
    return { id: order.id, wooOrderId: woo.id };
  },
  deliver: async () => {
    await wooStandIn.runActions();
  },
};

const activateOn = (lane: Lane, licenseKey: string, siteUrl: string) =>
  call(lane, '/wp-json/svc-license/v1/activations', json({ license_key: licenseKey, site_url: siteUrl }));
const activate = (licenseKey: string, siteUrl: string) => activateOn('wordpress', licenseKey, siteUrl);

const deactivate = (apiKey: string, activationId: string) =>
  call('direct', `/wp-json/svc-license/v1/activations/${activationId}`, { method: 'DELETE', headers: bearer(apiKey) });

const entitlement = (apiKey: string) => call('direct', '/wp-json/svc-license/v1/entitlement', { headers: bearer(apiKey) });

/** The document's fields when it verifies with the public key the activation returned, else null. */
function verified(document: { payload: string; signature: string }, publicKey: string) {
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'base64').toString('base64url') },
    format: 'jwk',
  });
  const payload = Buffer.from(document.payload, 'base64url');
  return verify(null, payload, key, Buffer.from(document.signature, 'base64url')) ? JSON.parse(payload.toString('utf8')) : null;
}

const ADMIN = '/wp-json/svc-hub/v1/admin';

/** An admin-screen request as the shell signs it, straight to the worker. */
function admin(method: string, path: string, body?: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers = {
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...shellHeaders({ method, path: ADMIN + path, body: text }),
  };
  return call('direct', ADMIN + path, { method, headers, body: body === undefined ? undefined : text });
}

const site = (name: string) => `https://${name}-${randomUUID().slice(0, 8)}.shop-e2e.com`;

describe.each([
  ['WooCommerce on the hub site', hubSite],
  ['a store in store mode (webhook)', storeMode],
] as const)('licences via %s', (_name, path) => {
  let webhookId = 0;
  beforeAll(async () => {
    if (path !== storeMode) return;
    await wooStandIn.setStoreMode(true);
    const secret = `lic-${randomUUID().slice(0, 8)}`;
    registerStore(`${stack().wordpressUrl}/`, secret);
    const deliveryUrl = `${stack().workerUrl}/wp-json/svc-license/v1/webhook/woo-order-paid`;
    webhookId = (await wooStandIn.createWebhook({ deliveryUrl, secret })).id;
  });
  afterAll(async () => {
    if (path !== storeMode) return;
    await wooStandIn.deleteWebhook(webhookId);
    await wooStandIn.setStoreMode(false);
  });

  it('pay → key → two seats, a third refused, staging free, deactivate frees a seat; refund revokes', async () => {
    const buyer = createKey();
    const packageId = `lic-${randomUUID().slice(0, 8)}`;
    const terms = ['--price', '49.00', '--currency', 'EUR', '--features', 'module.seo', '--duration-days', '30', '--sites', '2'];
    hub('package', 'create', '--id', packageId, '--name', packageId, ...terms, '--woo-product', String(PRODUCT), ...path.store());
    const order = await path.buy(buyer, packageId);
    const activate = (licenseKey: string, siteUrl: string) => activateOn(path.lane, licenseKey, siteUrl);

    const detail = await call('direct', `/wp-json/svc-commerce/v1/orders/${order.id}`, { headers: bearer(buyer.key) });
    expect(detail.body.status).toBe('paid');
    const licenseKey: string = detail.body.license_key;
    expect(licenseKey).toMatch(KEY_PATTERN);
    // Another site's key never sees it.
    expect((await call('direct', `/wp-json/svc-commerce/v1/orders/${order.id}`, { headers: bearer(createKey().key) })).status).toBe(404);

    const [a, b, c] = [site('a'), site('b'), site('c')];
    const first = await activate(licenseKey.toLowerCase(), a);
    expect([first.status, first.status === 201 ? '' : first.text]).toEqual([201, '']);
    expect(first.body).toMatchObject({
      site_url: a,
      staging: false,
      license: { status: 'active', features: ['module.seo'], seats: 2, seats_used: 1 },
    });
    expect(first.body.api_key).toMatch(/^svc_live_/);
    expect(first.body.webhook_secret).toMatch(/^whsec_/);
    expect(Buffer.from(first.body.public_key, 'base64')).toHaveLength(32);
    const second = await activate(licenseKey, b);
    expect(second.status).toBe(201);
    expect(second.body.license.seats_used).toBe(2);

    const refused = await activate(licenseKey, c);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('svc_activation_limit');
    expect(refused.body.data.sites).toEqual([a, b]);

    const staging = await activate(licenseKey, `https://staging.${c.slice('https://'.length)}`);
    expect(staging.status).toBe(201);
    expect(staging.body).toMatchObject({ staging: true, license: { seats_used: 2 } });

    // The issued key reads the site's entitlement with a document the hub's public key verifies.
    const check = await entitlement(first.body.api_key);
    expect(check.status).toBe(200);
    expect(check.body.features).toEqual(['module.seo']);
    expect(verified(check.body.license_document, first.body.public_key)).toMatchObject({
      site: a,
      features: ['module.seo'],
      status: 'active',
      sequence: check.body.sequence,
    });
    const tampered = { ...check.body.license_document, payload: Buffer.from('{"site":"x"}').toString('base64url') };
    expect(verified(tampered, first.body.public_key)).toBeNull();

    // Re-activating A: a new key, the old one revoked, no second seat.
    const again = await activate(licenseKey, a);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ activation_id: first.body.activation_id, license: { seats_used: 2 } });
    expect((await entitlement(first.body.api_key)).status).toBe(401);
    expect((await entitlement(again.body.api_key)).status).toBe(200);

    // Another site's key cannot end B's activation; B's own key can, and C takes the seat.
    expect((await deactivate(again.body.api_key, second.body.activation_id)).status).toBe(404);
    const ended = await deactivate(second.body.api_key, second.body.activation_id);
    expect(ended.status).toBe(200);
    expect(ended.body.status).toBe('deactivated');
    expect((await entitlement(second.body.api_key)).status).toBe(401);
    const third = await activate(licenseKey, c);
    expect(third.status).toBe(201);

    // The admin screen's routes: the licence with its key and sites; ending A's activation from there frees its seat.
    const listed = await admin('GET', '/licenses?per_page=100');
    expect(listed.body.data.find((row: { id: string }) => row.id === detail.body.license_id)).toMatchObject({ seats: 2, seats_used: 2 });
    const shown = await admin('GET', `/licenses/${detail.body.license_id}`);
    expect(shown.body).toMatchObject({ license_key: licenseKey, package_id: packageId, status: 'active' });
    expect(shown.body.activations.map((row: { site_url: string; status: string }) => [row.site_url, row.status]).sort()).toEqual(
      [
        [a, 'active'],
        [b, 'deactivated'],
        [c, 'active'],
        [`https://staging.${c.slice('https://'.length)}`, 'active'],
      ].sort(),
    );
    // The CLI shows the same licence with its key, and the public key activations pin.
    expect(hub('license', 'show', detail.body.license_id)[0]).toContain(licenseKey);
    expect(hub('license', 'public-key')).toEqual([first.body.public_key]);
    expect((await admin('POST', `/activations/${first.body.activation_id}/deactivate`)).body.status).toBe('deactivated');
    expect((await admin('GET', `/licenses/${detail.body.license_id}`)).body.seats_used).toBe(1);
    expect(
      (await admin('POST', '/staging-patterns', { customer_id: 'cus_01JAAAAAAAAAAAAAAAAAAAAAAA', pattern: '*.review.shop-e2e.com' })).body
        .data.params,
    ).toEqual({
      customer_id: 'no customer has this id',
    });

    // A refund ends the coverage: the licence is revoked, the activated sites' entitlements follow.
    await wooStandIn.refund(order.wooOrderId);
    await path.deliver();
    const revoked = await entitlement(third.body.api_key);
    expect(revoked.body.entitlements.find((row: { package_id: string }) => row.package_id === packageId).status).toBe('revoked');
    expect(revoked.body.features).toEqual([]);
    expect(verified(revoked.body.license_document, first.body.public_key)).toMatchObject({ site: c, status: 'revoked', features: [] });
    const afterRefund = await activate(licenseKey, site('d'));
    const wrong = await activate('SVC-0000-0000-0000-0000-0000-0000', site('d'));
    expect([afterRefund.status, wrong.status]).toEqual([404, 404]);
    expect(afterRefund.body).toEqual(wrong.body);
  });
});

describe('activation input and floods', () => {
  it('names a malformed or oversized field, and refuses a flood from one address with 429', async () => {
    const tooLong = await activate('SVC-0000-0000-0000-0000-0000-0000', `https://${'a'.repeat(250)}.com`);
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.data.params)).toEqual(['site_url']);
    const noKey = await activate('', 'ftp://x.com');
    expect(Object.keys(noKey.body.data.params).sort()).toEqual(['license_key', 'site_url']);
    // The flood on a worker of its own at the production default (30 a minute from one address):
    // the suite's worker allows loopback more, since every test activates from it.
    const worker = await startExtraWorker({ SVC_RATE_LIMIT_ACTIVATIONS_PER_ADDRESS: '30' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 35; attempt += 1) {
        const answer = await testFetch(`${worker.url}/wp-json/svc-license/v1/activations`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ license_key: `SVC-${attempt}`, site_url: site('flood') }),
        });
        await answer.arrayBuffer();
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(404));
      expect(statuses.slice(30)).toEqual(Array(5).fill(429));
    } finally {
      await worker.stop();
    }
  }, 60_000);
});
