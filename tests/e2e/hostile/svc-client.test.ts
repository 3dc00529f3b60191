import { randomUUID } from 'node:crypto';
import { connectClient, createClientKey, pollUntil, type ClientKey } from '../../support/client-key';
import { startClientSite, type ClientSite } from '../../support/client-site';
import { freshDelivery, post, signature, summaryMessage, type ClientDelivery } from '../../support/client-webhook';
import { hub } from '../../support/hub-cli';
import { HubProxy } from '../../support/hub-proxy';
import { stack } from '../../support/stack';
import { call } from '../../support/lanes';
import { shellHeaders } from '../../support/signed-request';

/**
 * Hostile input against svc-client's receiver on a real client site (a second WordPress 7.1 the
 * hub's outbox delivers to), the two classes of "Hostile input, round 2" that live there:
 *
 * - the order of deliveries: the unsigned `svc-sequence` header once decided it, so a captured
 *   delivery replayed with a higher one re-applied an old state and froze every later push as
 *   stale. The order is now the `sequence` inside the signed body; the header is never read; a
 *   step of more than ten million past the last applied is refused (docs/propagation.md);
 * - the activity log: 55 unsigned POSTs replaced its 50 entries (a write each). Requests anyone
 *   can send are now counted (svc-client's Svc_Client_Request_Tally, at most 20 writes a minute
 *   per kind), never logged, so the verified history stays;
 * - the hub's AI figures (issue 27): a malformed `ai` block in the hub's answer or in a pushed
 *   summary — a negative, a word, a JSON number, a huge string, a wrong type — is ignored with a
 *   line in the activity log naming the field; the licence applies, the last figures stay, and
 *   nothing fatal or noisy happens (php-notices.ts reads the client's debug log).
 */
jest.setTimeout(180_000);

/** svc-client's Svc_Client_Sequence::MAX_STEP. */
const MAX_STEP = 10_000_000;
/** svc-client's Svc_Client_Request_Tally::WRITES_PER_MINUTE. */
const WRITES_PER_MINUTE = 20;
/** A forged header far ahead of anything the hub will send. */
const FORGED_HEADER = '999999999999999';

interface LogEntry {
  at: number;
  kind: string;
  outcome: string;
  detail: string;
}
interface Tally {
  count: number;
  since: number;
  last_at: number;
  last_detail: string;
  capped: boolean;
}

let client: ClientSite;
let key: ClientKey;
beforeAll(async () => {
  client = await startClientSite();
  key = createClientKey(client);
  await connectClient(client, key);
}, 120_000);
afterAll(async () => {
  await client?.stop();
});

const signed = (delivery: ClientDelivery) =>
  post(client.receiverUrl, delivery, [signature(key.webhookSecret, delivery.id, delivery.timestamp, delivery.body)]);
const features = () => client.php<string[]>('return svc_client_features();');
const held = async () => (await client.license()).sequence;
const activity = () => client.php<LogEntry[]>('return Svc_Client_Activity_Log::all();');
const tally = () => client.php<Record<'unverified' | 'duplicate', Tally>>('return Svc_Client_Request_Tally::all();');
const grant = (features: string) => hub('entitlement', 'grant', '--site', key.siteUrl, '--features', features);
/** Queues a hub message for a site with no key (never sent): the hub's next sequence for this site is then more than one past the last. */
const advanceHubSequence = () =>
  hub('entitlement', 'grant', '--site', `https://nobody-${randomUUID().slice(0, 8)}.example`, '--features', 'module.none');

/** The hub's stored body of each of the site's deliveries, oldest first: byte for byte what it signs and sends. */
async function hubBodies(siteUrl: string): Promise<string[]> {
  const admin = async (path: string) => {
    const target = `/wp-json/svc-hub/v1/admin${path}`;
    const answer = await call('direct', target, { headers: shellHeaders({ method: 'GET', path: target, body: '' }) });
    if (answer.status !== 200) throw new Error(`GET ${target} answered ${answer.status}: ${answer.text}`);
    return answer.body;
  };
  const list = (await admin(`/deliveries?site_url=${encodeURIComponent(siteUrl)}`)).data as { id: string }[];
  const details = await Promise.all(list.reverse().map((delivery) => admin(`/deliveries/${delivery.id}`)));
  return details.map((detail) => JSON.stringify(detail.payload));
}

