import { randomUUID } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import type { Services } from '../../worker/src/services';
import { bearer, call, json } from '../support/lanes';
import { hub } from '../support/hub-cli';
import { hubServices } from '../support/hub-services';
import { shellHeaders } from '../support/signed-request';
import { entitlementOf, eventually, historyOf, propagated, subscriptionSite } from '../support/subscription-site';
import { stack } from '../support/stack';
import { startWorker, stopWorker } from '../support/worker-process';
import { runWordPressCron, wooStandIn } from '../support/woocommerce-stand-in';
import { mysqlGmt, wooSubscriptions } from '../support/woo-subscriptions-stand-in';

/**
 * WooCommerce Subscriptions on the hub site (docs/commerce.md, "Subscriptions"): the stand-in
 * fires WooCommerce Subscriptions' hooks in their order with their arguments; the plugin's bridge
 * forwards them to the worker; the entitlement, its history and the client site's message follow.
 */
const DAY = 86_400_000;
const GRACE_DAYS = 3;
const PACKAGE = `seo-local-${randomUUID().slice(0, 8)}`;
const ACTOR = 'woocommerce:this-site';
hub(
  'package',
  'create',
  '--id',
  PACKAGE,
  '--name',
  'SEO monthly (this site)',
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
);

let services: Services;
beforeAll(() => {
  services = hubServices();
});
afterAll(async () => {
  await services.database.close();
});

const parse = (date: string | 0) => (date ? new Date(`${date.replace(' ', 'T')}Z`) : null);

/** Checkout on this site, the parent order paid, its subscription started. */
async function subscribe(tag: string) {
  const site = await subscriptionSite(tag);
  const init = json({ package_id: PACKAGE, site_url: site.siteUrl });
  const checkout = await call('wordpress', '/wp-json/svc-commerce/v1/checkout', {
    ...init,
    headers: { ...init.headers, ...bearer(site.key) },
  });
  expect(checkout.status).toBe(201);
  await wooStandIn.pay(checkout.body.woo_order_id);
  const subscription = await wooSubscriptions.start(checkout.body.woo_order_id);
  expect(subscription.status).toBe('active');
  return { site, orderId: checkout.body.id as string, subscription };
}

