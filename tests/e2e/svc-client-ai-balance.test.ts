import { randomUUID } from 'node:crypto';
import { HubProxy } from '../support/hub-proxy';
import { hub } from '../support/hub-cli';
import { hubServices } from '../support/hub-services';
import { bearer, call, json } from '../support/lanes';
import { delivery as wooDelivery, phpJsonEncode, restOrder } from '../support/woo-webhook';
import { connectClient, createClientKey, pollUntil, type ClientKey } from '../support/client-key';
import { startClientSite, type ClientSite } from '../support/client-site';
import { freshDelivery, post, signature, summaryMessage, type ClientDelivery } from '../support/client-webhook';
import { stack } from '../support/stack';

/**
 * svc-client and the hub's AI figures on a real client site (issue 27, "the client sees it"):
 * the `ai` block of `GET /svc-license/v1/entitlement` (docs/architecture.md §5) is stored with
 * the licence by the session check and read through `svc_client_ai_balance()`; an
 * `ai.threshold` alert pushed to the receiver, signed as the hub signs, is recorded once and
 * shown to administrators; a forged one changes nothing; the settings screen shows it all.
 *
 * The hub's answer is the real hub's, through a proxy (support/hub-proxy.ts) that writes the
 * block into it exactly as the contract shapes it, so the figures are known; the last test
 * drops the proxy: a package with an allowance bought through the WooCommerce webhook, its
 * spend, the hub's own block and its own alerts pushed through the outbox.
 */
jest.setTimeout(120_000);

const DAY = 86_400_000;
const RESETS_AT = new Date(Date.now() + 12 * DAY).toISOString().replace(/\.\d+Z$/, '.000Z');

interface Balance {
  currency: string;
  allowance: string | null;
  period: string | null;
  used: string | null;
  remaining: string | null;
  credits: string;
  resets_at: string | null;
  updated_at: string;
}
interface Alert {
  threshold: number;
  used: string;
  amount: string;
  currency: string;
  resets_at: string | null;
  kind: string;
  received_at: number;
  sequence: number;
}

/** The block as the hub documents it, `used` of a $5 monthly allowance. */
const aiBlock = (used: string) => ({
  currency: 'USD',
  allowance: { amount: '5.00000000', period: 'month', used, resets_at: RESETS_AT },
  credits: { balance: '10.00000000' },
  overage: null,
  alerts: [{ threshold: 50, reached_at: new Date(Date.now() - DAY).toISOString() }],
});

/** An `ai.threshold` message (docs/propagation.md envelope), `sequence` in the signed body. */
const thresholdMessage = (threshold: number, used: string, sequence: number, resetsAt: string | null = RESETS_AT) =>
  JSON.stringify({
    type: 'ai.threshold',
    timestamp: new Date().toISOString(),
    sequence,
    data: { threshold, used, amount: '5.00000000', currency: 'USD', resets_at: resetsAt },
  });

let client: ClientSite;
let proxy: HubProxy;
let key: ClientKey;
/** The hub's answer without an `ai` block, as a hub that sells no AI (or predates it) answers. */
const WITHOUT_AI = Symbol('without ai');
/** The `ai` value the proxy writes into the hub's answer (WITHOUT_AI: none); undefined leaves the answer as the hub sent it. */
let answerAi: unknown;
/**
 * The `sequence` the proxy writes into the hub's answer (undefined: the hub's own). The messages
 * this file signs carry sequences the hub never queued, and svc-client never applies a check
 * answer older than what it holds (docs/architecture.md §10): a test that wants a check applied
 * after them answers with the sequence the site holds, as the hub would.
 */
let answerSequence: number | undefined;
beforeAll(async () => {
  client = await startClientSite();
  proxy = new HubProxy(stack().wordpressUrl);
  proxy.rewrite = (path, body) => {
    if (!path.startsWith('/wp-json/svc-license/v1/entitlement') || answerAi === undefined) return body;
    const { ai: _hubs, ...summary } = JSON.parse(body);
    const sequence = answerSequence === undefined ? {} : { sequence: answerSequence };
    return JSON.stringify(answerAi === WITHOUT_AI ? { ...summary, ...sequence } : { ...summary, ...sequence, ai: answerAi });
  };
  await proxy.start();
  key = createClientKey(client);
  await connectClient(client, key, proxy.url);
  hub('entitlement', 'grant', '--site', key.siteUrl, '--features', 'llm.chat');
  await pollUntil(
    () => client.php<string[]>('return svc_client_features();'),
    (list) => list.includes('llm.chat'),
  );
}, 120_000);
afterAll(async () => {
  await proxy?.stop();
  await client?.stop();
});

const signed = (delivery: ClientDelivery, secret = key.webhookSecret) =>
  post(client.receiverUrl, delivery, [signature(secret, delivery.id, delivery.timestamp, delivery.body)]);
