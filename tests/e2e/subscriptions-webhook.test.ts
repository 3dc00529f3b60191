import { randomUUID } from 'node:crypto';
import type { Services } from '../../worker/src/services';
import { bearer, call, json } from '../support/lanes';
import { hub } from '../support/hub-cli';
import { hubServices } from '../support/hub-services';
import { closeLoopbackAgents, randomLoopbackAddress } from '../support/loopback';
import { entitlementOf, eventually, historyOf, propagated, subscriptionSite, type SubscriptionSite } from '../support/subscription-site';
import { auditEntry, sendWebhook } from '../support/webhook-calls';
import { restRenewalOrder, restSubscription, type SubscriptionOptions } from '../support/woo-subscription-webhook';
import { delivery, phpJsonEncode, restOrder } from '../support/woo-webhook';

/**
 * WooCommerce Subscriptions by webhook (docs/commerce.md, "Subscriptions"; docs/external/woocommerce.md):
 * `subscription.*` deliveries and renewal orders (`order.updated` with `_subscription_renewal`)
 * from another store, signed as WooCommerce signs them, through to the entitlement, its history
 * and the message the client site receives.
 */
const DAY = 86_400_000;
const GRACE_DAYS = 3;
const unique = randomUUID().slice(0, 8);
const STORE = `https://subs-${unique}.example/`;
const SECRET = `s&u<b>"s'${unique}`;
const OTHER_STORE = `https://other-subs-${unique}.example/`;
const PACKAGE = `seo-monthly-${unique}`;
const ADDRESS = randomLoopbackAddress();
const actor = `woocommerce:${STORE}`;

hub('store', 'add', '--source', STORE, '--secret', SECRET);
hub('store', 'add', '--source', OTHER_STORE, '--secret', SECRET);
hub(
  'package',
  'create',
  '--id',
  PACKAGE,
  '--name',
  'SEO monthly',
  '--price',
  '49.00',
  '--currency',
  'EUR',
  '--features',
  'module.seo',
  '--duration-days',
  '30',
  '--woo-product',
  '77',
  '--store',
  STORE,
);

let services: Services;
beforeAll(() => {
  services = hubServices();
});
afterAll(async () => {
  await services.database.close();
  await closeLoopbackAgents();
});

let wooIds = 200_000 + Math.floor(Math.random() * 1_000_000);
const nextId = () => (wooIds += 1);
const seconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

async function send(topic: string, body: unknown, source = STORE) {
  const { answer, requestId } = await sendWebhook(ADDRESS, 'direct', delivery(phpJsonEncode(body), { source, key: SECRET, topic }));
  expect(answer.status).toBe(200);
  return { ...answer.body, requestId } as { outcome: string; reason: string; order_id: string | null; requestId: string };
}

interface RenewalOptions {
  currency?: string;
  copiedHubOrderId?: string;
  /** date_paid_gmt; the delivery's modification time when not given. */
  paidAt?: Date;
}

interface Subscribed {
  site: SubscriptionSite;
  orderId: string;
  parentId: number;
  subscriptionId: number;
  nextPaymentAt: Date;
  /** A subscription.updated delivery of this subscription. */
  update(status: string, options?: Partial<SubscriptionOptions>): ReturnType<typeof send>;
  /** A renewal order delivery of this subscription. */
  renewal(id: number, status: string, options?: RenewalOptions): ReturnType<typeof send>;
}

