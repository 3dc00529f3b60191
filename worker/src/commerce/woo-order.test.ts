import { factsFromRestOrder } from './woo-order';

const order = {
  id: 512,
  status: 'processing',
  currency: 'EUR',
  total: '49.00',
  date_paid: '2026-11-20T11:00:05',
  date_paid_gmt: '2026-11-20T10:00:05',
  date_modified_gmt: '2026-11-20T10:00:06',
  line_items: [
    { id: 1, product_id: 77, variation_id: 0, quantity: 1 },
    { id: 2, product_id: 78, variation_id: 91 },
  ],
  meta_data: [
    { id: 9, key: 'svc_hub_order_id', value: 'ord_01JD0000000000000000000000' },
    { id: 10, key: 'svc_site_url', value: 'https://client.example' },
  ],
};

describe('factsFromRestOrder', () => {
  it('reads the REST v3 order fields the hub acts on', () => {
    expect(factsFromRestOrder(order, 'https://store.example/')).toEqual({
      store: 'https://store.example/',
      wooOrderId: 512,
      status: 'processing',
      currency: 'EUR',
      total: '49.00',
      datePaid: new Date('2026-11-20T10:00:05Z'),
      dateModified: new Date('2026-11-20T10:00:06Z'),
      productIds: [77, 78, 91],
      lines: [
        { productId: 77, variationId: null, total: '', hubOrderId: null, siteUrl: null },
        { productId: 78, variationId: 91, total: '', hubOrderId: null, siteUrl: null },
      ],
      hubOrderId: 'ord_01JD0000000000000000000000',
      siteUrl: 'https://client.example',
      renewalOf: null,
      buyer: { wooCustomerId: null, email: null, name: '' },
      refunds: [],
    });
  });

  it('treats a missing or empty date_paid as unpaid and strips the wc- prefix', () => {
    const facts = factsFromRestOrder({ ...order, status: 'wc-processing', date_paid: null, date_paid_gmt: null }, null);
    expect(facts).toMatchObject({ status: 'processing', datePaid: null, store: null });
  });

  it('names what makes a body not an order', () => {
    expect(factsFromRestOrder([], null)).toEqual({ error: 'the body is not an order object' });
    const noId = { error: 'the order has no numeric id' };
    expect(factsFromRestOrder({ ...order, id: '512' }, null)).toEqual(noId);
    expect(factsFromRestOrder({ ...order, id: 18446744073709551616 }, null)).toEqual(noId); // 2^64: once a 500 at the BIGINT column
    expect(factsFromRestOrder({ ...order, id: 1.5 }, null)).toEqual(noId);
    expect(factsFromRestOrder({ ...order, status: undefined }, null)).toEqual({ error: 'the order has no status' });
  });

  it('ignores product ids no column can hold', () => {
    const facts = factsFromRestOrder(
      {
        ...order,
        line_items: [
          { product_id: 2 ** 64, variation_id: 0 },
          { product_id: 77, variation_id: 0 },
        ],
      },
      null,
    );
    expect(facts).toMatchObject({ productIds: [77] });
  });

  it('ignores meta values that are not strings', () => {
    const facts = factsFromRestOrder({ ...order, meta_data: [{ key: 'svc_hub_order_id', value: { nested: true } }] }, null);
    expect(facts).toMatchObject({ hubOrderId: null, siteUrl: null });
  });

  it('reads refunds as REST v3 writes them (negative totals), leaving out what no ledger row could hold', () => {
    const facts = factsFromRestOrder(
      {
        ...order,
        refunds: [
          { id: 7, total: '-10.00' },
          { id: 8, total: -2.5 },
          { id: 0, total: '-1.00' },
          { id: 9, total: '-1e9' },
          { id: 10, total: { amount: 1 } },
          'refund',
        ],
      },
      null,
    );
    expect(facts).toMatchObject({
      refunds: [
        { id: 7, amount: '10.00' },
        { id: 8, amount: '2.5' },
      ],
    });
  });

  it("reads each line's hub order meta and its total with tax, exactly", () => {
    const facts = factsFromRestOrder(
      {
        ...order,
        total: '98.00',
        line_items: [
          {
            id: 1,
            product_id: 77,
            variation_id: 0,
            total: '40.10',
            total_tax: '8.90',
            meta_data: [
              {
                id: 3,
                key: 'svc_hub_order_id',
                value: 'ord_01JD0000000000000000000001',
                display_key: 'Hub order',
                display_value: 'ord_01JD…',
              },
              {
                id: 4,
                key: 'svc_site_url',
                value: 'https://one.example',
                display_key: 'Licence for',
                display_value: 'https://one.example',
              },
            ],
          },
          { id: 2, product_id: 77, variation_id: 0, total: '0.1', total_tax: '0.2', meta_data: [{ key: 'svc_hub_order_id', value: 7 }] },
          { id: 3, product_id: 78, total: 'free', meta_data: 'none' },
          'not a line',
        ],
      },
      null,
    );
    expect(facts).toMatchObject({
      lines: [
        { productId: 77, variationId: null, total: '49.00', hubOrderId: 'ord_01JD0000000000000000000001', siteUrl: 'https://one.example' },
        { productId: 77, variationId: null, total: '0.30', hubOrderId: null, siteUrl: null },
        { productId: 78, variationId: null, total: '', hubOrderId: null, siteUrl: null },
      ],
      hubOrderId: 'ord_01JD0000000000000000000000',
    });
  });
});
