import { randomUUID } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import type { Services } from '../../worker/src/services';
import { receiver, type ReceivedWebhook } from '../support/client-receiver-client';
import { hub } from '../support/hub-cli';
import { hubServices } from '../support/hub-services';
import { bearer, call, json, LANES, type Lane } from '../support/lanes';
import { delivery, phpJsonEncode, restOrder } from '../support/woo-webhook';
import { wooStandIn } from '../support/woocommerce-stand-in';
import { eventually } from '../support/eventually';

/**
 * The whole purchase, as a client site lives it (issue 4): checkout → the store's signed
 * `order.updated` (processing + date_paid) → order paid, entitlement active, the client site
 * told (Standard Webhooks signature verified by the receiver) → refund → revoked → told
 * exactly once more, however often WooCommerce repeats itself.
 */
let services: Services;
beforeAll(() => {
  services = hubServices();
});
afterAll(async () => {
  await services.database.close();
});

async function outbox(siteUrl: string): Promise<{ status: string }[]> {
  const [rows] = await services.database.pool.query<RowDataPacket[]>(
    `SELECT status FROM ${services.database.table('outbox')} WHERE site_url = ? ORDER BY sequence`,
    [siteUrl],
  );
  return rows as { status: string }[];
}

/** Waits until every queued message of the site has been delivered (or the deadline passes). */
async function settled(siteUrl: string, count: number): Promise<void> {
  const rows = await eventually(
    () => outbox(siteUrl),
    (read) => read.length === count && read.every((row) => row.status !== 'pending'),
  );
  expect(rows.map((row) => row.status)).toEqual(Array(count).fill('delivered'));
}

describe.each(LANES)('purchase flow via %s', (lane: Lane) => {
  it('pays, activates and propagates; refunds, revokes and propagates exactly once', async () => {
    const tag = randomUUID().slice(0, 8);
    const source = `https://shop-${tag}.example/`;
    const secret = `w&<k>"e'y-${tag}`;
    hub('store', 'add', '--source', source, '--secret', secret);
    const packageId = `flow-${tag}`;
    hub(
      'package',
      'create',
      '--id',
      packageId,
      '--name',
      'Flow',
      '--price',
      '49.00',
      '--currency',
      'EUR',
      '--features',
      'module.seo,llm.chat',
      '--duration-days',
      '30',
      '--store',
      source,
      '--woo-product',
      '77',
    );

    const site = `https://client-${tag}.example`;
    const endpoint = `flow-${lane}-${tag}`;
    const lines = hub('key', 'create', '--site', site, '--team', 'flow', '--endpoint', receiver().endpointUrl(endpoint));
    const [webhookSecret, key] = lines.slice(-2) as [string, string];
    await receiver().register(endpoint, [webhookSecret]);

    const checkoutInit = json({ package_id: packageId, site_url: site });
    const order = await call(lane, '/wp-json/svc-commerce/v1/checkout', {
      ...checkoutInit,
      headers: { ...checkoutInit.headers, ...bearer(key) },
    });
    expect(order.status).toBe(201);

    const wooOrderId = 4000 + Math.floor(Math.random() * 1000);
    const paidAt = new Date(Date.now() - 60_000);
    const send = async (status: string, modifiedAt: Date) => {
      const body = phpJsonEncode(restOrder({ id: wooOrderId, hubOrderId: order.body.id, siteUrl: site, status, paidAt, modifiedAt }));
      return call(lane, '/wp-json/svc-license/v1/webhook/woo-order-paid', delivery(body, { source, key: secret }));
    };

    expect((await send('processing', new Date(Date.now() - 50_000))).status).toBe(200);
    const paid = await call(lane, `/wp-json/svc-commerce/v1/orders/${order.body.id}`, { headers: bearer(key) });
    expect(paid.body).toMatchObject({ status: 'paid', woo_order_id: wooOrderId, entitlement: { status: 'active', package_id: packageId } });
    expect(paid.body.history.map((entry: { status: string; source: string }) => `${entry.status}/${entry.source}`)).toEqual([
      'pending/checkout',
      'paid/webhook',
    ]);
    const entitlement = await call(lane, '/wp-json/svc-license/v1/entitlement', { headers: bearer(key) });
    expect([entitlement.body.status, entitlement.body.features]).toEqual(['active', ['llm.chat', 'module.seo']]);

    const activated = await receiver().waitFor(endpoint, (received) => received.length >= 1);
    expect(activated).toHaveLength(1);
    expect(activated[0]).toMatchObject({
      verified: true,
      body: { type: 'entitlement.updated', data: { site_url: site, status: 'active', features: ['llm.chat', 'module.seo'] } },
    });

    // WooCommerce repeats order.updated for one payment: nothing new happens or is sent.
    expect((await send('completed', new Date(Date.now() - 40_000))).status).toBe(200);
    await settled(site, 1);

    expect((await send('refunded', new Date(Date.now() - 30_000))).status).toBe(200);
    expect((await send('refunded', new Date(Date.now() - 30_000))).status).toBe(200);
    // An older `processing` arriving late must not bring the site back.
    expect((await send('processing', new Date(Date.now() - 45_000))).status).toBe(200);
    const refunded = await call(lane, `/wp-json/svc-commerce/v1/orders/${order.body.id}`, { headers: bearer(key) });
    expect(refunded.body).toMatchObject({ status: 'refunded', entitlement: { status: 'revoked' } });
    await settled(site, 2);
    const all: ReceivedWebhook[] = await receiver().received(endpoint);
    expect(all.map((message) => [message.verified, message.body.data.status, message.body.data.features])).toEqual([
      [true, 'active', ['llm.chat', 'module.seo']],
      [true, 'revoked', []],
    ]);
    expect(new Set(all.map((message) => message.webhook_id)).size).toBe(2);
  });
});

describe('purchase flow with WooCommerce on the hub site', () => {
  it('pays through the hooks, activates and propagates; refunds, revokes and propagates exactly once', async () => {
    const tag = randomUUID().slice(0, 8);
    const packageId = `local-${tag}`;
    hub(
      'package',
      'create',
      '--id',
      packageId,
      '--name',
      'Local',
      '--price',
      '49.00',
      '--currency',
      'EUR',
      '--features',
      'module.seo',
      '--woo-product',
      '77',
    );
    const site = `https://local-${tag}.example`;
    const endpoint = `local-${tag}`;
    const [webhookSecret, key] = hub(
      'key',
      'create',
      '--site',
      site,
      '--team',
      'flow',
      '--endpoint',
      receiver().endpointUrl(endpoint),
    ).slice(-2) as [string, string];
    await receiver().register(endpoint, [webhookSecret]);
    await new Promise((resolve) => setTimeout(resolve, 20)); // let fetch see sockets closed while the CLI ran

    const checkoutInit = json({ package_id: packageId, site_url: site });
    const order = await call('wordpress', '/wp-json/svc-commerce/v1/checkout', {
      ...checkoutInit,
      headers: { ...checkoutInit.headers, ...bearer(key) },
    });
    expect(order.status).toBe(201);

    await wooStandIn.pay(order.body.woo_order_id);
    await wooStandIn.setStatus(order.body.woo_order_id, 'completed');
    await settled(site, 1);
    await wooStandIn.setStatus(order.body.woo_order_id, 'refunded');
    await settled(site, 2);
    const all: ReceivedWebhook[] = await receiver().received(endpoint);
    expect(all.map((message) => [message.verified, message.body.data.status, message.body.data.features])).toEqual([
      [true, 'active', ['module.seo']],
      [true, 'revoked', []],
    ]);
  });
});
