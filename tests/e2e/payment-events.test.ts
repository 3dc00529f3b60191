import { randomUUID } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import type { WooOrderFacts } from '../../worker/src/commerce/woo-order';
import type { Services } from '../../worker/src/services';
import { bearer, call, json } from '../support/lanes';
import { createKey, hub } from '../support/hub-cli';
import { hubServices } from '../support/hub-services';

/**
 * What a WooCommerce order does to the hub (docs/architecture.md §5), driven through PaymentEvents on the
 * real database: renewals, refunds, suspensions, repurchase, housekeeping. The wire formats
 * that lead here are tested in webhook.test.ts and woocommerce-in-process.test.ts.
 */
const STORE = 'https://renewals-store.example';
const DAY_MS = 86_400_000;
let services: Services;

beforeAll(() => {
  services = hubServices();
});
afterAll(async () => {
  await services.database.close();
});

function createPackage(durationDays: number | null): string {
  const id = `pkg-${randomUUID().slice(0, 8)}`;
  const duration = durationDays === null ? [] : ['--duration-days', String(durationDays)];
  hub(
    'package',
    'create',
    '--id',
    id,
    '--name',
    id,
    '--price',
    '10.00',
    '--currency',
    'EUR',
    '--features',
    'module.seo',
    '--store',
    STORE,
    '--woo-product',
    '501',
    ...duration,
  );
  return id;
}

async function checkout(key: string, packageId: string, siteUrl: string): Promise<string> {
  const init = json({ package_id: packageId, site_url: siteUrl });
  const answer = await call('direct', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(key) } });
  expect(answer.status).toBe(201);
  return answer.body.id;
}

let wooOrderIds = 9000;
function facts(hubOrderId: string, status: string, overrides: Partial<WooOrderFacts> = {}): WooOrderFacts {
  return {
    store: `${STORE}/`,
    wooOrderId: overrides.wooOrderId ?? (wooOrderIds += 1),
    status,
    currency: 'EUR',
    total: '10.00',
    datePaid: status === 'processing' || status === 'completed' || status === 'refunded' ? new Date() : null,
    dateModified: new Date(),
    productIds: [501],
    hubOrderId,
    siteUrl: null,
    ...overrides,
  };
}

async function outboxCount(siteUrl: string): Promise<number> {
  const [[row]] = await services.database.pool.query<RowDataPacket[]>(
    `SELECT COUNT(*) AS total FROM ${services.database.table('outbox')} WHERE site_url = ?`,
    [siteUrl],
  );
  return Number(row!.total);
}

const entitlementOf = async (siteUrl: string, packageId: string) =>
  (await services.entitlements.listForSite(siteUrl)).find((entitlement) => entitlement.packageId === packageId)!;