describe('hostile input: svc-client receiver — the order of deliveries', () => {
  it('an old state held back in transit, replayed with a forged svc-sequence header, is ignored as stale; the hub’s next change applies', async () => {
    grant('module.seo');
    expect(await pollUntil(features, (list) => list.includes('module.seo'))).toEqual(['module.seo']);
    hub('entitlement', 'set', '--site', key.siteUrl, '--status', 'suspended', '--reason', 'unpaid');
    expect(await pollUntil(features, (list) => list.length === 0)).toEqual([]);
    const suspended = await client.license();

    // The delivery that switched the site on, as the hub sent it, under an id the site never saw (an attempt held back).
    const [activeBody] = await hubBodies(key.siteUrl);
    expect(JSON.parse(activeBody!)).toMatchObject({ sequence: expect.any(Number), data: { status: 'active' } });
    const answer = await signed(freshDelivery(activeBody!, FORGED_HEADER));
    expect([answer.status, answer.body]).toEqual([200, { received: true, applied: false, reason: 'stale' }]);
    expect(await features()).toEqual([]);
    expect(await client.license()).toEqual({ ...suspended, checked_at: expect.any(Number) });

    grant('module.after-replay');
    expect(await pollUntil(features, (list) => list.includes('module.after-replay'))).toEqual(['module.after-replay']);
  });

  it('a forged header on a genuine delivery changes nothing: it applies at its signed sequence, and later pushes are not frozen', async () => {
    advanceHubSequence();
    const sequence = (await held()) + 1;
    const answer = await signed(
      freshDelivery(summaryMessage(key.siteUrl, ['module.after-replay', 'module.extra'], sequence), FORGED_HEADER),
    );
    expect([answer.status, answer.body]).toEqual([200, { received: true, applied: true }]);
    expect(await held()).toBe(sequence);

    grant('module.later');
    expect(await pollUntil(features, (list) => list.includes('module.later'))).toContain('module.later');
    expect(await held()).toBeGreaterThan(sequence);
  });

  it('a sequence in the header only, or one that is not a whole number in the body, is refused: 400, nothing changed', async () => {
    const before = await client.license();
    const sequence = before.sequence + 1;
    const cases: [string, ClientDelivery][] = [
      ['header only', freshDelivery(summaryMessage(key.siteUrl, [], undefined), String(sequence))],
      ['a string', freshDelivery(summaryMessage(key.siteUrl, [], String(sequence)))],
      ['a fraction', freshDelivery(summaryMessage(key.siteUrl, [], sequence + 0.5))],
      ['zero', freshDelivery(summaryMessage(key.siteUrl, [], 0))],
      ['past 2^53', freshDelivery(summaryMessage(key.siteUrl, [], 2 ** 64))],
    ];
    for (const [name, delivery] of cases) {
      const answer = await signed(delivery);
      expect([name, answer.status, answer.body?.code]).toEqual([name, 400, 'svc_client_bad_message']);
    }
    expect(await client.license()).toEqual({ ...before, checked_at: expect.any(Number) });
  });

  it('an absurd jump is refused with a clear error, nothing changed, the same delivery refused again; the hub’s next change applies', async () => {
    const before = await client.license();
    const featuresBefore = await features();
    for (const sequence of [before.sequence + MAX_STEP + 1, Number.MAX_SAFE_INTEGER]) {
      const delivery = freshDelivery(summaryMessage(key.siteUrl, ['module.everything'], sequence));
      for (const attempt of [1, 2]) {
        const answer = await signed(delivery);
        expect([sequence, attempt, answer.status, answer.body?.code]).toEqual([sequence, attempt, 409, 'svc_client_sequence_jump']);
        expect(answer.body.message).toContain(`${sequence} is more than 10,000,000 past the last one applied (${before.sequence})`);
      }
      expect((await activity()).at(-1)).toMatchObject({
        kind: 'delivery',
        outcome: 'refused',
        detail: `${delivery.id}: sequence ${sequence} is more than ${MAX_STEP} past the last applied ${before.sequence}`,
      });
    }
    expect(await client.license()).toEqual({ ...before, checked_at: expect.any(Number) });
    expect(await features()).toEqual(featuresBefore);

    grant('module.after-jump');
    expect(await pollUntil(features, (list) => list.includes('module.after-jump'))).toContain('module.after-jump');
  });
});