const balance = () => client.php<Balance | null>('return svc_client_ai_balance();');
const alerts = () => client.php<Alert[]>('return Svc_Client_Ai_Alerts::all();');
/** Session checks in one request, with the action's calls recorded: [[balance, previous], …]. */
const checks = (count: number) =>
  client.php<{ outcomes: string[]; changes: [Balance | null, Balance | null][] }>(
    `$changes = array();
     add_action( 'svc_client_ai_balance_changed', function ( $balance, $previous ) use ( &$changes ) { $changes[] = array( $balance, $previous ); }, 10, 2 );
     $outcomes = array();
     for ( $i = 0; $i < ${count}; $i++ ) { $outcomes[] = Svc_Client_Session_Check::run()['outcome']; }
     return array( 'outcomes' => $outcomes, 'changes' => $changes );`,
  );
/** The admin notices an administrator (or a user of `role`) sees on any wp-admin screen. */
const noticeHtml = (role = 'administrator') =>
  client.php<string>(
    `$user = get_users( array( 'role' => '${role}' ) )[0] ?? null;
     if ( null === $user ) { $user = get_user_by( 'id', wp_insert_user( array( 'user_login' => '${role}-ai', 'user_pass' => wp_generate_password(), 'role' => '${role}' ) ) ); }
     wp_set_current_user( $user->ID ); ob_start(); Svc_Client_Ai_Notice::render(); return ob_get_clean();`,
  );

describe('svc-client: the AI figures of the session check', () => {
  it('stores the hub’s ai block; svc_client_ai_balance() returns its figures; the action runs once per change', async () => {
    answerAi = WITHOUT_AI;
    await checks(1);
    expect(await balance()).toBeNull();
    answerAi = aiBlock('1.2');
    const first = await checks(2);
    expect(first.outcomes).toEqual(['ok', 'ok']);
    const figures = {
      currency: 'USD',
      allowance: '5.00000000',
      period: 'month',
      used: '1.20000000',
      remaining: '3.80000000',
      credits: '10.00000000',
      resets_at: RESETS_AT,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    };
    expect(await balance()).toEqual(figures);
    expect(first.changes).toEqual([[figures, null]]); // the second check brought the same figures: no second call
    expect((await client.license()) as unknown).toMatchObject({ ai: { credits: { balance: '10.00000000' } } });

    answerAi = aiBlock('4.00000001');
    const second = await checks(1);
    expect(second.changes).toEqual([[{ ...figures, used: '4.00000001', remaining: '0.99999999' }, figures]]);

    answerAi = WITHOUT_AI;
    const none = await checks(1);
    expect(await balance()).toBeNull();
    expect(none.changes).toEqual([[null, { ...figures, used: '4.00000001', remaining: '0.99999999' }]]);
  });

  it('a pushed summary carrying the block replaces the figures; one without it leaves them', async () => {
    answerAi = aiBlock('2');
    await checks(1);
    const summary = (ai: unknown, sequence: number) => {
      const message = JSON.parse(summaryMessage(key.siteUrl, ['llm.chat'], sequence));
      if (ai !== undefined) message.data.ai = ai;
      return JSON.stringify(message);
    };
    const held = (await client.license()).sequence;
    expect((await signed(freshDelivery(summary(aiBlock('3.5'), held + 1)))).body).toEqual({ received: true, applied: true });
    expect(await balance()).toMatchObject({ used: '3.50000000', remaining: '1.50000000' });
    expect((await signed(freshDelivery(summary(undefined, held + 2)))).body).toEqual({ received: true, applied: true });
    expect(await balance()).toMatchObject({ used: '3.50000000' });
  });
});

