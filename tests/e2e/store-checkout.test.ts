import { randomUUID } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import type { Services } from '../../worker/src/services';
import { hubServices } from '../support/hub-services';
import { bearer, call, json } from '../support/lanes';
import { createKey, hub, registerStore, type TestKey } from '../support/hub-cli';
import { stack } from '../support/stack';
import { WooBuyer } from '../support/woo-buyer';
import { wooStandIn } from '../support/woocommerce-stand-in';

/**
 * A purchase through an external WooCommerce store, as WooCommerce 10 runs it
 * (docs/external/woocommerce.md, "Observed on a real store"): the hub's pay link puts the product in
 * the buyer's cart and the hub order in the session; the block checkout's page render runs
 * the Store API on an unsaved draft, the buyer places the order, the store queues its
 * `order.updated` delivery in Action Scheduler, WP-Cron's runner sends it to the hub, and the
 * hub order is paid. The test site is that store, with svc-hub in store mode (SVC_HUB_MODE=
 * store: it only copies the meta); the hub is the worker, reached directly.
 */
const PRODUCT = 77;
let webhookId: number;
let packageId: string;
let services: Services;

beforeAll(async () => {
  services = hubServices();
  await wooStandIn.setStoreMode(true);
  const tag = randomUUID().slice(0, 8);
  const secret = `s&<e>"c'r-${tag}`;
  registerStore(`${stack().wordpressUrl}/`, secret);
  packageId = `shop-${tag}`;
  hub(
    'package',
    'create',
    '--id',
    packageId,
    '--name',
    'Shop',
    '--price',
    '49.00',
    '--currency',
    'EUR',
    '--features',
    'module.seo',
    '--duration-days',
    '30',
    '--store',
    stack().wordpressUrl,
    '--woo-product',
    String(PRODUCT),
  );
  webhookId = (
    await wooStandIn.createWebhook({ deliveryUrl: `${stack().workerUrl}/wp-json/svc-license/v1/webhook/woo-order-paid`, secret })
  ).id;
});

afterAll(async () => {
  await wooStandIn.deleteWebhook(webhookId);
  await wooStandIn.setStoreMode(false);
  await services.database.close();
});