/** Checkout, the parent order paid, the subscription active: what a buyer's first payment sends. */
async function subscribe(tag: string): Promise<Subscribed> {
  const site = await subscriptionSite(tag);
  const init = json({ package_id: PACKAGE, site_url: site.siteUrl });
  const checkout = await call('direct', '/wp-json/svc-commerce/v1/checkout', {
    ...init,
    headers: { ...init.headers, ...bearer(site.key) },
  });
  expect(checkout.status).toBe(201);
  const orderId = checkout.body.id as string;
  const parentId = nextId();
  const subscriptionId = nextId();
  const paidAt = new Date(Date.now() - 60_000);
  const paid = await send(
    'order.updated',
    restOrder({ id: parentId, hubOrderId: orderId, siteUrl: site.siteUrl, status: 'processing', paidAt, modifiedAt: paidAt }),
  );
  expect(paid.outcome).toBe('applied');
  const nextPaymentAt = seconds(new Date(Date.now() + 30 * DAY));
  let modified = Date.now() - 50_000;
  const update = (status: string, options: Partial<SubscriptionOptions> = {}) =>
    send(
      'subscription.updated',
      restSubscription({ id: subscriptionId, parentId, status, nextPaymentAt, modifiedAt: new Date((modified += 1000)), ...options }),
    );
  const renewal = (id: number, status: string, { paidAt, ...options }: RenewalOptions = {}) => {
    const at = new Date((modified += 1000));
    return send(
      'order.updated',
      restRenewalOrder({ id, subscriptionId, status, paidAt: status === 'processing' ? (paidAt ?? at) : null, modifiedAt: at, ...options }),
    );
  };
  const active = await update('active');
  expect(active).toMatchObject({ outcome: 'applied', order_id: orderId });
  return { site, orderId, parentId, subscriptionId, nextPaymentAt, update, renewal };
}

