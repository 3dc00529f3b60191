import { randomUUID } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import type { Services } from '../../worker/src/services';
import { createKey, hub, registerStore, type TestKey } from '../support/hub-cli';
import { hubServices } from '../support/hub-services';
import { bearer, call, json } from '../support/lanes';
import { stack } from '../support/stack';
import { wooStandIn } from '../support/woocommerce-stand-in';

/**
 * Coverage as the union of an entitlement's paid orders (docs/architecture.md §5, docs/commerce.md
 * "Coverage"), on both payment paths: WooCommerce on the hub site (its order hooks through the
 * shell) and a store in store mode (its signed `order.updated` webhook, sent by Action
 * Scheduler). A refund of one of several renewals shortens the licence by that order's period;
 * revoked only when no paid order is left; a partial refund is a history row with its amount;
 * a paid order cancelled in the store loses its period, and gets it back when reinstated.
 */
const PRODUCT = 77;
const DAY_MS = 86_400_000;
let services: Services;

beforeAll(() => {
  services = hubServices();
});
afterAll(async () => {
  await services.database.close();
});

interface PaymentPath {
  /** The package's `--store`, or none for WooCommerce on the hub site. */
  store: () => string[];
  /** A paid hub order for the key's site: its id and its WooCommerce order. */
  buy: (key: TestKey, packageId: string) => Promise<{ id: string; wooOrderId: number }>;
  /** After the store acted: what it sends reaches the hub. */
  deliver: () => Promise<void>;
}

async function checkout(key: TestKey, packageId: string) {
  const init = json({ package_id: packageId, site_url: key.siteUrl });
  const answer = await call('direct', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(key.key) } });
  expect(answer.status).toBe(201);
  return answer.body;
}

const hubSite: PaymentPath = {
  store: () => [],
  buy: async (key, packageId) => {
    const order = await checkout(key, packageId);
    await wooStandIn.pay(order.woo_order_id);
    return { id: order.id, wooOrderId: order.woo_order_id };
  },
  deliver: async () => {},
};

