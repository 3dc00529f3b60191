import { randomUUID } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import type { Services } from '../../worker/src/services';
import { bearer, call, json } from '../support/lanes';
import { hub } from '../support/hub-cli';
import { hubServices } from '../support/hub-services';
import { shellHeaders } from '../support/signed-request';
import { stack } from '../support/stack';
import { subscriptionSite } from '../support/subscription-site';
import { wooStandIn } from '../support/woocommerce-stand-in';
import { wooSubscriptions } from '../support/woo-subscriptions-stand-in';

/**
 * Overage billed on the next renewal order (docs/commerce.md "AI allowances and credits"): the
 * stand-in's WooCommerce Subscriptions runs `wcs_renewal_order_created` on the renewal order
 * it creates; the plugin's filter adds the overage of the closed `bill` periods as a fee line
 * and the worker marks them billed, once. The allowance's spend is written into its budget
 * window here (what calls drawing it do is ai-credits' and the allowance story's subject).
 */
let services: Services;
beforeAll(() => {
  services = hubServices();
});
afterAll(async () => {
  await services.database.close();
});

const query = async (sql: string, values: unknown[]) => (await services.database.pool.query<RowDataPacket[]>(sql, values))[0];
const table = (name: string) => services.database.table(name);

function aiPackage(currency: string) {
  const id = `ai-bill-${currency.toLowerCase()}-${randomUUID().slice(0, 8)}`;
  hub(
    'package',
    'create',
    '--id',
    id,
    '--name',
    `AI with billed overage (${currency})`,
    '--price',
    '20.00',
    '--currency',
    currency,
    '--features',
    'llm.chat',
    '--duration-days',
    '30',
    '--woo-product',
    '77',
    '--allowance',
    '5.00',
    '--allowance-period',
    'term',
    '--overage',
    'bill',
    '--overage-cap',
    '10.00',
  );
  return id;
}

async function subscribe(packageId: string, tag: string) {
  const site = await subscriptionSite(tag);
  const init = json({ package_id: packageId, site_url: site.siteUrl });
  const checkout = await call('wordpress', '/wp-json/svc-commerce/v1/checkout', {
    ...init,
    headers: { ...init.headers, ...bearer(site.key) },
  });
  expect(checkout.status).toBe(201);
  await wooStandIn.pay(checkout.body.woo_order_id);
  const subscription = await wooSubscriptions.start(checkout.body.woo_order_id);
  return { site: site.siteUrl, subscription };
}

/** The store's currency (the stand-in's `woocommerce_currency` option, EUR when unset): the hub's checkout orders are in it. */
async function storeCurrency(currency: string) {
  const options = `${stack().workerEnv.SVC_DB_PREFIX ?? 'wp_'}options`;
  await services.database.pool.query(
    `INSERT INTO ${options} (option_name, option_value, autoload) VALUES ('woocommerce_currency', ?, 'yes') ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)`,
    [currency],
  );
}

const periodsOf = (site: string) => query(`SELECT * FROM ${table('ai_periods')} WHERE site_url = ? ORDER BY starts_at, id`, [site]);

/** What calls drawing the open allowance period would have settled: `spent` USD in its budget window. */
async function spend(site: string, spent: string) {
  const open = (await periodsOf(site)).find((row) => row.closed_at === null)!;
  await services.database.pool.query(`UPDATE ${table('budget_windows')} SET spent = ? WHERE budget_id = ?`, [spent, open.budget_id]);
}

/** A renewal: the order created (the filter runs), then paid (the period closes, a new one opens). */
async function renew(subscriptionId: number) {
  const renewing = await wooSubscriptions.beginRenewal(subscriptionId);
  const orderId = renewing.renewal_order_id!;
  const created = await wooStandIn.order(orderId);
  await wooStandIn.pay(orderId);
  return created;
}

const internal = (path: string, value: unknown) => {
  const body = JSON.stringify(value);
  return call('direct', path, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', ...shellHeaders({ method: 'POST', path, body, user: '' }) },
  });
};
const UNBILLED = '/wp-json/svc-hub/v1/internal/ai-overage';
const BILLED = '/wp-json/svc-hub/v1/internal/ai-overage/billed';