describe('hostile input: svc-client receiver — noise against the activity log', () => {
  it('55 unverified requests are counted, not logged: the verified history stays and the writes stop at 20 a minute', async () => {
    const before = await activity();
    expect(before.filter((entry) => entry.outcome === 'applied').length).toBeGreaterThanOrEqual(3);
    // One after another, as a scanner sends them; each is one of five ways to fail verification.
    const requests = Array.from({ length: 55 }, (_, index) => () => {
      const delivery = freshDelivery(summaryMessage(key.siteUrl, ['module.everything'], 1));
      switch (index % 5) {
        case 0:
          return post(client.receiverUrl, delivery, []);
        case 1:
          return post(client.receiverUrl, delivery, ['v1,' + Buffer.alloc(32, index).toString('base64')]);
        case 2:
          return post(client.receiverUrl, { ...delivery, timestamp: delivery.timestamp - 3600 }, [
            signature(key.webhookSecret, delivery.id, delivery.timestamp - 3600, delivery.body),
          ]);
        case 3:
          return post(client.receiverUrl, { ...delivery, body: delivery.body.replace('"status":"active"', '"status":"ACTIVE"') }, [
            signature(key.webhookSecret, delivery.id, delivery.timestamp, delivery.body),
          ]);
        default:
          return post(client.receiverUrl, freshDelivery(summaryMessage(key.siteUrl, ['x'.repeat(300_000)], 1)), []);
      }
    });
    const started = Date.now();
    const answers = [];
    for (const request of requests) answers.push(await request());
    const minutes = Math.ceil((Date.now() - started) / 60_000);
    for (const answer of answers) {
      expect([401, 413]).toContain(answer.status);
      expect(answer.body).toMatchObject({
        code: expect.stringMatching(/^svc_client_(bad_signature|too_large)$/),
        data: { status: answer.status },
      });
    }

    expect(await activity()).toEqual(before);
    const { unverified } = await tally();
    expect(unverified).toMatchObject({
      capped: true,
      last_detail: expect.stringMatching(
        /^(no signature matches|webhook-id and webhook-signature are required|webhook-timestamp is more than five minutes from now|body too large)$/,
      ),
    });
    expect(unverified.count).toBeGreaterThanOrEqual(WRITES_PER_MINUTE);
    expect(unverified.count).toBeLessThanOrEqual(WRITES_PER_MINUTE * (minutes + 1));
    expect(unverified.since).toBeGreaterThan(0);
  });

  it('a captured delivery repeated 30 times is acknowledged each time and counted, logged once as applied', async () => {
    const delivery = freshDelivery(summaryMessage(key.siteUrl, ['module.repeated'], (await held()) + 1));
    expect((await signed(delivery)).body).toEqual({ received: true, applied: true });
    const before = await activity();
    expect(before.at(-1)).toMatchObject({ outcome: 'applied', detail: expect.stringContaining(delivery.id) });
    for (let repeat = 0; repeat < 30; repeat += 1) {
      const answer = await signed(delivery);
      expect([repeat, answer.status, answer.body]).toEqual([repeat, 200, { received: true, applied: false, reason: 'duplicate' }]);
    }
    expect(await activity()).toEqual(before);
    expect((await tally()).duplicate).toMatchObject({ capped: true, last_detail: delivery.id });
  });

  it('the settings screen shows both counts apart from the deliveries', async () => {
    const html = await client.php<string>(
      "require_once ABSPATH . 'wp-admin/includes/template.php'; wp_set_current_user( get_users( array( 'role' => 'administrator' ) )[0]->ID ); ob_start(); Svc_Client_Admin_View::render(); return ob_get_clean();",
    );
    const table = /<table[^>]*id="svc-client-tally".*?<\/table>/s.exec(html)?.[0] ?? '';
    expect(table).toMatch(
      /data-name="unverified"><th scope="row">Unverified requests \(refused: 401, 413\)<\/th><td>at least \d+ \(past 20 in a minute they are not counted\) since .+; last .+: .+<\/td>/,
    );
    expect(table).toMatch(
      /data-name="duplicate"><th scope="row">Repeated deliveries \(acknowledged, not applied again\)<\/th><td>at least 20 .*msg_/,
    );
    const log = /<table[^>]*id="svc-client-activity".*?<\/table>/s.exec(html)?.[0] ?? '';
    expect(log).toContain('applied');
    expect(log).not.toMatch(/no signature matches|duplicate/);
  });
});