describe('svc-client: ai.threshold alerts', () => {
  it('a signed alert is recorded once (a replay is not applied again) and shown to administrators only', async () => {
    const sequence = (await client.license()).sequence + 1;
    const delivery = freshDelivery(thresholdMessage(80, '4.00000000', sequence));
    expect(await signed(delivery)).toMatchObject({ status: 200, body: { received: true, applied: true } });
    const replay = await signed(delivery);
    expect([replay.status, replay.body]).toEqual([200, { received: true, applied: false, reason: 'duplicate' }]);
    expect(await alerts()).toEqual([
      {
        threshold: 80,
        used: '4.00000000',
        amount: '5.00000000',
        currency: 'USD',
        resets_at: RESETS_AT,
        kind: 'allowance',
        received_at: expect.any(Number),
        sequence,
      },
    ]);
    const resetsOn = await client.php<string>(`return wp_date( get_option( 'date_format' ), strtotime( '${RESETS_AT}' ) );`);
    const html = await noticeHtml();
    expect(html).toContain('class="notice notice-warning"');
    expect(html).toContain(`AI allowance 80 % used (4.00 of 5.00 USD) — resets on ${resetsOn}.`);
    expect(html).toContain(`data-svc-client-ai-alert="80@${RESETS_AT}"`);
    expect(await noticeHtml('editor')).toBe('');
    const log = await client.php<{ kind: string; outcome: string; detail: string }[]>('return Svc_Client_Activity_Log::all();');
    expect(log.filter((entry) => entry.detail.includes(delivery.id))).toEqual([
      expect.objectContaining({ kind: 'delivery', outcome: 'applied', detail: expect.stringContaining('AI allowance 80 % used') }),
    ]);
  });

  it('alerts are ordered among themselves and never make a summary look stale; the newest in its period is shown', async () => {
    const [last] = (await alerts()).slice(-1);
    const full = freshDelivery(thresholdMessage(100, '5.00000000', last!.sequence + 10));
    expect((await signed(full)).body).toEqual({ received: true, applied: true });
    const older = await signed(freshDelivery(thresholdMessage(50, '2.50000000', last!.sequence + 5)));
    expect(older.body).toEqual({ received: true, applied: false, reason: 'stale' });
    expect((await alerts()).map((alert) => alert.threshold)).toEqual([80, 100]);
    expect(await noticeHtml()).toMatch(/class="notice notice-error".*AI allowance 100 % used \(5\.00 of 5\.00 USD\)/s);

    // A summary the hub queued between the two alerts still applies.
    const summary = freshDelivery(summaryMessage(key.siteUrl, ['llm.chat', 'module.seo'], last!.sequence + 7));
    expect((await signed(summary)).body).toEqual({ received: true, applied: true });

    // An alert whose period is over is not shown.
    const past = freshDelivery(thresholdMessage(50, '2.50000000', last!.sequence + 11, new Date(Date.now() - DAY).toISOString()));
    expect((await signed(past)).body).toEqual({ received: true, applied: true });
    expect(await noticeHtml()).toBe('');
  });

  it('an alert of a credit pack (kind credits) says credits, not allowance', async () => {
    const [last] = (await alerts()).slice(-1);
    const body = JSON.parse(thresholdMessage(50, '5.00000000', last!.sequence + 1, null));
    body.data = { ...body.data, amount: '10.00000000', kind: 'credits' };
    expect((await signed(freshDelivery(JSON.stringify(body)))).body).toEqual({ received: true, applied: true });
    const html = await noticeHtml();
    expect(html).toContain('AI credits 50 % spent (5.00 of 10.00 USD).');
    expect(html).toContain('data-svc-client-ai-alert="credits-50@10.00000000"');
    expect((await alerts()).pop()).toMatchObject({ kind: 'credits', resets_at: null });
  });

  it('a forged, tampered or malformed alert changes nothing', async () => {
    const before = await alerts();
    const sequence = before.at(-1)!.sequence + 1;
    const other = createClientKey(client);
    const forged = freshDelivery(thresholdMessage(100, '5.00000000', sequence));
    expect((await signed(forged, other.webhookSecret)).status).toBe(401);
    const genuine = freshDelivery(thresholdMessage(50, '2.50000000', sequence));
    const tampered = await post(client.receiverUrl, { ...genuine, body: genuine.body.replace('"threshold":50', '"threshold":100') }, [
      signature(key.webhookSecret, genuine.id, genuine.timestamp, genuine.body),
    ]);
    expect(tampered.status).toBe(401);
    expect((await post(client.receiverUrl, genuine, [])).status).toBe(401);
    for (const data of [
      { threshold: 75, used: '1', amount: '5', currency: 'USD', resets_at: null },
      { threshold: 80, used: '-4', amount: '5', currency: 'USD', resets_at: null },
      { threshold: 80, used: 4, amount: '5', currency: 'USD', resets_at: null },
      'eighty',
    ]) {
      const answer = await signed(freshDelivery(JSON.stringify({ type: 'ai.threshold', sequence, data })));
      expect([data, answer.status, answer.body.code]).toEqual([data, 400, 'svc_client_bad_message']);
      expect(answer.body.message).toMatch(/^The ai\.threshold alert is not as the hub documents it: data/);
    }
    expect(await alerts()).toEqual(before);
    hub('key', 'revoke', other.id);
  });
});

