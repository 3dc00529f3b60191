import { randomUUID } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import type { Services } from '../../worker/src/services';
import { hub } from '../support/hub-cli';
import { hubServices } from '../support/hub-services';
import { bearer, call, json } from '../support/lanes';
import { delivery, phpJsonEncode, restOrder } from '../support/woo-webhook';

/**
 * AI sold through WooCommerce, the webhook path (docs/commerce.md "AI allowances and credits"):
 * a package's allowance becomes the site's hard budget and ends with a refund; a credit pack
 * credits once however often its payment is delivered, a refund takes back its share of what is
 * unspent once, and the balance is always the sum of the ledger.
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

async function setUp(tag: string) {
  const source = `https://shop-${tag}.example/`;
  const secret = `secret-${tag}`;
  hub('store', 'add', '--source', source, '--secret', secret);
  const site = `https://client-${tag}.example`;
  const key = hub('key', 'create', '--site', site, '--team', 'ai').slice(-1)[0]!;
  let wooOrderId = 6000 + Math.floor(Math.random() * 1000);
  const buy = async (packageId: string, total: string) => {
    const init = json({ package_id: packageId, site_url: site });
    const order = await call('wordpress', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(key) } });
    expect(order.status).toBe(201);
    const id = (wooOrderId += 10);
    const send = async (status: string, ageMs: number, refunds?: { id: number; total: string }[]) => {
      const rest = restOrder({
        id,
        hubOrderId: order.body.id,
        siteUrl: site,
        status,
        total,
        currency: 'EUR',
        paidAt: new Date(Date.now() - 100_000),
        modifiedAt: new Date(Date.now() - ageMs),
      });
      const body = phpJsonEncode(refunds ? { ...rest, refunds } : rest);
      const answer = await call('wordpress', '/wp-json/svc-license/v1/webhook/woo-order-paid', delivery(body, { source, key: secret }));
      expect(answer.status).toBe(200);
    };
    return { orderId: order.body.id as string, send };
  };
  const pkg = (id: string, ...ai: string[]) =>
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
      'llm.chat',
      '--duration-days',
      '30',
      '--store',
      source,
      '--woo-product',
      '77',
      ...ai,
    );
  return { site, key, buy, pkg };
}

async function ledgerMatchesBudget(site: string) {
  const shown = hub('credits', 'show', site);
  const balance = /: (\d+\.\d{8}) USD$/.exec(shown[0]!)![1]!;
  const [sum] = await query(`SELECT COALESCE(SUM(amount), 0) AS sum FROM ${table('credit_ledger')} WHERE scope_value = ?`, [site]);
  const [budget] = await query(
    `SELECT b.amount - w.spent AS left_over FROM ${table('budgets')} b JOIN ${table('budget_windows')} w ON w.budget_id = b.id
      WHERE b.role = 'credits' AND b.scope_value = ?`,
    [site],
  );
  expect(String(sum!.sum)).toBe(balance);
  expect(String(budget!.left_over)).toBe(balance);
  return balance;
}

describe('AI allowances and credit packs through the WooCommerce webhook', () => {
  it('refuses negative, absurd and non-decimal package amounts, naming the field', () => {
    expect(() =>
      hub(
        'package',
        'create',
        '--id',
        'bad-ai',
        '--name',
        'x',
        '--price',
        '1',
        '--currency',
        'EUR',
        '--features',
        'a',
        '--allowance',
        '-5',
      ),
    ).toThrow(/ai_allowance\.amount/);
    expect(() =>
      hub(
        'package',
        'create',
        '--id',
        'bad-ai',
        '--name',
        'x',
        '--price',
        '1',
        '--currency',
        'EUR',
        '--features',
        'a',
        '--kind',
        'credit',
        '--credit-amount',
        '2000000',
      ),
    ).toThrow(/credit_amount must be at most 1000000 USD/);
  });

  it('an allowance is a hard budget of the site while its entitlement lives, and the entitlement answer shows it', async () => {
    const tag = randomUUID().slice(0, 8);
    const { site, key, buy, pkg } = await setUp(tag);
    pkg(`allow-${tag}`, '--allowance', '5', '--allowance-period', 'term');
    const order = await buy(`allow-${tag}`, '10.00');
    await order.send('processing', 50_000);
    const [budget] = await query(
      `SELECT amount, hard, period, role FROM ${table('budgets')} WHERE scope_value = ? AND role = 'allowance'`,
      [site],
    );
    expect(budget).toMatchObject({ amount: '5.00000000', hard: 1, period: 'total', role: 'allowance' });
    const answer = await call('wordpress', '/wp-json/svc-license/v1/entitlement', { headers: bearer(key) });
    expect(answer.body.ai).toMatchObject({
      currency: 'USD',
      allowance: { amount: '5.00000000', period: 'term', used: '0.00000000' },
      credits: { balance: '0.00000000' },
      overage: { mode: 'stop', cap: '0.00000000', used: '0.00000000' },
      alerts: [],
    });
    expect(answer.body.ai.allowance.resets_at).toMatch(/^\d{4}-/);

    await order.send('refunded', 40_000);
    expect(await query(`SELECT id FROM ${table('budgets')} WHERE scope_value = ? AND role = 'allowance'`, [site])).toHaveLength(0);
    const after = await call('wordpress', '/wp-json/svc-license/v1/entitlement', { headers: bearer(key) });
    expect(after.body.ai.allowance).toBeNull();
    const statement = hub('ai', 'statement', '--site', site, '--format', 'json').join('\n');
    expect(JSON.parse(statement)).toMatchObject([
      { site, allowance: '5.00000000', used: '0.00000000', overage: '0.00000000', closed: true },
    ]);
  });

  it('a credit pack credits once, a refund takes its share of what is unspent once, and the balance is the ledger', async () => {
    const tag = randomUUID().slice(0, 8);
    const { site, key, buy, pkg } = await setUp(tag);
    pkg(`pack-${tag}`, '--kind', 'credit', '--credit-amount', '10');
    const pack = await buy(`pack-${tag}`, '10.00');
    await pack.send('processing', 50_000);
    await pack.send('completed', 45_000); // the same payment delivered again
    expect(await ledgerMatchesBudget(site)).toBe('10.00000000');

    // Spend 6 of it (as calls settle into the credits window), then refund half the order: its share is 5, only 4 is unspent.
    await services.database.pool.query(
      `UPDATE ${table('budget_windows')} w JOIN ${table('budgets')} b ON b.id = w.budget_id SET w.spent = 6 WHERE b.role = 'credits' AND b.scope_value = ?`,
      [site],
    );
    expect(await ledgerMatchesBudget(site)).toBe('4.00000000');
    await pack.send('completed', 40_000, [{ id: 991, total: '-5.00' }]);
    await pack.send('completed', 35_000, [{ id: 991, total: '-5.00' }]); // the same refund again
    expect(await ledgerMatchesBudget(site)).toBe('0.00000000');
    // The rest of the order refunded: nothing is left to take, and nothing goes below zero.
    await pack.send('refunded', 30_000, [
      { id: 991, total: '-5.00' },
      { id: 992, total: '-5.00' },
    ]);
    expect(await ledgerMatchesBudget(site)).toBe('0.00000000');

    hub('credits', 'adjust', site, '+2.5', '--reason', 'goodwill');
    hub('credits', 'adjust', site, '-10', '--reason', 'more than there is');
    expect(await ledgerMatchesBudget(site)).toBe('0.00000000');
    const kinds = (await query(`SELECT kind, amount FROM ${table('credit_ledger')} WHERE scope_value = ? ORDER BY id`, [site])).map(
      (row) => `${row.kind} ${row.amount}`,
    );
    expect(kinds).toEqual([
      'order 10.00000000',
      'call -6.00000000',
      'refund -4.00000000',
      'refund 0.00000000',
      'adjustment 2.50000000',
      'adjustment -2.50000000',
    ]);
    const answer = await call('wordpress', '/wp-json/svc-license/v1/entitlement', { headers: bearer(key) });
    expect(answer.body.ai.credits).toEqual({ balance: '0.00000000' });
  });
});
