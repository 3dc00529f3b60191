import type { WooOrderFacts } from '../woo-order';
import type { AuditEntry } from '../webhook/audit-log';
import type { PaymentResult, PaymentSource } from '../payment-result';
import { applyReconciledOrder } from './apply-order';

const STORE = 'https://shop.example/';

function order(hubOrderId: string | null) {
  return {
    id: 4711,
    status: 'processing',
    currency: 'EUR',
    total: '49.00',
    date_paid_gmt: '2026-11-20T10:00:00',
    date_modified_gmt: '2026-11-20T10:00:00',
    line_items: [{ product_id: 77, variation_id: 0 }],
    meta_data: hubOrderId === null ? [] : [{ id: 1, key: 'svc_hub_order_id', value: hubOrderId }],
  };
}

function dependencies(result: PaymentResult) {
  const calls: [WooOrderFacts, PaymentSource][] = [];
  const audited: AuditEntry[] = [];
  return {
    calls,
    audited,
    payments: { applyWooOrder: async (facts: WooOrderFacts, source: PaymentSource) => (calls.push([facts, source]), result) },
    audit: { record: async (entry: AuditEntry) => (audited.push(entry), 1) },
    verifiedDays: 365,
  };
}

describe('applying one reconciled order', () => {
  it('skips an order without svc_hub_order_id (none of the hub’s)', async () => {
    const deps = dependencies({ outcome: 'applied', reason: 'x', orderId: 'ord_1' });
    expect(await applyReconciledOrder(deps, STORE, order(null))).toBeNull();
    expect(await applyReconciledOrder(deps, STORE, 'not an order')).toBeNull();
    expect(deps.calls).toHaveLength(0);
  });

  it('goes through the payment-event path with source reconcile and audits what it applied', async () => {
    const deps = dependencies({ outcome: 'applied', reason: 'order pending → paid', orderId: 'ord_1' });
    const result = await applyReconciledOrder(deps, STORE, order('ord_1'));
    expect(result).toEqual({ outcome: 'applied', reason: 'order pending → paid', orderId: 'ord_1', wooOrderId: 4711 });
    expect(deps.calls[0]![1]).toBe('reconcile');
    expect(deps.calls[0]![0]).toMatchObject({ store: STORE, hubOrderId: 'ord_1', productIds: [77] });
    expect(deps.audited[0]).toMatchObject({
      topic: 'reconcile',
      source: STORE,
      signatureResult: 'valid',
      outcome: 'applied',
      reason: 'reconcile: order pending → paid',
      wooOrderId: 4711,
    });
  });

  it('does not audit a repeat (no_change)', async () => {
    const deps = dependencies({ outcome: 'no_change', reason: 'the order is already paid', orderId: 'ord_1' });
    expect((await applyReconciledOrder(deps, STORE, order('ord_1')))!.outcome).toBe('no_change');
    expect(deps.audited).toHaveLength(0);
  });
});