describe('WooCommerce Subscriptions by webhook', () => {
  it('links the subscription to the hub order its parent paid: the entitlement runs to the next payment date plus the grace period', async () => {
    const subscribed = await subscribe('link');
    const entitlement = await entitlementOf(services, subscribed.site, PACKAGE);
    expect(entitlement.status).toBe('active');
    expect(entitlement.expiresAt!.getTime()).toBe(subscribed.nextPaymentAt.getTime() + GRACE_DAYS * DAY);
    const history = await historyOf(services, entitlement.id);
    expect(history[1]).toMatchObject({ from: 'active', to: 'active', actor });
    expect(history[1]!.reason).toContain(`subscription ${subscribed.subscriptionId} active: paid until`);
    const told = await propagated(subscribed.site, 2);
    expect(told[1]).toMatchObject({ status: 'active', expires_at: entitlement.expiresAt!.toISOString() });
    const order = await call('direct', `/wp-json/svc-commerce/v1/orders/${subscribed.orderId}`, { headers: bearer(subscribed.site.key) });
    expect(order.body.subscription).toEqual({
      subscription_id: subscribed.subscriptionId,
      store: STORE,
      status: 'active',
      billing_period: 'month',
      billing_interval: 1,
      paid_until: subscribed.nextPaymentAt.toISOString(),
      end_at: null,
      renewal_failed_at: null,
      suspended_at: null,
    });
  });

  it('links a subscription once when its first deliveries arrive at the same time', async () => {
    const site = await subscriptionSite('race');
    const init = json({ package_id: PACKAGE, site_url: site.siteUrl });
    const checkout = await call('direct', '/wp-json/svc-commerce/v1/checkout', {
      ...init,
      headers: { ...init.headers, ...bearer(site.key) },
    });
    const parentId = nextId();
    const subscriptionId = nextId();
    const paidAt = new Date(Date.now() - 60_000);
    await send(
      'order.updated',
      restOrder({ id: parentId, hubOrderId: checkout.body.id, siteUrl: site.siteUrl, status: 'processing', paidAt, modifiedAt: paidAt }),
    );
    const nextPaymentAt = seconds(new Date(Date.now() + 30 * DAY));
    const body = (status: string, topic: string) =>
      send(topic, restSubscription({ id: subscriptionId, parentId, status, nextPaymentAt, modifiedAt: new Date(Date.now() - 30_000) }));
    const answers = await Promise.all([
      body('pending', 'subscription.created'),
      body('active', 'subscription.updated'),
      body('active', 'subscription.updated'),
      body('active', 'subscription.updated'),
    ]);
    expect(answers.map((answer) => answer.outcome).sort()).toEqual(['applied', 'no_change', 'no_change', 'no_change']);
    const [rows] = await services.database.pool.query(
      `SELECT order_id FROM ${services.database.table('subscriptions')} WHERE subscription_id = ?`,
      [subscriptionId],
    );
    expect(rows).toEqual([{ order_id: checkout.body.id }]);
  });

  it('keeps the entitlement on through a renewal in progress (on-hold, pending renewal order), and a paid renewal extends it once', async () => {
    const subscribed = await subscribe('renew');
    const before = await entitlementOf(services, subscribed.site, PACKAGE);
    expect((await subscribed.update('on-hold')).outcome).toBe('no_change');
    const renewalId = nextId();
    // The renewal order copies the parent's meta: it still goes to its subscription, not to the hub order's payment.
    expect((await subscribed.renewal(renewalId, 'pending', { copiedHubOrderId: subscribed.orderId })).outcome).toBe('no_change');
    expect(await entitlementOf(services, subscribed.site, PACKAGE)).toMatchObject({ status: 'active', expiresAt: before.expiresAt });

    const paid = await subscribed.renewal(renewalId, 'processing', { copiedHubOrderId: subscribed.orderId });
    expect(paid).toMatchObject({ outcome: 'applied', order_id: subscribed.orderId });
    const renewed = await entitlementOf(services, subscribed.site, PACKAGE);
    expect(renewed.status).toBe('active');
    expect(renewed.expiresAt!.getTime()).toBeGreaterThan(before.expiresAt!.getTime() + 27 * DAY);
    expect((await subscribed.renewal(renewalId, 'completed')).outcome).toBe('no_change');
    expect((await entitlementOf(services, subscribed.site, PACKAGE)).expiresAt).toEqual(renewed.expiresAt);

    // The subscription's own next payment date, when its update arrives, is the term.
    const next = seconds(new Date(subscribed.nextPaymentAt.getTime() + 40 * DAY));
    await subscribed.update('active', { nextPaymentAt: next });
    const final = await entitlementOf(services, subscribed.site, PACKAGE);
    expect(final.expiresAt!.getTime()).toBe(next.getTime() + GRACE_DAYS * DAY);
    // The next renewal's subscription update arrives before its order: its date counts the renewal in, nothing is added twice.
    const third = seconds(new Date(next.getTime() + 30 * DAY));
    const paidAt = new Date(Date.now() - 55_000);
    await subscribed.update('active', { nextPaymentAt: third });
    expect((await subscribed.renewal(nextId(), 'processing', { paidAt })).outcome).toBe('applied');
    expect((await entitlementOf(services, subscribed.site, PACKAGE)).expiresAt!.getTime()).toBe(third.getTime() + GRACE_DAYS * DAY);
    expect((await services.commerce.orders.find(subscribed.orderId))!.status).toBe('paid');
    const history = await historyOf(services, final.id);
    expect(
      history.find((row) => row.reason.startsWith(`renewal order ${renewalId} of subscription ${subscribed.subscriptionId} paid`)),
    ).toMatchObject({ actor });
    const told = await propagated(subscribed.site, 5);
    expect(told.map((message) => message.status)).toEqual(['active', 'active', 'active', 'active', 'active']);
  });

  it("suspends after the grace period when a renewal failed (the worker's job), and a paid retry brings it back", async () => {
    const subscribed = await subscribe('failed');
    await subscribed.update('on-hold');
    const renewalId = nextId();
    const failed = await subscribed.renewal(renewalId, 'failed');
    expect(failed).toMatchObject({ outcome: 'applied', order_id: subscribed.orderId });
    expect(failed.reason).toContain(`suspended after ${GRACE_DAYS} days`);
    expect(await services.commerce.subscriptions.suspendOverdue(new Date(Date.now() + (GRACE_DAYS * DAY) / 2))).toBe(0);
    expect((await entitlementOf(services, subscribed.site, PACKAGE)).status).toBe('active');

    // The grace period passes: the worker's job (every SVC_EXPIRY_INTERVAL_MS) suspends it.
    await services.database.pool.query(
      `UPDATE ${services.database.table('subscriptions')} SET renewal_failed_at = renewal_failed_at - INTERVAL ${GRACE_DAYS * 24 + 1} HOUR WHERE subscription_id = ?`,
      [subscribed.subscriptionId],
    );
    const suspended = await eventually(
      () => entitlementOf(services, subscribed.site, PACKAGE),
      (entitlement) => entitlement.status === 'suspended',
    );
    expect(suspended.status).toBe('suspended');
    const history = await historyOf(services, suspended.id);
    expect(history[history.length - 1]).toMatchObject({ from: 'active', to: 'suspended', actor: 'system:renewal-grace' });

    expect((await subscribed.renewal(renewalId, 'processing')).outcome).toBe('applied');
    expect((await entitlementOf(services, subscribed.site, PACKAGE)).status).toBe('active');
    // The failed state delivered again after the payment starts no new grace period.
    expect((await subscribed.renewal(renewalId, 'failed')).outcome).toBe('no_change');
    const order = await call('direct', `/wp-json/svc-commerce/v1/orders/${subscribed.orderId}`, { headers: bearer(subscribed.site.key) });
    expect(order.body.subscription).toMatchObject({ renewal_failed_at: null, suspended_at: null });
    const told = await propagated(subscribed.site, 4);
    expect(told.map((message) => message.status)).toEqual(['active', 'active', 'suspended', 'active']);
  });

  it('keeps a pending-cancel subscription active to the end of the paid term, then expires it', async () => {
    const subscribed = await subscribe('pending-cancel');
    const endAt = seconds(new Date(Date.now() + 3000));
    const cancelled = await subscribed.update('pending-cancel', { nextPaymentAt: null, endAt });
    expect(cancelled.outcome).toBe('applied');
    expect(await entitlementOf(services, subscribed.site, PACKAGE)).toMatchObject({ status: 'active', expiresAt: endAt });
    const expired = await eventually(
      () => entitlementOf(services, subscribed.site, PACKAGE),
      (entitlement) => entitlement.status === 'expired',
    );
    expect(expired.status).toBe('expired');
    const told = await propagated(subscribed.site, 4);
    expect(told.slice(2)).toEqual([
      expect.objectContaining({ status: 'active', expires_at: endAt.toISOString() }),
      expect.objectContaining({ status: 'expired', reason: 'expiry date reached' }),
    ]);
  });

  it.each(['cancelled', 'expired'])('ends the entitlement when the subscription is %s', async (status) => {
    const subscribed = await subscribe(status);
    const ended = await subscribed.update(status, { nextPaymentAt: null, endAt: new Date() });
    expect(ended).toMatchObject({
      outcome: 'applied',
      reason: `subscription ${subscribed.subscriptionId} ${status}: the entitlement ends`,
    });
    const entitlement = await entitlementOf(services, subscribed.site, PACKAGE);
    expect(entitlement.status).toBe('expired');
    expect((await historyOf(services, entitlement.id)).pop()).toMatchObject({ from: 'active', to: 'expired', actor });
    expect((await propagated(subscribed.site, 3))[2]).toMatchObject({ status: 'expired' });
    expect((await subscribed.update(status, { nextPaymentAt: null })).outcome).toBe('no_change');
    // An `active` delivery older than the end, arriving late, does not bring the site back.
    const late = await subscribed.update('active', { modifiedAt: new Date(Date.now() - 55_000) });
    expect(late.outcome).toBe('ignored_older');
    expect((await entitlementOf(services, subscribed.site, PACKAGE)).status).toBe('expired');
  });

  it('keeps the subscription\'s term when another paid order of the package is refunded (docs/commerce.md "Coverage")', async () => {
    const subscribed = await subscribe('coverage');
    const term = (await entitlementOf(services, subscribed.site, PACKAGE)).expiresAt!.getTime();
    const init = json({ package_id: PACKAGE, site_url: subscribed.site.siteUrl });
    const checkout = await call('direct', '/wp-json/svc-commerce/v1/checkout', {
      ...init,
      headers: { ...init.headers, ...bearer(subscribed.site.key) },
    });
    const [wooOrderId, paidAt] = [nextId(), new Date(Date.now() - 30_000)];
    const order = (status: string, modifiedAt: Date) =>
      restOrder({ id: wooOrderId, hubOrderId: checkout.body.id, siteUrl: subscribed.site.siteUrl, status, paidAt, modifiedAt });
    expect((await send('order.updated', order('processing', paidAt))).outcome).toBe('applied');
    expect((await entitlementOf(services, subscribed.site, PACKAGE)).expiresAt!.getTime()).toBeGreaterThan(term);
    expect((await send('order.updated', order('refunded', new Date(Date.now() - 20_000)))).outcome).toBe('applied');
    const after = await entitlementOf(services, subscribed.site, PACKAGE);
    expect([after.status, after.expiresAt!.getTime()]).toEqual(['active', term]);
  });

  it('ends the entitlement when the subscription is deleted', async () => {
    const subscribed = await subscribe('deleted');
    expect((await send('subscription.deleted', { id: subscribed.subscriptionId })).outcome).toBe('applied');
    expect((await entitlementOf(services, subscribed.site, PACKAGE)).status).toBe('expired');
  });

  it('audits an unknown subscription, or one failing the checks, as unmatched and changes nothing', async () => {
    const subscribed = await subscribe('checks');
    const before = await entitlementOf(services, subscribed.site, PACKAGE);
    const modifiedAt = new Date();
    const unknownId = nextId();
    const cases = [
      // A subscription whose parent paid no hub order, and a renewal of a subscription never linked.
      await send(
        'subscription.updated',
        restSubscription({
          id: unknownId,
          parentId: nextId(),
          status: 'active',
          nextPaymentAt: new Date(Date.now() + 90 * DAY),
          modifiedAt,
        }),
      ),
      await send(
        'order.updated',
        restRenewalOrder({ id: nextId(), subscriptionId: unknownId, status: 'processing', paidAt: modifiedAt, modifiedAt }),
      ),
      // The right parent, another product; the right subscription, another currency; the right ids, another store.
      await send(
        'subscription.updated',
        restSubscription({
          id: nextId(),
          parentId: subscribed.parentId,
          status: 'active',
          productId: 78,
          nextPaymentAt: new Date(Date.now() + 90 * DAY),
          modifiedAt,
        }),
      ),
      await subscribed.renewal(nextId(), 'processing', { currency: 'USD' }),
      await send(
        'subscription.updated',
        restSubscription({
          id: subscribed.subscriptionId,
          parentId: subscribed.parentId,
          status: 'cancelled',
          modifiedAt: new Date(Date.now() + 5000),
        }),
        OTHER_STORE,
      ),
    ];
    expect(cases.map((answer) => answer.outcome)).toEqual(['unmatched', 'unmatched', 'unmatched', 'unmatched', 'unmatched']);
    expect(cases[0]!.reason).toContain(`no hub order is paid by WooCommerce order`);
    expect(cases[1]!.reason).toBe(`subscription ${unknownId} of ${STORE} is not linked to a hub order (its parent order has not paid one)`);
    expect(cases[2]!.reason).toContain('product 77 of package');
    expect(cases[3]!.reason).toBe('currency USD is not EUR');
    const audited = await auditEntry(cases[0]!.requestId);
    expect(audited).toMatchObject({ outcome: 'unmatched', topic: 'subscription.updated', woo_order_id: unknownId });
    expect(await entitlementOf(services, subscribed.site, PACKAGE)).toEqual(before);
    expect(await propagated(subscribed.site, 2)).toHaveLength(2);
  });
});
