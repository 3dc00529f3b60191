import { createHmac } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RowDataPacket } from 'mysql2/promise';
import type { Services } from '../../worker/src/services';
import { hubServices } from '../support/hub-services';
import { stack } from '../support/stack';
import { createTestServer } from '../support/test-server';
import { WooBuyer } from '../support/woo-buyer';
import { restOrder } from '../support/woo-webhook';
import { wooStandIn } from '../support/woocommerce-stand-in';

/**
 * The WooCommerce stand-in behaves as WooCommerce 10.0.2 was observed to (docs/external/woocommerce.md,
 * "Observed on a real store"): svc-hub's other tests are only as good as this imitation.
 */
const PRODUCT = 77;
let services: Services;
const table = (name: string) => `${stack().workerEnv.SVC_DB_PREFIX ?? 'wp_'}${name}`;

beforeAll(() => {
  services = hubServices();
});
afterAll(async () => {
  await services.database.close();
});

describe('orders', () => {
  it('are kept in the custom order tables (HPOS), behind a shop_order_placehold post, nothing in postmeta', async () => {
    const order = await wooStandIn.createOrder(PRODUCT, {
      svc_hub_order_id: `ord_${'9'.repeat(26)}`,
      svc_site_url: 'https://hpos.example',
    });
    const [posts] = await services.database.pool.query<RowDataPacket[]>(`SELECT post_type FROM ${table('posts')} WHERE ID = ?`, [order.id]);
    expect(posts.map((row) => row.post_type)).toEqual(['shop_order_placehold']);
    const [postmeta] = await services.database.pool.query<RowDataPacket[]>(`SELECT meta_key FROM ${table('postmeta')} WHERE post_id = ?`, [
      order.id,
    ]);
    expect(postmeta).toEqual([]);
    const [rows] = await services.database.pool.query<RowDataPacket[]>(
      `SELECT status, total_amount FROM ${table('wc_orders')} WHERE id = ?`,
      [order.id],
    );
    expect(rows.map((row) => [row.status, Number(row.total_amount)])).toEqual([['wc-pending', 49]]);
    const [meta] = await services.database.pool.query<RowDataPacket[]>(
      `SELECT meta_key FROM ${table('wc_orders_meta')} WHERE order_id = ? ORDER BY id`,
      [order.id],
    );
    expect(meta.map((row) => row.meta_key)).toEqual(['svc_hub_order_id', 'svc_site_url']);
  });

  it('fire a payment’s hooks in WooCommerce’s order, with its arguments', async () => {
    const order = await wooStandIn.createOrder(PRODUCT);
    const paid = await wooStandIn.pay(order.id);
    const me = `order:${order.id}`;
    expect(paid.hooks).toEqual([
      { hook: 'woocommerce_order_status_processing', args: [order.id, me, { from: 'pending', to: 'processing', note: '', manual: false }] },
      { hook: 'woocommerce_order_status_pending_to_processing', args: [order.id, me] },
      { hook: 'woocommerce_order_status_changed', args: [order.id, 'pending', 'processing', me] },
      { hook: 'woocommerce_order_payment_status_changed', args: [order.id, me] },
      { hook: 'woocommerce_payment_complete', args: [order.id, `txn_${order.id}`] },
    ]);
  });

  it('fire a full refund’s hooks in WooCommerce’s order, with its arguments', async () => {
    const order = await wooStandIn.createOrder(PRODUCT);
    await wooStandIn.pay(order.id);
    const refunded = await wooStandIn.refund(order.id);
    const refundId = refunded.refund_id as number;
    expect(refunded.status).toBe('refunded');
    expect((refunded.hooks as { hook: string }[]).map((call) => call.hook)).toEqual([
      'woocommerce_order_fully_refunded',
      'woocommerce_order_status_refunded',
      'woocommerce_order_status_processing_to_refunded',
      'woocommerce_order_status_changed',
      'woocommerce_order_refunded',
    ]);
    expect((refunded.hooks as { args: unknown[] }[])[0]!.args).toEqual([order.id, refundId]);
    expect((refunded.hooks as { args: unknown[] }[])[4]!.args).toEqual([order.id, refundId]);
    expect((await wooStandIn.restOrder(order.id)).refunds).toEqual([{ id: refundId, reason: 'Customer request', total: '-49.00' }]);
  });

  it('paid cash on delivery are processing without date_paid until completed; check payments are on-hold', async () => {
    const cod = await wooStandIn.createOrder(PRODUCT);
    const processing = await wooStandIn.processPayment(cod.id, 'cod');
    expect([processing.status, processing.date_paid_gmt]).toEqual(['processing', null]);
    const completed = await wooStandIn.setStatus(cod.id, 'completed');
    expect([completed.status, completed.date_paid_gmt]).toEqual(['completed', expect.any(String)]);
    const cheque = await wooStandIn.processPayment((await wooStandIn.createOrder(PRODUCT)).id, 'cheque');
    expect([cheque.status, cheque.date_paid_gmt]).toEqual(['on-hold', null]);
  });
});

interface Received {
  request: IncomingMessage;
  body: string;
}

