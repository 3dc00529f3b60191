import { randomUUID } from 'node:crypto';
import { admin, query, settledUsage, unlimitKey } from '../support/budgets';
import { receiver } from '../support/client-receiver-client';
import { hub, type TestKey } from '../support/hub-cli';
import { baseUrl, bearer, call, json } from '../support/lanes';
import { testFetch } from '../support/test-fetch';
import { delivery, phpJsonEncode, restOrder } from '../support/woo-webhook';

/**
 * What the client is charged (docs/commerce.md "Resale price"): the usage row's `billed` is the
 * cost with the site's markup — its package's `markup_percent`, or the admin's own for the site
 * (`hub ai markup`, PUT admin/ai/settings), cleared back to the package's. And the AI threshold
 * alerts reach the site's own webhook when the admin set one, signed with its secret.
 */
const MODEL = 'mock/echo';
const store = `https://markup-shop-${randomUUID().slice(0, 8)}.example/`;
const secret = `markup-secret-${randomUUID().slice(0, 8)}`;
hub('store', 'add', '--source', store, '--secret', secret);
let wooIds = 400_000 + Math.floor(Math.random() * 1_000_000);

beforeAll(async () => {
  expect((await admin('PUT', `/prices/${MODEL}`, { input_per_mtok: 3.7, output_per_mtok: 11.3 })).status).toBe(200);
});

function siteKey(tag: string): TestKey {
  const siteUrl = `https://markup-${tag}.example`;
  const lines = hub('key', 'create', '--site', siteUrl, '--team', 'markup', '--name', 'markup');
  const key: TestKey = { id: /(key_[0-9A-Z]{26})/.exec(lines[0]!)![1]!, key: lines.at(-1)!, webhookSecret: lines.at(-2)!, siteUrl };
  unlimitKey(key);
  return key;
}

/** A package of the store bought for the site through its signed webhook. */
async function buy(key: TestKey, tag: string, ...flags: string[]) {
  const id = `pkg-${tag}-${randomUUID().slice(0, 4)}`;
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
    store,
    '--woo-product',
    '77',
    ...flags,
  );
  const init = json({ package_id: id, site_url: key.siteUrl });
  const order = await call('direct', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(key.key) } });
  expect(order.status).toBe(201);
  const paidAt = new Date(Date.now() - 60_000);
  const rest = restOrder({
    id: (wooIds += 1),
    hubOrderId: order.body.id,
    siteUrl: key.siteUrl,
    status: 'processing',
    total: '10.00',
    paidAt,
    modifiedAt: paidAt,
  });
  const answer = await call(
    'direct',
    '/wp-json/svc-license/v1/webhook/woo-order-paid',
    delivery(phpJsonEncode(rest), { source: store, key: secret }),
  );
  expect(answer.body.outcome).toBe('applied');
}