/** A hub checkout for the key's site; returns the hub order (its payment_url is the pay link). */
async function hubCheckout(key: TestKey): Promise<{ id: string; payment_url: string }> {
  const init = json({ package_id: packageId, site_url: key.siteUrl });
  const answer = await call('direct', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(key.key) } });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function hubOrder(key: TestKey, id: string) {
  const answer = await call('direct', `/wp-json/svc-commerce/v1/orders/${id}`, { headers: bearer(key.key) });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** WP-Cron's queue runner sends the store's queued deliveries; then the hub order must be paid by that WooCommerce order. */
async function expectPaid(key: TestKey, hubOrderId: string, wooOrderId: number): Promise<void> {
  const woo = await wooStandIn.order(wooOrderId);
  expect(woo.meta).toEqual({ svc_hub_order_id: hubOrderId, svc_site_url: key.siteUrl });
  await wooStandIn.runActions();
  expect(await hubOrder(key, hubOrderId)).toMatchObject({ status: 'paid', woo_order_id: wooOrderId, entitlement: { status: 'active' } });
}

describe('a purchase on the block checkout (the default since WooCommerce 8.3)', () => {
  it('pays the hub order for a guest', async () => {
    const key = createKey();
    const order = await hubCheckout(key);
    const buyer = new WooBuyer();
    await buyer.open(order.payment_url);
    const placed = await buyer.placeBlockOrder(await buyer.renderBlockCheckout());
    expect(placed.status).toBe('processing');
    await expectPaid(key, order.id, placed.order_id);
  });

  it('pays the hub order after a reload of the checkout page', async () => {
    const key = createKey();
    const order = await hubCheckout(key);
    const buyer = new WooBuyer();
    await buyer.open(order.payment_url);
    await buyer.renderBlockCheckout();
    const placed = await buyer.placeBlockOrder(await buyer.renderBlockCheckout());
    await expectPaid(key, order.id, placed.order_id);
  });

  it('pays the hub order with the checkout open in two tabs, placed from the first', async () => {
    const key = createKey();
    const order = await hubCheckout(key);
    const buyer = new WooBuyer();
    await buyer.open(order.payment_url);
    const firstTab = await buyer.renderBlockCheckout();
    await buyer.renderBlockCheckout();
    const placed = await buyer.placeBlockOrder(firstTab);
    await expectPaid(key, order.id, placed.order_id);
  });

  it('pays each hub order of a logged-in returning customer with its own WooCommerce order', async () => {
    const key = createKey();
    const customer = await wooStandIn.createCustomer();
    const buyer = new WooBuyer();
    await buyer.logIn(customer.login, customer.password);
    const first = await hubCheckout(key);
    await buyer.open(first.payment_url);
    const firstPlaced = await buyer.placeBlockOrder(await buyer.renderBlockCheckout());
    await expectPaid(key, first.id, firstPlaced.order_id);

    const second = await hubCheckout(key);
    await buyer.open(second.payment_url);
    const secondPlaced = await buyer.placeBlockOrder(await buyer.renderBlockCheckout());
    expect(secondPlaced.order_id).not.toBe(firstPlaced.order_id);
    expect((await wooStandIn.order(secondPlaced.order_id)).customer_id).toBe(customer.id);
    await expectPaid(key, second.id, secondPlaced.order_id);
  });
});

describe('a purchase on the classic checkout ([woocommerce_checkout])', () => {
  it('pays the hub order for a guest, after a reload of the checkout page', async () => {
    const key = createKey();
    const order = await hubCheckout(key);
    const buyer = new WooBuyer();
    await buyer.open(order.payment_url);
    await buyer.renderClassicCheckout();
    const placed = await buyer.placeClassicOrder(await buyer.renderClassicCheckout());
    await expectPaid(key, order.id, placed.order_id);
  });

  it('pays the hub order of a logged-in customer', async () => {
    const key = createKey();
    const customer = await wooStandIn.createCustomer();
    const buyer = new WooBuyer();
    await buyer.logIn(customer.login, customer.password);
    const order = await hubCheckout(key);
    await buyer.open(order.payment_url);
    const placed = await buyer.placeClassicOrder(await buyer.renderClassicCheckout());
    expect((await wooStandIn.order(placed.order_id)).customer_id).toBe(customer.id);
    await expectPaid(key, order.id, placed.order_id);
  });

  it('does not attribute a later purchase in the same session to the hub order', async () => {
    const key = createKey();
    const order = await hubCheckout(key);
    const buyer = new WooBuyer();
    await buyer.open(order.payment_url);
    const placed = await buyer.placeClassicOrder(await buyer.renderClassicCheckout());
    await expectPaid(key, order.id, placed.order_id);
    await buyer.open(`${stack().wordpressUrl}/?add-to-cart=78`);
    const later = await buyer.placeClassicOrder(await buyer.renderClassicCheckout());
    expect((await wooStandIn.order(later.order_id)).meta).toEqual({});
  });
});

describe('svc-hub in store mode (SVC_HUB_MODE=store)', () => {
  const options = () => `${stack().workerEnv.SVC_DB_PREFIX ?? 'wp_'}options`;

  it('copies the meta and does nothing else: no routes, no forwarding, no event queue, no cron', async () => {
    const route = await call('wordpress', '/wp-json/svc-license/v1/entitlement');
    expect([route.status, route.body?.code]).toEqual([404, 'rest_no_route']);
    const index = await call('wordpress', '/wp-json/');
    expect(Object.keys(index.body.routes).filter((path) => /^\/(svc-|llm\/)/.test(path) && !path.startsWith('/svc-hub-test-woo/'))).toEqual(
      [],
    );

    const hubOrderId = `ord_${'8'.repeat(26)}`;
    const order = await wooStandIn.createOrder(PRODUCT, { svc_hub_order_id: hubOrderId, svc_site_url: 'https://buyer.example' });
    await wooStandIn.pay(order.id);
    await wooStandIn.setStatus(order.id, 'refunded');
    const [queued] = await services.database.pool.query<RowDataPacket[]>(`SELECT option_name FROM ${options()} WHERE option_name LIKE ?`, [
      `\\_svc\\_hub\\_woo\\_event\\_${order.id}\\_%`,
    ]);
    expect(queued).toEqual([]);
    const [cron] = await services.database.pool.query<RowDataPacket[]>(`SELECT option_value FROM ${options()} WHERE option_name = 'cron'`);
    expect(String(cron[0]?.option_value)).not.toContain('svc_hub_woo_resend');
  });
});