describe('webhooks', () => {
  const received: Received[] = [];
  let server: Server;
  let webhookId: number;
  const secret = 'Ab&c"f\'g<h&ij';

  beforeAll(async () => {
    server = createTestServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ request, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    webhookId = (
      await wooStandIn.createWebhook({ deliveryUrl: `http://127.0.0.1:${port}/hook`, secret: 'Ab&amp;c&quot;f&#039;g&lt;h&amp;ij' })
    ).id;
  });
  afterAll(async () => {
    await wooStandIn.deleteWebhook(webhookId);
    await new Promise((resolve) => server.close(resolve));
  });

  const pendingFor = async (orderId: number) =>
    (await wooStandIn.webhookActions()).filter((action) => action.status === 'pending' && action.args.arg === orderId);

  it('are queued in Action Scheduler once per order while pending, and send the order as it is when they run (a checkout draft too)', async () => {
    const buyer = new WooBuyer();
    await buyer.open(`${stack().wordpressUrl}/?add-to-cart=${PRODUCT}`);
    const nonce = await buyer.renderBlockCheckout();
    const draftId = (await wooStandIn.webhookActions()).at(-1)!.args.arg;
    expect((await wooStandIn.order(draftId)).status).toBe('checkout-draft');
    await buyer.renderBlockCheckout();
    const queued = await pendingFor(draftId);
    expect(queued).toEqual([
      expect.objectContaining({
        hook: 'woocommerce_deliver_webhook_async',
        group: 'woocommerce-webhooks',
        args: { webhook_id: webhookId, arg: draftId },
      }),
    ]);
    expect(received).toEqual([]);

    // Delivered like any order while still a draft.
    await wooStandIn.runActions();
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({ id: draftId, status: 'checkout-draft', created_via: 'store-api' });

    const placed = await buyer.placeBlockOrder(nonce, 'cod');
    expect(placed).toMatchObject({ order_id: draftId, status: 'processing' });
    expect(await pendingFor(draftId)).toHaveLength(1);
    await wooStandIn.runActions();
    const payload = JSON.parse(received.at(-1)!.body);
    expect(payload).toMatchObject({ id: draftId, status: 'processing', payment_method: 'cod', date_paid: null, date_paid_gmt: null });
  });

  it('are sent as WooCommerce 10 sends them: headers, body spelling, signature', async () => {
    const order = await wooStandIn.createOrder(PRODUCT, {
      svc_hub_order_id: `ord_${'6'.repeat(26)}`,
      svc_site_url: 'https://detail.example/',
    });
    await wooStandIn.pay(order.id);
    await wooStandIn.runActions();
    const last = received.at(-1)!;
    const headers = last.request.headers;
    expect(last.request.httpVersion).toBe('1.1');
    expect(headers).toMatchObject({
      connection: 'close',
      accept: '*/*',
      'content-type': 'application/json',
      'x-wc-webhook-source': `${stack().wordpressUrl}/`,
      'x-wc-webhook-topic': 'order.updated',
      'x-wc-webhook-resource': 'order',
      'x-wc-webhook-event': 'updated',
      'x-wc-webhook-id': String(webhookId),
    });
    expect(headers['accept-encoding']).toContain('gzip');
    expect(headers['user-agent']).toMatch(/^WooCommerce\/10\.0\.2 Hookshot \(WordPress\/7\.1(\.\d+)?\)$/);
    expect(headers['x-wc-webhook-delivery-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(headers['x-wc-webhook-signature']).toBe(createHmac('sha256', secret).update(last.body).digest('base64'));
    expect(last.body).toContain('"svc_site_url","value":"https:\\/\\/detail.example\\/"');
    expect(last.body.endsWith('}')).toBe(true);
    const payload = JSON.parse(last.body);
    expect(payload).toMatchObject({ id: order.id, status: 'processing', total: '49.00', date_paid_gmt: expect.any(String) });
    expect(payload.meta_data.map((meta: { key: string }) => meta.key)).toEqual(['svc_hub_order_id', 'svc_site_url']);
    expect(typeof payload.line_items[0].price).toBe('number');
  });

  it('have the shape the tests’ own deliveries (tests/support/woo-webhook.ts) have: one description of the payload', async () => {
    const order = await wooStandIn.createOrder(PRODUCT);
    const fromStandIn = await wooStandIn.restOrder(order.id);
    const fromTests = restOrder({ id: 1, hubOrderId: 'ord_x', siteUrl: 'https://x.example', status: 'pending', modifiedAt: new Date() });
    expect(Object.keys(fromTests)).toEqual(Object.keys(fromStandIn));
    expect(Object.keys(fromTests.line_items[0]!)).toEqual(Object.keys(fromStandIn.line_items[0]));
    expect(typeof fromStandIn.line_items[0].price).toBe('number');
  });

  it('list underscore meta such as _shipping_hash in meta_data', async () => {
    const buyer = new WooBuyer();
    await buyer.open(`${stack().wordpressUrl}/?add-to-cart=${PRODUCT}`);
    const placed = await buyer.placeClassicOrder(await buyer.renderClassicCheckout());
    const payload = await wooStandIn.restOrder(placed.order_id);
    expect(payload.meta_data.map((meta: { key: string }) => meta.key)).toContain('_shipping_hash');
  });
});
