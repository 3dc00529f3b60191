import { factsFromRestOrder } from './woo-order';
import { addBillingPeriods, factsFromRestSubscription } from './woo-subscription';

const subscription = {
  id: 812,
  parent_id: 811,
  status: 'active',
  currency: 'eur',
  billing_period: 'month',
  billing_interval: '1',
  next_payment_date_gmt: '2026-12-24T10:00:00',
  end_date_gmt: '',
  date_modified_gmt: '2026-11-24T10:00:00',
  line_items: [{ product_id: 77, variation_id: 0 }],
  meta_data: [{ key: 'svc_hub_order_id', value: 'ord_01JTESTTESTTESTTESTTESTTES' }],
};

describe('factsFromRestSubscription', () => {
  it('reads the REST wc/v3/subscriptions fields the hub acts on', () => {
    expect(factsFromRestSubscription(subscription, 'https://shop.example/')).toEqual({
      store: 'https://shop.example/',
      subscriptionId: 812,
      status: 'active',
      parentId: 811,
      currency: 'EUR',
      billingPeriod: 'month',
      billingInterval: 1,
      nextPaymentAt: new Date('2026-12-24T10:00:00Z'),
      endAt: null,
      dateModified: new Date('2026-11-24T10:00:00Z'),
      productIds: [77],
    });
  });

  it.each([
    [null, 'the body is not a subscription object'],
    [{ ...subscription, id: '12a' }, 'the subscription has no numeric id'],
    [{ ...subscription, status: 'processing' }, 'the subscription\'s status "processing" is not a WooCommerce Subscriptions status'],
  ])('refuses %j', (body, error) => {
    expect(factsFromRestSubscription(body, null)).toEqual({ error });
  });

  it('takes wc- prefixed statuses and unknown periods as none', () => {
    expect(factsFromRestSubscription({ ...subscription, status: 'wc-pending-cancel', billing_period: 'fortnight' }, null)).toMatchObject({
      status: 'pending-cancel',
      billingPeriod: '',
    });
  });
});

describe('renewal orders', () => {
  it('read _subscription_renewal as the subscription they renew (string or number)', () => {
    const order = { id: 900, status: 'processing', meta_data: [{ key: '_subscription_renewal', value: '812' }] };
    expect(factsFromRestOrder(order, null)).toMatchObject({ renewalOf: 812 });
    expect(factsFromRestOrder({ ...order, meta_data: [{ key: '_subscription_renewal', value: 812 }] }, null)).toMatchObject({
      renewalOf: 812,
    });
    expect(factsFromRestOrder({ ...order, meta_data: [{ key: '_subscription_renewal', value: '0' }] }, null)).toMatchObject({
      renewalOf: null,
    });
  });
});

describe('addBillingPeriods', () => {
  it.each([
    ['2026-01-31T08:00:00Z', 'month', 1, '2026-02-28T08:00:00.000Z'],
    ['2028-01-31T08:00:00Z', 'month', 1, '2028-02-29T08:00:00.000Z'],
    ['2026-11-24T08:00:00Z', 'month', 3, '2027-02-24T08:00:00.000Z'],
    ['2028-02-29T08:00:00Z', 'year', 1, '2029-02-28T08:00:00.000Z'],
    ['2026-11-24T08:00:00Z', 'week', 2, '2026-12-08T08:00:00.000Z'],
    ['2026-12-31T08:00:00Z', 'day', 1, '2027-01-01T08:00:00.000Z'],
  ] as const)('%s + %s × %d = %s', (from, period, interval, expected) => {
    expect(addBillingPeriods(new Date(from), period, interval).toISOString()).toBe(expected);
  });
});