const storeMode: PaymentPath = {
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

function createPackage(path: PaymentPath): string {
  const id = `cover-${randomUUID().slice(0, 8)}`;
  const terms = ['--price', '49.00', '--currency', 'EUR', '--features', 'module.seo', '--duration-days', '30'];
  hub('package', 'create', '--id', id, '--name', id, ...terms, '--woo-product', String(PRODUCT), ...path.store());
  return id;
}

async function hubOrder(key: TestKey, id: string) {
  const answer = await call('direct', `/wp-json/svc-commerce/v1/orders/${id}`, { headers: bearer(key.key) });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function entitlement(key: TestKey, packageId: string) {
  const answer = await call('direct', '/wp-json/svc-license/v1/entitlement', { headers: bearer(key.key) });
  expect(answer.status).toBe(200);
  return { site: answer.body, entry: answer.body.entitlements.find((item: { package_id: string }) => item.package_id === packageId) };
}

/** The messages queued for the client site, oldest first (what propagation sends it). */
async function messages(siteUrl: string): Promise<any[]> {
  const [rows] = await services.database.pool.query<RowDataPacket[]>(
    `SELECT payload FROM ${services.database.table('outbox')} WHERE site_url = ? ORDER BY sequence`,
    [siteUrl],
  );
  return rows.map((row) => JSON.parse(row.payload).data);
}

const time = (iso: string) => new Date(iso).getTime();

describe.each([
  ['WooCommerce on the hub site', hubSite],
  ['a store in store mode (webhook)', storeMode],
] as const)('coverage of paid orders via %s', (_name, path) => {
  let webhookId = 0;
  beforeAll(async () => {
    if (path !== storeMode) return;
    await wooStandIn.setStoreMode(true);
    const secret = `cover-${randomUUID().slice(0, 8)}`;
    registerStore(`${stack().wordpressUrl}/`, secret);
    const deliveryUrl = `${stack().workerUrl}/wp-json/svc-license/v1/webhook/woo-order-paid`;
    webhookId = (await wooStandIn.createWebhook({ deliveryUrl, secret })).id;
  });
  afterAll(async () => {
    if (path !== storeMode) return;
    await wooStandIn.deleteWebhook(webhookId);
    await wooStandIn.setStoreMode(false);
  });

  it('four paid renewals, one refunded: still active, shorter by its period; all refunded: revoked', async () => {
    const key = createKey();
    const packageId = createPackage(path);
    const orders = [];
    for (let index = 0; index < 4; index += 1) orders.push(await path.buy(key, packageId));
    const four = (await entitlement(key, packageId)).entry;
    expect(four.status).toBe('active');
    expect(Math.abs(time(four.expires_at) - (Date.now() + 120 * DAY_MS))).toBeLessThan(120_000);

    await wooStandIn.refund(orders[1]!.wooOrderId);
    await path.deliver();
    expect((await hubOrder(key, orders[1]!.id)).status).toBe('refunded');
    const three = await entitlement(key, packageId);
    expect(three.entry.status).toBe('active');
    expect(time(three.entry.expires_at)).toBe(time(four.expires_at) - 30 * DAY_MS);
    expect(three.site.features).toEqual(['module.seo']);
    // The client site is told: still on, with the shorter expiry, and why.
    const told = (await messages(key.siteUrl)).at(-1);
    expect(told).toMatchObject({ status: 'active', features: ['module.seo'], change: { to_status: 'active' } });
    expect(told.change.reason).toContain(`order ${orders[1]!.id} refunded`);

    for (const order of [orders[0]!, orders[2]!, orders[3]!]) await wooStandIn.refund(order.wooOrderId);
    await path.deliver();
    const none = await entitlement(key, packageId);
    expect([none.entry.status, none.site.features]).toEqual(['revoked', []]);
    expect((await messages(key.siteUrl)).at(-1)).toMatchObject({ features: [], change: { to_status: 'revoked' } });
  });

  it('records a partial refund on the order history with its amount, once, and leaves the licence', async () => {
    const key = createKey();
    const packageId = createPackage(path);
    const order = await path.buy(key, packageId);
    const before = await entitlement(key, packageId);
    const sent = (await messages(key.siteUrl)).length;

    const refundRows = async () => {
      const detail = await hubOrder(key, order.id);
      expect(detail.status).toBe('paid');
      return detail.history.filter((entry: { refund?: unknown }) => entry.refund);
    };
    await wooStandIn.refund(order.wooOrderId, '10.00');
    await path.deliver();
    const recorded = [
      expect.objectContaining({ status: 'paid', refund: { id: expect.any(Number), amount: { amount: '10.00', currency: 'EUR' } } }),
    ];
    expect(await refundRows()).toEqual(recorded);
    await wooStandIn.setStatus(order.wooOrderId, 'completed'); // a later event carries the same refund again
    await path.deliver();
    expect(await refundRows()).toEqual(recorded);
    expect((await entitlement(key, packageId)).entry).toEqual(before.entry);
    expect(await messages(key.siteUrl)).toHaveLength(sent);
  });

  it('ends the coverage of a paid order cancelled in the store (revoked: it was the only one), and restores it when reinstated', async () => {
    const key = createKey();
    const packageId = createPackage(path);
    const order = await path.buy(key, packageId);
    const paid = (await entitlement(key, packageId)).entry;

    await wooStandIn.setStatus(order.wooOrderId, 'cancelled');
    await path.deliver();
    const cancelled = await hubOrder(key, order.id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.entitlement.status).toBe('revoked');
    expect((await messages(key.siteUrl)).at(-1).change.reason).toContain('cancelled in store');

    await wooStandIn.setStatus(order.wooOrderId, 'processing');
    await path.deliver();
    const reinstated = await hubOrder(key, order.id);
    expect(reinstated.status).toBe('paid');
    expect(reinstated.history.map((entry: { status: string }) => entry.status)).toEqual(['pending', 'paid', 'cancelled', 'paid']);
    const back = await entitlement(key, packageId);
    expect([back.entry.status, back.site.features, back.entry.expires_at]).toEqual(['active', ['module.seo'], paid.expires_at]);
  });
});
