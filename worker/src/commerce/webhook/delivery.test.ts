import type { PaymentResult } from '../payment-result';
import type { WooOrderFacts } from '../woo-order';
import { processDelivery } from './delivery';

const STORE = 'https://shop.example/';

function payments(
  result: PaymentResult = { outcome: 'applied', reason: 'order pending → paid', orderId: 'ord_01JTESTTESTTESTTESTTESTTES' },
) {
  const calls: [WooOrderFacts, string][] = [];
  const subscriptions = { applySubscription: async () => result, applySubscriptionDeleted: async () => result };
  return {
    calls,
    ...subscriptions,
    applyWooOrder: async (facts: WooOrderFacts, source: 'webhook' | 'woocommerce') => (calls.push([facts, source]), result),
  };
}

const order = {
  id: 4711,
  status: 'processing',
  currency: 'EUR',
  total: '49.00',
  date_paid_gmt: '2026-11-20T10:00:00',
  date_modified_gmt: '2026-11-20T10:00:01',
  meta_data: [{ id: 1, key: 'svc_hub_order_id', value: 'ord_01JTESTTESTTESTTESTTESTTES' }],
  line_items: [{ id: 9, product_id: 77, variation_id: 0, quantity: 1 }],
};
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('processDelivery', () => {
  it.each(['order.updated', 'order.created', 'order.restored'])(
    'applies the order of a %s delivery as a webhook event from the store',
    async (topic) => {
      const fake = payments();
      const result = await processDelivery(fake, STORE, topic, json(order));
      expect(result).toEqual({
        outcome: 'applied',
        reason: 'order pending → paid',
        orderId: 'ord_01JTESTTESTTESTTESTTESTTES',
        wooOrderId: 4711,
      });
      expect(fake.calls).toHaveLength(1);
      expect(fake.calls[0]![1]).toBe('webhook');
      expect(fake.calls[0]![0]).toMatchObject({
        store: STORE,
        wooOrderId: 4711,
        status: 'processing',
        productIds: [77],
        hubOrderId: 'ord_01JTESTTESTTESTTESTTESTTES',
      });
    },
  );

  it('passes the payment outcome through (unmatched, no_change, ignored_older)', async () => {
    const fake = payments({ outcome: 'unmatched', reason: 'currency USD is not EUR', orderId: null });
    expect(await processDelivery(fake, STORE, 'order.updated', json(order))).toMatchObject({
      outcome: 'unmatched',
      reason: 'currency USD is not EUR',
      wooOrderId: 4711,
    });
  });

  it.each([
    [
      'action.woocommerce_payment_complete',
      { action: 'woocommerce_payment_complete', arg: 4711 },
      /no order data: .* set the webhook's topic to "Order updated"/,
      4711,
    ],
    ['order.deleted', { id: 4711 }, /order\.deleted does not change a hub order/, 4711],
    ['product.updated', { id: 5 }, /topic "product\.updated" is not used/, 5],
  ])('ignores %s without touching any order', async (topic, body, reason, wooOrderId) => {
    const fake = payments();
    const result = await processDelivery(fake, STORE, topic, json(body));
    expect(result.outcome).toBe('ignored');
    expect(result.reason).toMatch(reason);
    expect(result.wooOrderId).toBe(wooOrderId);
    expect(fake.calls).toHaveLength(0);
  });

  it('names no WooCommerce order id a column cannot hold (2^64 once made a 500 writing the audit row)', async () => {
    const fake = payments();
    const result = await processDelivery(fake, STORE, 'order.updated', Buffer.from('{"id":18446744073709551616,"status":"processing"}'));
    expect(result).toMatchObject({ outcome: 'ignored', wooOrderId: null });
    expect(fake.calls).toHaveLength(0);
  });

  it.each([
    ['malformed JSON', Buffer.from('{"id":4711,'), /^the body is not valid JSON: /],
    ['an empty body (WooCommerce could not encode the order)', Buffer.alloc(0), /^the body is empty/],
    ['bytes that are not UTF-8', Buffer.from([0x7b, 0xff, 0x7d]), /not UTF-8/],
    ['a JSON array', json([order]), /not an order object/],
    ['an order without a status', json({ id: 4711 }), /no status/],
    ['a legacy REST API payload', json({ order: order }), /legacy REST API payload; set the webhook's API version/],
  ])('ignores a verified order delivery with %s', async (_label, body, reason) => {
    const fake = payments();
    const result = await processDelivery(fake, STORE, 'order.updated', body);
    expect(result.outcome).toBe('ignored');
    expect(result.reason).toMatch(reason);
    expect(fake.calls).toHaveLength(0);
  });

  it("ignores an order that carries no svc_ meta (a sale of the store's own) without asking the payment door", async () => {
    const fake = payments();
    const ownSale = { ...order, meta_data: [{ id: 1, key: '_shipping_hash', value: 'abc' }] };
    expect(await processDelivery(fake, STORE, 'order.updated', json(ownSale))).toEqual({
      outcome: 'ignored',
      reason: 'not sold by the hub: the order carries no svc_ meta',
      orderId: null,
      wooOrderId: 4711,
    });
    expect(fake.calls).toHaveLength(0);
  });

  it.each([
    [
      'svc meta on a line item only',
      { meta_data: [], line_items: [{ id: 9, product_id: 77, meta_data: [{ key: 'svc_hub_order_id', value: 'x' }] }] },
    ],
    ['svc_site_url alone', { meta_data: [{ key: 'svc_site_url', value: 'https://client.example' }] }],
    ['a renewal of WooCommerce Subscriptions', { meta_data: [{ key: '_subscription_renewal', value: '812' }] }],
  ])('hands an order with %s to the payment door', async (_label, changes) => {
    const fake = payments({ outcome: 'unmatched', reason: 'no hub order x', orderId: null });
    expect((await processDelivery(fake, STORE, 'order.updated', json({ ...order, ...changes }))).outcome).toBe('unmatched');
    expect(fake.calls).toHaveLength(1);
  });
});