describe('hostile input: svc-client — a malformed ai block from the hub', () => {
  const good = {
    currency: 'USD',
    allowance: { amount: '5.00000000', period: 'month', used: '1.00000000', resets_at: '2030-01-01T00:00:00.000Z' },
    credits: { balance: '2.00000000' },
    overage: null,
    alerts: [],
  };
  const huge = '9'.repeat(200_000);
  const allowance = (field: string, value: unknown) => ({ ...good, allowance: { ...good.allowance, [field]: value } });
  const cases: [string, unknown, string][] = [
    ['a negative figure', allowance('used', '-1.00000000'), 'ai.allowance.used'],
    ['a word', allowance('used', 'NaN'), 'ai.allowance.used'],
    ['a float', allowance('amount', 5.5), 'ai.allowance.amount'],
    ['a huge string', allowance('amount', huge), 'ai.allowance.amount'],
    ['past 10 digits', allowance('amount', '99999999999'), 'ai.allowance.amount'],
    ['a huge currency', { ...good, currency: huge }, 'ai.currency'],
    ['credits a list', { ...good, credits: [huge] }, 'ai.credits'],
    ['credits an exponent', { ...good, credits: { balance: '1e308' } }, 'ai.credits.balance'],
    ['an unknown period', allowance('period', 'fortnight'), 'ai.allowance.period'],
    ['a threshold as a string', { ...good, alerts: [{ threshold: '80', reached_at: '2030-01-01T00:00:00Z' }] }, 'ai.alerts[0].threshold'],
    ['alerts an object', { ...good, alerts: { threshold: 80 } }, 'ai.alerts'],
    ['the block a string', 'USD 5', 'ai'],
    ['the block a number', 5, 'ai'],
    ['the block a list', [good], 'ai'],
  ];
  let proxy: HubProxy;
  let answerAi: unknown = good;
  beforeAll(async () => {
    proxy = new HubProxy(stack().wordpressUrl);
    proxy.rewrite = (path, body) =>
      path.startsWith('/wp-json/svc-license/v1/entitlement') ? JSON.stringify({ ...JSON.parse(body), ai: answerAi }) : body;
    await proxy.start();
    key = createClientKey(client);
    await connectClient(client, key, proxy.url);
    grant('module.seo');
    await pollUntil(features, (list) => list.includes('module.seo'));
  });
  afterAll(async () => {
    await proxy?.stop();
  });
  const check = () => client.php<{ outcome: string }>('return Svc_Client_Session_Check::run();');
  const balance = () => client.php<Record<string, unknown> | null>('return svc_client_ai_balance();');

  it('in the session check’s answer: ignored and logged by field, the licence applies, the last figures stay', async () => {
    answerAi = good;
    expect((await check()).outcome).toBe('ok');
    const figures = await balance();
    expect(figures).toMatchObject({ allowance: '5.00000000', used: '1.00000000', remaining: '4.00000000', credits: '2.00000000' });
    for (const [name, block, field] of cases) {
      answerAi = block;
      expect([name, (await check()).outcome]).toEqual([name, 'ok']);
      expect([name, await balance()]).toEqual([name, figures]);
      expect([name, await features()]).toEqual([name, ['module.seo']]);
      const [last] = (await activity()).filter((entry) => entry.kind === 'ai').slice(-1);
      expect([name, last?.outcome, last?.detail]).toEqual([
        name,
        'ignored',
        expect.stringMatching(new RegExp(`^The hub's AI figures were ignored \\(${field.replace(/[[\].]/g, '\\$&')} is `)),
      ]);
      expect(last!.detail.length).toBeLessThanOrEqual(300);
    }
  });

  it('in a pushed summary: applied without it, the last figures stay', async () => {
    const figures = await balance();
    for (const [name, block] of cases.slice(0, 4)) {
      const message = JSON.parse(summaryMessage(key.siteUrl, ['module.seo', 'module.pushed'], (await held()) + 1));
      message.data.ai = block;
      const answer = await signed(freshDelivery(JSON.stringify(message)));
      expect([name, answer.status, answer.body]).toEqual([name, 200, { received: true, applied: true }]);
      expect([name, await balance()]).toEqual([name, figures]);
      expect([name, await features()]).toEqual([name, ['module.pushed', 'module.seo']]);
    }
  });
});
