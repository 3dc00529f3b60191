import type { PaymentResult } from '../payment-result';
import type { WooSubscriptionFacts } from '../woo-subscription';
import { processDelivery } from './delivery';

const STORE = 'https://shop.example/';
const applied: PaymentResult = { outcome: 'applied', reason: 'subscription 812 active', orderId: 'ord_01JTESTTESTTESTTESTTESTTES' };

function payments() {
  const calls: unknown[][] = [];
  return {
    calls,
    applyWooOrder: async () => applied,
    applySubscription: async (facts: WooSubscriptionFacts, source: string) => (
      calls.push(['subscription', facts.subscriptionId, facts.status, source]),
      applied
    ),
    applySubscriptionDeleted: async (store: string | null, id: number, source: string) => (
      calls.push(['deleted', store, id, source]),
      applied
    ),
  };
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const subscription = {
  id: 812,
  parent_id: 811,
  status: 'active',
  billing_period: 'month',
  billing_interval: '1',
  line_items: [{ product_id: 77 }],
};

describe('subscription.* deliveries', () => {
  it.each(['subscription.created', 'subscription.updated'])("apply %s as the subscription's state", async (topic) => {
    const fake = payments();
    expect(await processDelivery(fake, STORE, topic, json(subscription))).toEqual({ ...applied, wooOrderId: 812 });
    expect(fake.calls).toEqual([['subscription', 812, 'active', 'webhook']]);
  });

  it('end a known subscription on subscription.deleted, whose body may be only its id', async () => {
    const fake = payments();
    expect(await processDelivery(fake, STORE, 'subscription.deleted', json({ id: 812 }))).toEqual({ ...applied, wooOrderId: 812 });
    expect(fake.calls).toEqual([['deleted', STORE, 812, 'webhook']]);
  });

  it.each([
    [
      'subscription.updated',
      json({ ...subscription, status: 'paid' }),
      'the subscription\'s status "paid" is not a WooCommerce Subscriptions status',
    ],
    ['subscription.updated', json([subscription]), 'the body is not a subscription object'],
    ['subscription.deleted', json({}), 'the subscription has no numeric id'],
    ['subscription.updated', Buffer.from('{'), /^the body is not valid JSON/],
  ])('ignore %s with an unusable body, changing nothing', async (topic, body, reason) => {
    const fake = payments();
    const result = await processDelivery(fake, STORE, topic, body);
    expect(result.outcome).toBe('ignored');
    expect(result.reason).toMatch(reason);
    expect(fake.calls).toEqual([]);
  });
});