describe('svc-client: the settings screen', () => {
  it('shows the allowance, what is used with a progress bar, the credits, the reset date and the last alerts', async () => {
    answerAi = aiBlock('1.2');
    answerSequence = (await client.license()).sequence;
    await checks(1);
    const html = await client.php<string>(
      "require_once ABSPATH . 'wp-admin/includes/template.php'; wp_set_current_user( get_users( array( 'role' => 'administrator' ) )[0]->ID ); ob_start(); Svc_Client_Admin_View::render(); return ob_get_clean();",
    );
    const table = /<table[^>]*id="svc-client-ai-balance".*?<\/table>/s.exec(html)?.[0] ?? '';
    expect(table).toContain('<th scope="row">Allowance</th><td>5.00 USD a month</td>');
    expect(table).toMatch(/<progress max="100" value="24"[^>]*><\/progress> 1\.20 USD \(24 %\), 3\.80 USD left/);
    expect(table).toContain('<th scope="row">Credits</th><td>10.00 USD</td>');
    expect(table).toMatch(/data-name="resets"><th scope="row">Resets<\/th><td>[^<]+<\/td>/);
    const alertRows = /<table[^>]*id="svc-client-ai-alerts".*?<\/table>/s.exec(html)?.[0] ?? '';
    expect([...alertRows.matchAll(/data-threshold="(\d+)"/g)].map((match) => match[1])).toEqual(['50', '50', '100', '80', '50']);
    expect(alertRows).toContain('50 % of credits');
    expect(alertRows).toContain('4.00 of 5.00 USD');
    expect(alertRows).toContain('reached this period (the hub&#039;s record)');
  });
});

describe('svc-client with the hub’s own AI figures (no double)', () => {
  it('a bought allowance reaches the client’s balance; spend past 50 and 80 % is pushed as alerts and shown', async () => {
    const tag = randomUUID().slice(0, 8);
    const own = createClientKey(client);
    await connectClient(client, own);
    await client.php('delete_option( Svc_Client_Ai_Alerts::OPTION ); return true;'); // a new hub connection: its own order of alerts
    const source = `https://shop-${tag}.example/`;
    const secret = `secret-${tag}`;
    hub('store', 'add', '--source', source, '--secret', secret);
    const packageId = `allow-${tag}`;
    const product = ['--store', source, '--woo-product', '77', '--allowance', '5', '--allowance-period', 'month'];
    hub(
      'package',
      'create',
      '--id',
      packageId,
      '--name',
      packageId,
      '--price',
      '10.00',
      '--currency',
      'EUR',
      '--features',
      'llm.chat',
      ...product,
    );
    const init = json({ package_id: packageId, site_url: own.siteUrl });
    const order = await call('wordpress', '/wp-json/svc-commerce/v1/checkout', {
      ...init,
      headers: { ...init.headers, ...bearer(own.key) },
    });
    expect(order.status).toBe(201);
    const paid = restOrder({
      id: 7000 + Math.floor(Math.random() * 1000),
      hubOrderId: order.body.id,
      siteUrl: own.siteUrl,
      status: 'processing',
      total: '10.00',
      currency: 'EUR',
      paidAt: new Date(Date.now() - 100_000),
      modifiedAt: new Date(Date.now() - 50_000),
    });
    const answer = await call(
      'wordpress',
      '/wp-json/svc-license/v1/webhook/woo-order-paid',
      wooDelivery(phpJsonEncode(paid), { source, key: secret }),
    );
    expect(answer.status).toBe(200);

    expect((await checks(1)).outcomes).toEqual(['ok']);
    expect(await balance()).toEqual({
      currency: 'USD',
      allowance: '5.00000000',
      period: 'month',
      used: '0.00000000',
      remaining: '5.00000000',
      credits: '0.00000000',
      resets_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.any(String),
    });

    // Calls settle into the allowance's window (as budgets-settle does); the hub's job sees 50 and 80 % crossed.
    const services = hubServices();
    try {
      await services.database.pool.query(
        `UPDATE ${services.database.table('budget_windows')} w JOIN ${services.database.table('budgets')} b ON b.id = w.budget_id
            SET w.spent = 4.1 WHERE b.role = 'allowance' AND b.scope_value = ?`,
        [own.siteUrl],
      );
    } finally {
      await services.database.close();
    }
    const pushed = await pollUntil(alerts, (list) => list.some((alert) => alert.threshold === 80));
    expect(pushed.map((alert) => [alert.threshold, alert.used, alert.amount, alert.currency])).toEqual([
      [50, '4.10000000', '5.00000000', 'USD'],
      [80, '4.10000000', '5.00000000', 'USD'],
    ]);
    expect(await noticeHtml()).toContain('AI allowance 80 % used (4.10 of 5.00 USD) — resets on ');

    expect((await checks(1)).outcomes).toEqual(['ok']);
    expect(await balance()).toMatchObject({ allowance: '5.00000000', used: '4.10000000', remaining: '0.90000000' });
    const held = (await client.license()) as unknown as { ai: { alerts: { threshold: number }[] } };
    expect(held.ai.alerts.map((alert) => alert.threshold)).toEqual([50, 80]);
  });
});
