import { randomUUID } from 'node:crypto';
import { admin, fixedCostCall, priceBudgetModel, unlimitKey } from '../support/budgets';
import { queryStack } from '../support/database-query';
import { createKey, hub, type TestKey } from '../support/hub-cli';
import { baseUrl, bearer, call, json } from '../support/lanes';
import { wooStandIn } from '../support/woocommerce-stand-in';

/**
 * Tenancy (issue 27, docs/api-notes.md "Customers and tenancy"): a team is a label within a
 * site — every createKey() key says team e2e, whatever its site — and only a customer (the
 * WooCommerce buyer who owns sites) groups sites, for budgets and reports.
 */
const DIRECT = baseUrl('direct');
const PRODUCT = 77;

/** Calls on the key until one is refused (at most 60); the refusal, after at least one call went through. */
async function spendUntilRefused(key: TestKey) {
  for (let index = 0; index < 60; index += 1) {
    const answer = await fixedCostCall(DIRECT, key.key, false);
    if (answer.outcome !== 'ok') {
      expect(index).toBeGreaterThan(0);
      return answer;
    }
  }
  throw new Error('never refused');
}

/** The admin's budget list read again at once on the worker (an admin change clears its 2 s cache). */
async function budgetsReread(): Promise<void> {
  const dummy = await admin('POST', '/budgets', { scope: { kind: 'site', value: 'https://nobody.example' }, period: 'day', amount: '1' });
  await admin('DELETE', `/budgets/${dummy.body.id}`);
}

describe('a team budget is (site, team)', () => {
  beforeAll(priceBudgetModel);

  it('spent on site a, does not refuse site b whose key names the same team', async () => {
    const [a, b] = [createKey(['llm.chat']), createKey(['llm.chat'])];
    unlimitKey(a);
    unlimitKey(b);
    const created = await admin('POST', '/budgets', {
      scope: { kind: 'team', value: 'e2e', site_url: a.siteUrl },
      period: 'day',
      amount: '0.2',
    });
    expect(created.status).toBe(201);
    expect(created.body.scope).toEqual({ kind: 'team', value: 'e2e', site_url: a.siteUrl });
    const refused = await spendUntilRefused(a);
    expect(refused.outcome).toBe('svc_budget_exceeded');
    expect(JSON.parse(refused.body).data.budget.scope).toEqual({ kind: 'team', value: 'e2e', site_url: a.siteUrl });
    expect((await fixedCostCall(DIRECT, b.key, false)).outcome).toBe('ok');
    await admin('DELETE', `/budgets/${created.body.id}`);
  });

  it('needs its site; one made before migration 021 (no site) covers no call and is flagged to re-scope', async () => {
    const refused = await admin('POST', '/budgets', { scope: { kind: 'team', value: 'e2e' }, period: 'day', amount: '1' });
    expect(refused.status).toBe(400);
    expect(refused.body.data.params['scope.site_url']).toMatch(/site the team belongs to/);

    const id = `bgt_01LEGACY${randomUUID().replace(/-/g, '').slice(0, 18).toUpperCase()}`;
    await queryStack(
      `INSERT INTO {prefix}svc_budgets (id, scope_kind, scope_value, period, amount, hard, created_at, updated_at)
       VALUES (?, 'team', 'e2e', 'day', 0.00000001, 1, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3))`,
      [id],
    );
    try {
      await budgetsReread();
      const key = createKey(['llm.chat']);
      expect((await fixedCostCall(DIRECT, key.key, false)).outcome).toBe('ok');
      const listed = (await admin('GET', '/budgets')).body.data.find((budget: { id: string }) => budget.id === id);
      expect(listed.scope).toEqual({ kind: 'team', value: 'e2e', site_url: null });
      expect(listed.warning).toMatch(/names no site, so it covers no call/);
      const lines = hub('budget', 'list');
      expect(lines[lines.findIndex((line) => line.startsWith(id)) + 1]).toMatch(/warning: .*names no site/);
    } finally {
      await admin('DELETE', `/budgets/${id}`);
    }
  });
});

function createPackage(): string {
  const id = `pkg-${randomUUID().slice(0, 8)}`;
  hub(
    'package',
    'create',
    '--id',
    id,
    '--name',
    `Tenancy ${id}`,
    '--price',
    '49.00',
    '--currency',
    'EUR',
    '--features',
    'llm.chat',
    '--woo-product',
    String(PRODUCT),
  );
  return id;
}

