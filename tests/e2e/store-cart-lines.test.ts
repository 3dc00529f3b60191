import { randomUUID } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import type { Services } from '../../worker/src/services';
import { hubServices } from '../support/hub-services';
import { bearer, call, json } from '../support/lanes';
import { queryStack } from '../support/database-query';
import { createKey, hub, registerStore, type TestKey } from '../support/hub-cli';
import { stack } from '../support/stack';
import { WooBuyer } from '../support/woo-buyer';
import { wooStandIn } from '../support/woocommerce-stand-in';
import { WAIT_MS } from '../support/eventually';

/**
 * Several pay links, one cart, one checkout on an external store in store mode (issue 29 items
 * 1-3; docs/architecture.md §5): each link's hub order travels on its own cart item, then on
 * its own order line, and each line pays its own hub order — on the classic checkout and the
 * block checkout (Store API) alike.
 */
const SEO_PRODUCT = 77; // 49.00 in the stand-in's catalogue
const ADDON_PRODUCT = 78; // 19.00
let webhookId: number;
let seo: string;
let addon: string;
let services: Services;

function createPackage(id: string, price: string, product: number): void {
  hub(
    'package',
    'create',
    '--id',
    id,
    '--name',
    id,
    '--price',
    price,
    '--currency',
    'EUR',
    '--features',
    'module.seo',
    '--duration-days',
    '30',
    '--store',
    stack().wordpressUrl,
    '--woo-product',
    String(product),
  );
}

beforeAll(async () => {
  services = hubServices();
  await wooStandIn.setStoreMode(true);
  const tag = randomUUID().slice(0, 8);
  const secret = `lines-${tag}`;
  registerStore(`${stack().wordpressUrl}/`, secret);
  seo = `lines-seo-${tag}`;
  addon = `lines-addon-${tag}`;
  createPackage(seo, '49.00', SEO_PRODUCT);
  createPackage(addon, '25.00', ADDON_PRODUCT); // priced above what its product sells for
  webhookId = (
    await wooStandIn.createWebhook({ deliveryUrl: `${stack().workerUrl}/wp-json/svc-license/v1/webhook/woo-order-paid`, secret })
  ).id;
});

afterAll(async () => {
  await wooStandIn.deleteWebhook(webhookId);
  await wooStandIn.setStoreMode(false);
  await services.database.close();
});