describe('WooCommerce Subscriptions on the hub site', () => {
  it('links the subscription through its parent order; a renewal in progress keeps the entitlement on; the paid renewal extends it to the next payment date plus grace', async () => {
    const { site, subscription } = await subscribe('renew');
    const linked = await entitlementOf(services, site, PACKAGE);
    expect(linked.expiresAt!.getTime()).toBe(parse(subscription.next_payment_date)!.getTime() + GRACE_DAYS * DAY);

    const renewing = await wooSubscriptions.beginRenewal(subscription.id);
    expect(renewing.status).toBe('on-hold');
    expect(await entitlementOf(services, site, PACKAGE)).toMatchObject({ status: 'active', expiresAt: linked.expiresAt });

    await wooStandIn.pay(renewing.renewal_order_id!);
    const renewed = await wooSubscriptions.read(subscription.id);
    expect(renewed.status).toBe('active');
    const extended = await entitlementOf(services, site, PACKAGE);
    expect(extended.status).toBe('active');
    expect(extended.expiresAt!.getTime()).toBe(parse(renewed.next_payment_date)!.getTime() + GRACE_DAYS * DAY);
    expect(extended.expiresAt!.getTime()).toBeGreaterThan(linked.expiresAt!.getTime() + 27 * DAY);
    const history = await historyOf(services, extended.id);
    expect(history.pop()).toMatchObject({ from: 'active', to: 'active', actor: ACTOR });
    const told = await propagated(site, 3);
    expect(told.map((message) => [message.status, message.expires_at])).toEqual([
      ['active', expect.any(String)],
      ['active', linked.expiresAt!.toISOString()],
      ['active', extended.expiresAt!.toISOString()],
    ]);
  });

  it('suspends after the grace period when the renewal failed, and a paid retry brings it back', async () => {
    const { site, subscription } = await subscribe('failed');
    const renewing = await wooSubscriptions.beginRenewal(subscription.id);
    await wooStandIn.setStatus(renewing.renewal_order_id!, 'failed');
    expect((await wooSubscriptions.read(subscription.id)).status).toBe('on-hold');
    expect((await entitlementOf(services, site, PACKAGE)).status).toBe('active');

    await services.database.pool.query(
      `UPDATE ${services.database.table('subscriptions')} SET renewal_failed_at = renewal_failed_at - INTERVAL ${GRACE_DAYS * 24 + 1} HOUR WHERE subscription_id = ? AND store = ''`,
      [subscription.id],
    );
    const suspended = await eventually(
      () => entitlementOf(services, site, PACKAGE),
      (entitlement) => entitlement.status === 'suspended',
    );
    expect(suspended.status).toBe('suspended');
    expect((await historyOf(services, suspended.id)).pop()).toMatchObject({
      from: 'active',
      to: 'suspended',
      actor: 'system:renewal-grace',
    });

    await wooStandIn.pay(renewing.renewal_order_id!);
    expect((await entitlementOf(services, site, PACKAGE)).status).toBe('active');
    const told = await propagated(site, 4);
    expect(told.map((message) => message.status)).toEqual(['active', 'active', 'suspended', 'active']);
  });

  it('keeps a pending-cancel subscription active to the end of the paid term, then expires it', async () => {
    const { site, subscription } = await subscribe('pending-cancel');
    const endAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 3000);
    await wooSubscriptions.setDates(subscription.id, { next_payment: mysqlGmt(endAt) });
    const cancelling = await wooSubscriptions.setStatus(subscription.id, 'pending-cancel');
    expect(parse(cancelling.end_date)).toEqual(endAt);
    expect(await entitlementOf(services, site, PACKAGE)).toMatchObject({ status: 'active', expiresAt: endAt });
    const expired = await eventually(
      () => entitlementOf(services, site, PACKAGE),
      (entitlement) => entitlement.status === 'expired',
    );
    expect(expired.status).toBe('expired');
    const told = await propagated(site, 4);
    expect(told.slice(2).map((message) => message.status)).toEqual(['active', 'expired']);
  });

  it.each(['cancelled', 'expired'])('ends the entitlement when the subscription is %s', async (status) => {
    const { site, subscription } = await subscribe(status);
    await wooSubscriptions.setStatus(subscription.id, status);
    const ended = await entitlementOf(services, site, PACKAGE);
    expect(ended.status).toBe('expired');
    expect((await historyOf(services, ended.id)).pop()).toMatchObject({
      from: 'active',
      to: 'expired',
      actor: ACTOR,
      reason: `subscription ${subscription.id} ${status}: the entitlement ends`,
    });
    expect((await propagated(site, 3))[2]).toMatchObject({ status: 'expired' });
  });

  it('queues a subscription event while the worker is down; WP-Cron re-sends it once the worker is back', async () => {
    const { site, subscription } = await subscribe('queued');
    const prefix = `${stack().workerEnv.SVC_DB_PREFIX ?? 'wp_'}options`;
    const queued = async () => {
      const [rows] = await services.database.pool.query<RowDataPacket[]>(
        `SELECT option_name FROM ${prefix} WHERE option_name LIKE '\\_svc\\_hub\\_woo\\_subscription\\_event\\_%' ORDER BY option_id`,
      );
      return rows.map((row) => String(row.option_name).replace('_svc_hub_woo_subscription_event_', ''));
    };
    await stopWorker();
    try {
      await wooSubscriptions.setStatus(subscription.id, 'cancelled');
      expect(await queued()).toEqual([`${subscription.id}_status_cancelled`]);
    } finally {
      startWorker();
    }
    expect((await entitlementOf(services, site, PACKAGE)).status).toBe('active');
    await runWordPressCron();
    expect((await entitlementOf(services, site, PACKAGE)).status).toBe('expired');
    expect(await queued()).toEqual([]);
  });

  it('changes nothing for a subscription whose parent order paid no hub order', async () => {
    const order = await wooStandIn.createOrder(77);
    await wooStandIn.pay(order.id);
    const subscription = await wooSubscriptions.start(order.id);
    const renewing = await wooSubscriptions.beginRenewal(subscription.id);
    await wooStandIn.pay(renewing.renewal_order_id!);
    const [rows] = await services.database.pool.query(
      `SELECT * FROM ${services.database.table('subscriptions')} WHERE subscription_id = ? AND store = ''`,
      [subscription.id],
    );
    expect(rows).toEqual([]);
  });

  it('answers 400 svc_invalid_request on the worker route for a body that is not a subscription event, changing nothing', async () => {
    const path = '/wp-json/svc-hub/v1/internal/woo-subscription-event';
    const send = (value: unknown) => {
      const body = JSON.stringify(value);
      return call('direct', path, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', ...shellHeaders({ method: 'POST', path, body, user: '' }) },
      });
    };
    const subscription = { id: 5, parent_id: 4, status: 'active', line_items: [] };
    const cases = [
      await send({ event: 'renewed', subscription }),
      await send({ event: 'status_updated', subscription: { ...subscription, status: 'paid' } }),
      await send({ event: 'renewal_payment_complete', subscription }),
    ];
    expect(cases.map((answer) => [answer.status, answer.body.code, Object.keys(answer.body.data.params)])).toEqual([
      [400, 'svc_invalid_request', ['event']],
      [400, 'svc_invalid_request', ['subscription']],
      [400, 'svc_invalid_request', ['renewal_order']],
    ]);
    const unknown = await send({ event: 'status_updated', subscription });
    expect([unknown.status, unknown.body.outcome]).toEqual([200, 'unmatched']);
  });
});