/** A package bought for the key's site in WooCommerce on the hub site, paid by `buyer` (the order-pay form, then the gateway). */
async function buy(key: TestKey, packageId: string, buyer: { customer_id?: number; billing_email?: string }): Promise<void> {
  const init = json({ package_id: packageId, site_url: key.siteUrl });
  const order = await call('direct', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(key.key) } });
  expect(order.status).toBe(201);
  expect((await wooStandIn.pay(order.body.woo_order_id, buyer)).date_paid_gmt).toEqual(expect.any(String));
}

const customers = async () => (await admin('GET', '/customers')).body.data as Array<Record<string, any>>;

describe('customers: the buyer who owns several sites', () => {
  const wooCustomer = 100_000 + Math.floor(Math.random() * 800_000);
  const guestEmail = `guest-${randomUUID().slice(0, 8)}@shop.example`;
  let packageId: string;
  let owner: Record<string, any>;
  const [a, b, c, stranger] = [createKey(['llm.chat']), createKey(['llm.chat']), createKey(['llm.chat']), createKey(['llm.chat'])];

  beforeAll(async () => {
    await priceBudgetModel();
    for (const key of [a, b, c, stranger]) unlimitKey(key);
    packageId = createPackage();
  });

  it('is learned when a WooCommerce order pays: one customer per store customer id, a guest by billing email', async () => {
    await buy(a, packageId, { customer_id: wooCustomer, billing_email: 'Owner@Client.Example' });
    await buy(b, packageId, { customer_id: wooCustomer, billing_email: 'owner@client.example' });
    await buy(c, packageId, { customer_id: 0, billing_email: guestEmail });
    const all = await customers();
    owner = all.find((customer) => customer.woo_customer_id === wooCustomer)!;
    expect(owner).toMatchObject({ object: 'customer', email: 'owner@client.example', store: null, sites: [a.siteUrl, b.siteUrl].sort() });
    expect(owner.id).toMatch(/^cus_[0-9A-Z]{26}$/);
    const guest = all.find((customer) => customer.email === guestEmail)!;
    expect(guest).toMatchObject({ woo_customer_id: null, sites: [c.siteUrl] });
    expect((await admin('GET', `/customers/${owner.id}`)).body).toEqual(owner);
    expect(hub('customer', 'show', owner.id).join('\n')).toContain(`sites: ${[a.siteUrl, b.siteUrl].sort().join(', ')}`);
  });

  it('has budgets of its own, drawn by every site it owns and no other', async () => {
    const created = await admin('POST', '/budgets', { scope: { kind: 'customer', value: owner.id }, period: 'day', amount: '0.2' });
    expect(created.status).toBe(201);
    const refused = await spendUntilRefused(a);
    expect(refused.outcome).toBe('svc_budget_exceeded');
    const onB = await fixedCostCall(DIRECT, b.key, false);
    expect(onB.outcome).toBe('svc_budget_exceeded');
    expect(JSON.parse(onB.body).data.budget.scope).toEqual({ kind: 'customer', value: owner.id });
    expect((await fixedCostCall(DIRECT, stranger.key, false)).outcome).toBe('ok');
    expect((await fixedCostCall(DIRECT, c.key, false)).outcome).toBe('ok');
    await admin('DELETE', `/budgets/${created.body.id}`);
    const unknown = await admin('POST', '/budgets', {
      scope: { kind: 'customer', value: 'cus_01NOSUCHCUSTOMER0000000000' },
      period: 'day',
      amount: '1',
    });
    expect(unknown.status).toBe(400);
  });

  it('is set by the admin, and a later order does not undo it', async () => {
    const guest = (await customers()).find((customer) => customer.email === guestEmail)!;
    const assigned = await admin('POST', `/customers/${guest.id}/sites`, { site_url: `${b.siteUrl}/` });
    expect(assigned.status).toBe(200);
    expect(assigned.body.sites).toEqual([b.siteUrl, c.siteUrl].sort());
    await buy(b, packageId, { customer_id: wooCustomer, billing_email: 'owner@client.example' });
    expect((await admin('GET', `/customers/${owner.id}`)).body.sites).toEqual([a.siteUrl]);
    expect(hub('customer', 'assign', b.siteUrl, owner.id)).toEqual([`${b.siteUrl} now belongs to ${owner.id}.`]);
    expect((await admin('GET', `/customers/${owner.id}`)).body.sites).toEqual([a.siteUrl, b.siteUrl].sort());
    expect((await admin('POST', `/customers/${guest.id}/sites`, { site_url: 'ftp://x' })).status).toBe(400);
    expect((await admin('POST', '/customers/cus_01NOSUCHCUSTOMER0000000000/sites', { site_url: a.siteUrl })).status).toBe(404);
  });

  it('reports spend and margin by customer, site, team and model per month, exact to the cent, as JSON and CSV', async () => {
    // [key, team, cost (the hub's price), provider_cost (what the provider said it charged), billed, started_at]
    const rows: Array<[TestKey, string, string, string | null, string | null, string]> = [
      [a, 'e2e', '0.10000000', null, '0.12500000', '2026-01-15 10:00:00'],
      [a, 'e2e', '0.00000001', null, null, '2026-01-20 10:00:00'], // no markup: billed = cost
      [b, 'growth', '1.23456789', '1.30000000', '1.50000000', '2026-01-31 23:59:59'], // charged the provider's figure
      [b, 'growth', '7.00000000', null, '9.00000000', '2026-02-01 00:00:00'], // the next month, outside
      [stranger, 'e2e', '5.00000000', null, '6.00000000', '2026-01-10 10:00:00'], // not the customer's
    ];
    for (const [key, team, cost, providerCost, billed, at] of rows)
      await queryStack(
        `INSERT INTO {prefix}svc_usage (id, request_id, key_id, team, kind, model, status, cost, provider_cost, billed, worker, boot, started_at)
         VALUES (?, ?, ?, ?, 'chat', 'openai/gpt-4o-mini', 'ok', ?, ?, ?, 'report-test', 'boot', ?)`,
        [`usg_${randomUUID().replace(/-/g, '').slice(0, 26)}`, randomUUID(), key.id, team, cost, providerCost, billed, at],
      );
    const query = `by=customer,site,team,model&period=month&from=2026-01-01&to=2026-02-01&customer=${owner.id}`;
    const report = await admin('GET', `/reports/spend?${query}`);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({
      object: 'spend_report',
      by: ['customer', 'site', 'team', 'model'],
      period: 'month',
      currency: 'USD',
    });
    const [first, second] = [a, b].sort((x, y) => x.siteUrl.localeCompare(y.siteUrl));
    const line = (key: TestKey) =>
      key === a
        ? { team: 'e2e', calls: 2, cost: '0.10000001', billed: '0.12500001', margin: '0.02500000' }
        : { team: 'growth', calls: 1, cost: '1.30000000', billed: '1.50000000', margin: '0.20000000' };
    expect(report.body.data).toEqual(
      [first!, second!].map((key) => {
        const { team, ...figures } = line(key);
        return {
          group: { customer: owner.id, site: key.siteUrl, team, model: 'openai/gpt-4o-mini' },
          period: '2026-01',
          customer_name: 'owner@client.example',
          unpriced_calls: 0,
          ...figures,
        };
      }),
    );
    const csv = await admin('GET', `/reports/spend?${query}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.text).toBe(
      [
        'customer,site,team,model,period,customer_name,calls,unpriced_calls,cost,billed,margin,currency',
        ...[first!, second!].map((key) => {
          const figures = line(key);
          return `${owner.id},${key.siteUrl},${figures.team},openai/gpt-4o-mini,2026-01,owner@client.example,${figures.calls},0,${figures.cost},${figures.billed},${figures.margin},USD`;
        }),
        '',
      ].join('\r\n'),
    );
    const byCustomer = hub(
      'report',
      'spend',
      '--by',
      'customer',
      '--period',
      'total',
      '--from',
      '2026-01-01',
      '--to',
      '2026-02-01',
      '--customer',
      owner.id,
    );
    expect(byCustomer).toEqual([
      'customer\tperiod\tcalls\tcost\tbilled\tmargin',
      `${owner.id}\ttotal\t3\t1.40000001\t1.62500001\t0.22500000`,
    ]);
    expect((await admin('GET', '/reports/spend?format=xml')).body.data.params).toEqual({ format: 'must be json or csv' });
    expect((await admin('GET', '/reports/spend?by=site,password')).body.data.params.by).toMatch(/one or more of customer, site/);
  });
});