describe('AI overage on the next renewal order (WooCommerce Subscriptions on the hub site)', () => {
  it('bills a closed period’s overage once, as a fee line of the USD renewal order; the open period waits for its close', async () => {
    const packageId = aiPackage('USD');
    await storeCurrency('USD');
    const { site, subscription } = await subscribe(packageId, 'overage-usd').finally(() => storeCurrency('EUR'));
    await spend(site, '7.25000000');

    // The term still runs while its renewal order is created: nothing billed yet.
    const first = await renew(subscription.id);
    expect(first.currency).toBe('USD');
    expect(first.fee_lines).toEqual([]);
    const [closed] = await periodsOf(site);
    expect([String(closed!.overage), closed!.billed_at]).toEqual(['2.25000000', null]);

    // The next renewal order bills it.
    await spend(site, '1.00000000');
    const second = await renew(subscription.id);
    expect(second.fee_lines).toEqual([
      {
        name: `AI usage over allowance, ${closed!.starts_at.toISOString().slice(0, 10)} to ${closed!.closed_at.toISOString().slice(0, 10)}`,
        total: '2.25',
        tax_status: 'none',
        meta: { _svc_hub_ai_overage_periods: closed!.id, _svc_hub_ai_overage_usd: '2.25000000' },
      },
    ]);
    expect(Number(second.total)).toBeCloseTo(Number(first.total) + 2.25, 2);
    expect(second.notes).toEqual([expect.stringContaining('2.25000000 USD over 1 period(s), billed on this order')]);
    const [billed, within] = await periodsOf(site);
    expect(billed!.billed_reference).toBe(`woocommerce:${second.id}`);
    expect(billed!.billed_at).not.toBeNull();
    expect([String(within!.overage), within!.billed_at]).toEqual(['0.00000000', null]);

    // The hook told again for that order bills nothing twice; a third renewal has nothing to bill.
    const again = await internal(BILLED, {
      subscription_id: subscription.id,
      renewal_order_id: second.id,
      period_ids: [closed!.id],
      amount: '2.25000000',
    });
    expect(again.body).toMatchObject({ billed: [], already: [closed!.id], refused: [] });
    const elsewhere = await internal(BILLED, {
      subscription_id: subscription.id,
      renewal_order_id: second.id + 1000,
      period_ids: [closed!.id],
      amount: '2.25000000',
    });
    expect(elsewhere.body).toMatchObject({ billed: [], already: [], refused: [closed!.id] });
    expect((await renew(subscription.id)).fee_lines).toEqual([]);
    expect((await periodsOf(site))[0]!.billed_reference).toBe(`woocommerce:${second.id}`);

    // The statement shows which periods were billed, and by what (JSON and CSV).
    const lines = JSON.parse(hub('ai', 'statement', '--site', site, '--format', 'json').join('\n'));
    // (Renewals paid within one second extend to the same date: how many periods follow varies.)
    expect(lines.map((line: Record<string, unknown>) => [line.overage, line.billed, line.billed_reference])).toEqual([
      ['2.25000000', '2.25000000', `woocommerce:${second.id}`],
      ...lines.slice(1).map(() => ['0.00000000', '0.00000000', null]),
    ]);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const csv = hub('ai', 'statement', '--site', site, '--format', 'csv');
    expect(csv[0]).toContain(',billed_at,billed_reference');
    expect(csv[1]).toMatch(new RegExp(`,true,\\d{4}-\\d\\d-\\d\\dT[^,]+,woocommerce:${second.id}$`));
  });

  it('an order in another currency gets a note and no fee; the overage stays unbilled (no exchange rate is guessed)', async () => {
    const packageId = aiPackage('EUR');
    const { site, subscription } = await subscribe(packageId, 'overage-eur');
    await spend(site, '6.00000000');
    await renew(subscription.id);
    const next = await renew(subscription.id);
    expect(next.currency).toBe('EUR');
    expect(next.fee_lines).toEqual([]);
    expect(next.notes).toEqual([expect.stringContaining('1.00000000 USD (1 period(s)) is not billed on this order: the order is in EUR')]);
    expect((await periodsOf(site))[0]!.billed_at).toBeNull();
  });

  it('the worker routes: bad bodies are 400 svc_invalid_request by field; a subscription of no hub order has nothing to bill', async () => {
    const cases = [
      await internal(UNBILLED, { subscription_id: '5', renewal_order_id: 0 }),
      await internal(BILLED, { subscription_id: 5, renewal_order_id: 6, period_ids: ['aip_x'], amount: '-1' }),
      await internal(BILLED, {
        subscription_id: 999_999_999,
        renewal_order_id: 6,
        period_ids: ['aip_01AAAAAAAAAAAAAAAAAAAAAAAA'],
        amount: '1',
      }),
    ];
    expect(cases.map((answer) => [answer.status, answer.body.code, Object.keys(answer.body.data.params).sort()])).toEqual([
      [400, 'svc_invalid_request', ['renewal_order_id', 'subscription_id']],
      [400, 'svc_invalid_request', ['amount', 'period_ids']],
      [400, 'svc_invalid_request', ['subscription_id']],
    ]);
    const unknown = await internal(UNBILLED, { subscription_id: 999_999_999, renewal_order_id: 6 });
    expect(unknown.body).toMatchObject({ linked: false, currency: 'USD', total: '0.00000000', lines: [] });
  });
});
