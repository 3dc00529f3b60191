import type { Request, Response } from 'express';
import { ApiError } from '../../support/api-error';
import { silentLogger } from '../../support/logger';
import type { PaymentResult } from '../../commerce/payment-result';
import { wooEventHandler } from './woo-events';
import type { WooOrderFacts } from '../../commerce/woo-order';

const order = {
  id: 41,
  status: 'processing',
  currency: 'EUR',
  total: '49.00',
  date_paid_gmt: '2026-11-20T10:00:05',
  date_modified_gmt: '2026-11-20T10:00:06',
  line_items: [{ product_id: 77, variation_id: 0, quantity: 1 }],
  meta_data: [
    { key: 'svc_hub_order_id', value: 'ord_01JD0000000000000000000000' },
    { key: 'svc_site_url', value: 'https://client.example' },
  ],
};

function run(body: Record<string, unknown>, result: PaymentResult) {
  const applied: [WooOrderFacts, string][] = [];
  const payments = {
    applyWooOrder: async (facts: WooOrderFacts, source: 'webhook' | 'woocommerce') => {
      applied.push([facts, source]);
      return result;
    },
  };
  let sent: unknown;
  const response = { locals: { json: body }, json: (value: unknown) => (sent = value) } as unknown as Response;
  const done = wooEventHandler(payments, silentLogger)({} as Request, response);
  return { done, applied, sent: () => sent };
}

describe('wooEventHandler', () => {
  it('applies the order as an in-process WooCommerce event of this site and answers the outcome', async () => {
    const call = run(
      { event: 'woocommerce_payment_complete', order },
      { outcome: 'applied', reason: 'order pending → paid', orderId: 'ord_01JD0000000000000000000000' },
    );
    await call.done;
    expect(call.applied).toHaveLength(1);
    expect(call.applied[0]![0]).toMatchObject({
      store: null,
      wooOrderId: 41,
      status: 'processing',
      productIds: [77],
      hubOrderId: 'ord_01JD0000000000000000000000',
    });
    expect(call.applied[0]![1]).toBe('woocommerce');
    expect(call.sent()).toEqual({ outcome: 'applied', reason: 'order pending → paid', order_id: 'ord_01JD0000000000000000000000' });
  });

  it('answers every outcome of a usable order (the shell then drops it from its queue)', async () => {
    const call = run({ order }, { outcome: 'unmatched', reason: 'no hub order', orderId: null });
    await call.done;
    expect(call.sent()).toEqual({ outcome: 'unmatched', reason: 'no hub order', order_id: null });
  });

  it('refuses a body without a usable order with 400 naming `order`, applying nothing', async () => {
    const call = run({ order: { status: 'processing' } }, { outcome: 'applied', reason: '', orderId: null });
    await expect(call.done).rejects.toMatchObject({
      status: 400,
      code: 'svc_invalid_request',
      data: { params: { order: 'the order has no numeric id' } },
    });
    await expect(run({}, { outcome: 'applied', reason: '', orderId: null }).done).rejects.toBeInstanceOf(ApiError);
    expect(call.applied).toEqual([]);
  });
});