async function hubCheckout(key: TestKey, packageId = seo): Promise<{ id: string; payment_url: string }> {
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

async function queuedFor(siteUrl: string): Promise<number> {
  const [[row]] = await services.database.pool.query<RowDataPacket[]>(
    `SELECT COUNT(*) AS total FROM ${services.database.table('outbox')} WHERE site_url = ?`,
    [siteUrl],
  );
  return Number(row!.total);
}

/** Two tabs, two pay links (two sites), one checkout: one WooCommerce order with a line per link. */
async function twoTabs(flow: 'classic' | 'blocks', secondPackage = seo) {
  const [one, two] = [createKey(), createKey()];
  const first = await hubCheckout(one);
  const second = await hubCheckout(two, secondPackage);
  const buyer = new WooBuyer();
  await buyer.open(first.payment_url);
  await buyer.open(second.payment_url);
  const placed =
    flow === 'classic'
      ? await buyer.placeClassicOrder(await buyer.renderClassicCheckout())
      : await buyer.placeBlockOrder(await buyer.renderBlockCheckout());
  const woo = await wooStandIn.order(placed.order_id);
  await wooStandIn.runActions();
  return { one, two, first, second, woo, wooOrderId: placed.order_id };
}

describe.each(['classic', 'blocks'] as const)('two pay links in one %s checkout', (flow) => {
  it('pays both hub orders, one per line; both sites active and propagated', async () => {
    const { one, two, first, second, woo, wooOrderId } = await twoTabs(flow);
    expect(woo.line_items.map((line) => [line.product_id, line.meta])).toEqual([
      [SEO_PRODUCT, { svc_hub_order_id: first.id, svc_site_url: one.siteUrl }],
      [SEO_PRODUCT, { svc_hub_order_id: second.id, svc_site_url: two.siteUrl }],
    ]);
    expect(woo.meta).toEqual({}); // several hub orders: none on the order itself
    expect(await hubOrder(one, first.id)).toMatchObject({ status: 'paid', woo_order_id: wooOrderId, entitlement: { status: 'active' } });
    expect(await hubOrder(two, second.id)).toMatchObject({ status: 'paid', woo_order_id: wooOrderId, entitlement: { status: 'active' } });
    expect(await queuedFor(one.siteUrl)).toBeGreaterThan(0);
    expect(await queuedFor(two.siteUrl)).toBeGreaterThan(0);
  });
});

describe('a line below its price', () => {
  it('leaves that hub order unpaid and pays the other line', async () => {
    const { one, two, first, second, woo, wooOrderId } = await twoTabs('classic', addon);
    expect(woo.total).toBe('68.00'); // above the add-on's 25.00: only the line's own total tells
    expect(await hubOrder(one, first.id)).toMatchObject({ status: 'paid', woo_order_id: wooOrderId });
    expect(await hubOrder(two, second.id)).toMatchObject({ status: 'pending', woo_order_id: null });
  });

  it('shows the REST v3 line meta readably, as WooCommerce 10.5 sends it', async () => {
    const key = createKey();
    const order = await hubCheckout(key);
    const buyer = new WooBuyer();
    await buyer.open(order.payment_url);
    const placed = await buyer.placeClassicOrder(await buyer.renderClassicCheckout());
    const rest = await wooStandIn.restOrder(placed.order_id);
    expect(rest.line_items[0].meta_data).toEqual([
      { id: expect.any(Number), key: 'svc_hub_order_id', value: order.id, display_key: 'Licence order', display_value: order.id },
      { id: expect.any(Number), key: 'svc_site_url', value: key.siteUrl, display_key: 'Licence for', display_value: key.siteUrl },
    ]);
    expect(rest.meta_data).toEqual(expect.arrayContaining([{ id: expect.any(Number), key: 'svc_hub_order_id', value: order.id }]));
  });
});

/** Waits until a request is held under `name` (tests/README.md, Decisions: watched in the database). */
async function held(name: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while ((await wooStandIn.holdState(name)) !== 'held') {
    if (Date.now() > deadline) throw new Error(`no request held as ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The customer's saved WooCommerce session (the stand-in's row, serialised), or undefined. */
async function savedSession(customerId: number): Promise<string | undefined> {
  const rows = await queryStack('SELECT option_value FROM {prefix}options WHERE option_name = ?', [`_wc_session_${customerId}`]);
  return rows[0]?.option_value as string | undefined;
}

/** Adds `key` to the saved session only: what a request kept in the session alone (the hub order's keys before issue 29). */
async function addToSavedSession(customerId: number, key: string): Promise<void> {
  const saved = await savedSession(customerId);
  const count = /^a:(\d+):\{/.exec(saved ?? '')?.[1];
  if (saved === undefined || count === undefined) throw new Error(`no saved session for customer ${customerId}`);
  const entries = `a:${Number(count) + 1}:{s:${key.length}:"${key}";s:4:"kept";`;
  await queryStack('UPDATE {prefix}options SET option_value = ? WHERE option_name = ?', [
    saved.replace(/^a:\d+:\{/, entries),
    `_wc_session_${customerId}`,
  ]);
}

/**
 * Issue 29 item 2: another tab's request rewrites WooCommerce's session after the pay link
 * (WC_Session_Handler::save_data writes the whole row it read when dirty: last writer wins). A
 * logged-in customer with no session yet: the other tab starts while the pay link's request is
 * still running — its item already in the persistent cart, the session not yet saved — so it
 * reads no session, takes its cart from the persistent cart, and saves last. Whatever the
 * session alone held is gone; the item and its data are not (docs/architecture.md §5).
 */
describe('another tab rewrites the session after the pay link (logged-in classic checkout)', () => {
  it('pays the hub order: it travels on the cart item, which the rewritten session keeps', async () => {
    const key = createKey();
    const order = await hubCheckout(key);
    const customer = await wooStandIn.createCustomer();
    const buyer = new WooBuyer();
    await buyer.logIn(customer.login, customer.password);
    const tag = randomUUID().slice(0, 8);
    const [payLink, otherTab] = [`pay-${tag}`, `tab-${tag}`];

    const opened = buyer.open(order.payment_url, wooStandIn.holdHeaders(payLink));
    await held(payLink); // item added, persistent cart written, session not saved
    const concurrent = buyer.concurrentRequest('/', wooStandIn.holdHeaders(otherTab));
    await held(otherTab); // it read no session and the persistent cart
    expect(await savedSession(customer.id)).toBeUndefined();
    await wooStandIn.releaseHold(payLink);
    await opened;
    await addToSavedSession(customer.id, 'svc_test_session_only'); // as the pay link's own session keys were
    await wooStandIn.releaseHold(otherTab);
    expect((await concurrent).status).toBe(200);
    // It saved last, from what it read: the session's own keys are gone.
    expect(await savedSession(customer.id)).not.toContain('svc_test_session_only');

    const placed = await buyer.placeClassicOrder(await buyer.renderClassicCheckout());
    await wooStandIn.runActions();
    // With the hub order only in the session's own keys, this order paid nothing (issue 29 item 2).
    expect(await hubOrder(key, order.id)).toMatchObject({
      status: 'paid',
      woo_order_id: placed.order_id,
      entitlement: { status: 'active' },
    });
    const woo = await wooStandIn.order(placed.order_id);
    expect(woo.line_items.map((line) => [line.product_id, line.meta])).toEqual([
      [SEO_PRODUCT, { svc_hub_order_id: order.id, svc_site_url: key.siteUrl }],
    ]);
  });
});