async function chat(key: string, text: string) {
  const response = await testFetch(`${baseUrl('direct')}/wp-json/llm/router/v1/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify({ model: MODEL, max_tokens: 40, messages: [{ role: 'user', content: text }] }),
  });
  await response.text();
  return response.status;
}

const units = (amount: string) => BigInt(amount.replace('.', ''));
const decimal = (value: bigint) => `${value / 100_000_000n}.${String(value % 100_000_000n).padStart(8, '0')}`;
/** cost × (1 + percent/100), rounded half up to 8 places, in integers. */
const marked = (cost: string, percent: bigint) => decimal((units(cost) * (100n + percent) * 10_000n + 500_000n) / 1_000_000n);

describe('the resale markup on usage rows', () => {
  it("bills at the package's markup, at the admin's own for the site, and at the package's again once that is cleared", async () => {
    const tag = randomUUID().slice(0, 8);
    const key = siteKey(tag);
    await buy(key, tag, '--markup', '25');
    expect(await chat(key.key, 'Köln in three days, museums and food, please — a long enough question to cost.')).toBe(200);
    let rows = await settledUsage(key.id, 1);
    expect(rows[0]!.cost).toMatch(/^0\.\d{8}$/);
    expect(units(rows[0]!.cost)).toBeGreaterThan(0n);
    expect(rows[0]!.billed).toBe(marked(rows[0]!.cost, 25n));

    const set = await admin('PUT', '/ai/settings', { site_url: key.siteUrl, markup_percent: '10' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ site_url: key.siteUrl, markup_percent: '10.0000', billed_markup_percent: '10.0000', alert_url: null });
    expect(await chat(key.key, 'And Bonn?')).toBe(200);
    rows = await settledUsage(key.id, 2);
    expect(rows[1]!.billed).toBe(marked(rows[1]!.cost, 10n));

    expect(hub('ai', 'markup', key.siteUrl, 'clear').join('\n')).toContain('calls are billed at 25.0000 %');
    const shown = await admin('GET', `/ai/settings?site=${encodeURIComponent(key.siteUrl)}`);
    expect(shown.body).toMatchObject({ markup_percent: null, billed_markup_percent: '25.0000' });
    // The CLI is another process: this worker reads the site's markup again within its cache's 5 s.
    await new Promise((resolve) => setTimeout(resolve, 5200));
    expect(await chat(key.key, 'And Aachen?')).toBe(200);
    rows = await settledUsage(key.id, 3);
    expect(rows[2]!.billed).toBe(marked(rows[2]!.cost, 25n));
  });

  it('bills at cost where neither the site nor its packages set a markup; bad settings change nothing', async () => {
    const key = siteKey(randomUUID().slice(0, 8));
    hub('entitlement', 'grant', '--site', key.siteUrl, '--features', 'llm.chat');
    expect(await chat(key.key, 'Plain cost, please.')).toBe(200);
    const [row] = await settledUsage(key.id, 1);
    expect(row!.billed).toBe(row!.cost);
    const bad = await admin('PUT', '/ai/settings', { site_url: key.siteUrl, markup_percent: '-5', alert_url: 'ftp://x' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.params).sort()).toEqual(['alert_url', 'markup_percent']);
    expect(await query('SELECT * FROM {prefix}site_ai_settings WHERE site_url = ?', [key.siteUrl])).toEqual([]);
  });
});

describe("the site's AI alert webhook", () => {
  it('gets each 50/80/100 % crossing of the allowance once, signed with the secret the admin was given', async () => {
    const tag = randomUUID().slice(0, 8);
    const key = siteKey(tag);
    const endpoint = `ai-alerts-${tag}`;
    const set = await admin('PUT', '/ai/settings', { site_url: key.siteUrl, alert_url: receiver().endpointUrl(endpoint) });
    expect(set.status).toBe(200);
    expect(set.body.alert_secret).toMatch(/^whsec_/);
    await receiver().register(endpoint, [set.body.alert_secret]);
    // Setting it again keeps the secret (not shown again).
    expect(
      (await admin('PUT', '/ai/settings', { site_url: key.siteUrl, alert_url: receiver().endpointUrl(endpoint) })).body.alert_secret,
    ).toBeUndefined();

    // Overage billed past the allowance: the calls go on past 100 % of it (a hard allowance alone stops them short of it).
    await buy(key, tag, '--allowance', '0.001', '--allowance-period', 'month', '--overage', 'bill', '--overage-cap', '0.01');
    // About 0.00013 USD a call: twelve calls pass 100 % of the allowance and stay within its overage cap.
    for (let index = 0; index < 12; index += 1) expect(await chat(key.key, `Call ${index}: spend the allowance.`)).toBe(200);

    const received = await receiver().waitFor(endpoint, (list) => list.length >= 3);
    expect(received.map((webhook) => [webhook.verified, webhook.body.type, webhook.body.data.threshold])).toEqual([
      [true, 'ai.threshold', 50],
      [true, 'ai.threshold', 80],
      [true, 'ai.threshold', 100],
    ]);
    expect(received[2]!.body.data).toMatchObject({ site_url: key.siteUrl, role: 'allowance', amount: '0.00100000', currency: 'USD' });
    expect(received[2]!.body.data.resets_at).toMatch(/^\d{4}-/);
    const queued = await query('SELECT status FROM {prefix}outbox WHERE site_url = ?', [`ai-alerts:${key.siteUrl}`]);
    expect(queued.map((row) => row.status)).toEqual(['delivered', 'delivered', 'delivered']);
  });
});