describe('payment events', () => {
  it('compares svc_site_url as a site URL (case, default port, trailing slash), and refuses another site', async () => {
    const client = createKey();
    const packageId = createPackage(30);
    const other = await checkout(client.key, packageId, client.siteUrl);
    const refused = await services.commerce.payments.applyWooOrder(
      facts(other, 'processing', { siteUrl: 'https://another-site.example' }),
      'webhook',
    );
    expect(refused.outcome).toBe('unmatched');
    const url = new URL(client.siteUrl);
    const spelled = `${url.protocol.toUpperCase()}//${url.hostname.toUpperCase()}:443/`;
    const paid = await services.commerce.payments.applyWooOrder(facts(other, 'processing', { siteUrl: spelled }), 'webhook');
    expect(paid).toMatchObject({ outcome: 'applied', orderId: other });
  });

  it('activates on payment, extends on renewal, shortens on a refund, revokes when nothing paid covers — each change queued once', async () => {
    const client = createKey();
    const packageId = createPackage(30);
    const first = await checkout(client.key, packageId, client.siteUrl);
    const paid = await services.commerce.payments.applyWooOrder(facts(first, 'processing', { wooOrderId: 7001 }), 'webhook');
    expect(paid).toMatchObject({ outcome: 'applied', orderId: first });
    const active = await entitlementOf(client.siteUrl, packageId);
    expect(active.status).toBe('active');
    expect(Math.abs(active.expiresAt!.getTime() - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
    expect(await outboxCount(client.siteUrl)).toBe(1);

    const duplicate = await services.commerce.payments.applyWooOrder(facts(first, 'completed', { wooOrderId: 7001 }), 'webhook');
    expect(duplicate.outcome).toBe('no_change');
    expect(await outboxCount(client.siteUrl)).toBe(1);

    const renewal = await checkout(client.key, packageId, client.siteUrl);
    await services.commerce.payments.applyWooOrder(facts(renewal, 'processing', { wooOrderId: 7002 }), 'webhook');
    const renewed = await entitlementOf(client.siteUrl, packageId);
    expect(renewed.expiresAt!.getTime() - active.expiresAt!.getTime()).toBe(30 * DAY_MS);

    // The renewal still pays: the refunded order's 30 days leave the coverage (docs/architecture.md §5).
    const refund = await services.commerce.payments.applyWooOrder(facts(first, 'refunded', { wooOrderId: 7001 }), 'webhook');
    expect(refund.outcome).toBe('applied');
    const shortened = await entitlementOf(client.siteUrl, packageId);
    expect(shortened.status).toBe('active');
    // The renewal now starts at its own payment, moments after the refunded one's.
    expect(Math.abs(shortened.expiresAt!.getTime() - (renewed.expiresAt!.getTime() - 30 * DAY_MS))).toBeLessThan(60_000);
    expect((await services.commerce.orders.find(first))!.status).toBe('refunded');
    expect(await outboxCount(client.siteUrl)).toBe(3);

    const again = await services.commerce.payments.applyWooOrder(facts(first, 'refunded', { wooOrderId: 7001 }), 'webhook');
    expect(again.outcome).toBe('no_change');
    expect(await outboxCount(client.siteUrl)).toBe(3);

    await services.commerce.payments.applyWooOrder(facts(renewal, 'refunded', { wooOrderId: 7002 }), 'webhook');
    expect((await entitlementOf(client.siteUrl, packageId)).status).toBe('revoked');
    expect(await outboxCount(client.siteUrl)).toBe(4);

    const comeback = await checkout(client.key, packageId, client.siteUrl);
    await services.commerce.payments.applyWooOrder(facts(comeback, 'processing'), 'webhook');
    expect((await entitlementOf(client.siteUrl, packageId)).status).toBe('active');
  });

  it("leaves an operator's suspension in place on payment, extending the expiry", async () => {
    const client = createKey();
    const packageId = createPackage(10);
    await services.commerce.payments.applyWooOrder(facts(await checkout(client.key, packageId, client.siteUrl), 'processing'), 'webhook');
    await services.entitlements.setStatus({
      siteUrl: client.siteUrl,
      packageId,
      status: 'suspended',
      reason: 'abuse review',
      actor: 'test',
    });
    const before = await entitlementOf(client.siteUrl, packageId);
    await services.commerce.payments.applyWooOrder(facts(await checkout(client.key, packageId, client.siteUrl), 'processing'), 'webhook');
    const after = await entitlementOf(client.siteUrl, packageId);
    expect(after.status).toBe('suspended');
    expect(after.expiresAt!.getTime() - before.expiresAt!.getTime()).toBe(10 * DAY_MS);
  });

  it('does not count processing without date_paid, nor an order paid by another WooCommerce order', async () => {
    const client = createKey();
    const packageId = createPackage(null);
    const order = await checkout(client.key, packageId, client.siteUrl);
    const unpaid = await services.commerce.payments.applyWooOrder(
      facts(order, 'processing', { datePaid: null, wooOrderId: 8101 }),
      'woocommerce',
    );
    expect(unpaid.outcome).toBe('no_change');
    await services.commerce.payments.applyWooOrder(facts(order, 'processing', { wooOrderId: 8101 }), 'webhook');
    const stranger = await services.commerce.payments.applyWooOrder(facts(order, 'refunded', { wooOrderId: 8102 }), 'webhook');
    expect(stranger.outcome).toBe('unmatched');
    expect((await services.commerce.orders.find(order))!.status).toBe('paid');
    expect((await entitlementOf(client.siteUrl, packageId)).expiresAt).toBeNull();
  });

  it.each(['webhook', 'woocommerce'] as const)(
    'lets only a paying order claim an unbound hub order (%s), whatever arrived first',
    async (source) => {
      const client = createKey();
      const packageId = createPackage(null);
      const order = await checkout(client.key, packageId, client.siteUrl);
      const stranger = (wooOrderIds += 1);
      const buyer = (wooOrderIds += 1);
      for (const status of ['checkout-draft', 'pending', 'on-hold', 'failed', 'cancelled']) {
        const unpaid = await services.commerce.payments.applyWooOrder(facts(order, status, { wooOrderId: stranger }), source);
        expect(unpaid).toMatchObject({ outcome: 'no_change', orderId: order });
      }
      const cashOnDelivery = await services.commerce.payments.applyWooOrder(
        facts(order, 'processing', { wooOrderId: stranger, datePaid: null }),
        source,
      );
      expect(cashOnDelivery.outcome).toBe('no_change');
      const untouched = await services.commerce.orders.find(order);
      expect([untouched!.status, untouched!.wooOrderId, untouched!.lastEventAt]).toEqual(['pending', null, null]);

      expect((await services.commerce.payments.applyWooOrder(facts(order, 'processing', { wooOrderId: buyer }), source)).outcome).toBe(
        'applied',
      );
      for (const overrides of [{ productIds: [999] }, { total: '0.01' }, {}]) {
        expect(
          (await services.commerce.payments.applyWooOrder(facts(order, 'completed', { wooOrderId: stranger, ...overrides }), source))
            .outcome,
        ).toBe('unmatched');
      }
      expect(await services.commerce.orders.find(order)).toMatchObject({ status: 'paid', wooOrderId: buyer });
      expect((await services.commerce.payments.applyWooOrder(facts(order, 'refunded', { wooOrderId: buyer }), source)).outcome).toBe(
        'applied',
      );
      expect((await services.commerce.orders.find(order))!.status).toBe('refunded');
    },
  );

  it('serialises concurrent changes to one site, so the last message sent carries all of them', async () => {
    const client = createKey();
    const features = Array.from({ length: 12 }, (_, index) => `module.race${index}`);
    await Promise.all(
      features.map((feature) =>
        services.entitlements.grantManual({ siteUrl: client.siteUrl, features: [feature], expiresAt: null, reason: 'race', actor: 'test' }),
      ),
    );
    const [rows] = await services.database.pool.query<RowDataPacket[]>(
      `SELECT payload FROM ${services.database.table('outbox')} WHERE site_url = ? ORDER BY sequence`,
      [client.siteUrl],
    );
    expect(rows).toHaveLength(12);
    // Each message includes every change sent before it: the summaries grow one by one.
    expect(rows.map((row) => JSON.parse(row.payload).data.features.length)).toEqual(features.map((_, index) => index + 1));
  });

  it('expires pending orders after 24 h — a late payment still counts — and forgets old Idempotency-Keys', async () => {
    const client = createKey();
    const packageId = createPackage(null);
    const order = await checkout(client.key, packageId, client.siteUrl);
    const table = services.database.table('orders');
    await services.database.pool.query(`UPDATE ${table} SET created_at = UTC_TIMESTAMP(3) - INTERVAL 25 HOUR WHERE id = ?`, [order]);
    expect(await services.commerce.orders.expireStale(24)).toBeGreaterThanOrEqual(1);
    const expired = await services.commerce.orders.find(order);
    expect(expired!.status).toBe('expired');
    expect((await services.commerce.orders.history(order)).map((entry) => [entry.status, entry.source])).toEqual([
      ['pending', 'checkout'],
      ['expired', 'expiry'],
    ]);
    const late = await services.commerce.payments.applyWooOrder(facts(order, 'completed'), 'webhook');
    expect(late.outcome).toBe('applied');
    expect((await services.commerce.orders.find(order))!.status).toBe('paid');

    const key = `old-${randomUUID()}`;
    const init = json({ package_id: packageId, site_url: client.siteUrl });
    const send = () =>
      call('direct', '/wp-json/svc-commerce/v1/checkout', {
        ...init,
        headers: { ...init.headers, ...bearer(client.key), 'Idempotency-Key': key },
      });
    const firstAnswer = await send();
    expect(firstAnswer.status).toBe(201);
    const replay = await send();
    expect([replay.status, replay.body.id, replay.headers.get('idempotent-replayed')]).toEqual([200, firstAnswer.body.id, 'true']);
    await services.database.pool.query(
      `UPDATE ${services.database.table('idempotency_keys')} SET created_at = UTC_TIMESTAMP(3) - INTERVAL 25 HOUR WHERE idempotency_key = ?`,
      [key],
    );
    const afterExpiry = await send();
    expect([afterExpiry.status, afterExpiry.body.id === firstAnswer.body.id]).toEqual([201, false]);
    await services.database.pool.query(
      `UPDATE ${services.database.table('idempotency_keys')} SET created_at = UTC_TIMESTAMP(3) - INTERVAL 25 HOUR WHERE idempotency_key = ?`,
      [key],
    );
    expect(await services.commerce.checkout.purgeIdempotencyKeys()).toBeGreaterThanOrEqual(1);
  });
});
