import { hub } from '../support/hub-cli';
import { connectClient, createClientKey, phpString, pollUntil, type ClientKey } from '../support/client-key';
import { startClientSite, type ClientSite, type LicenseState } from '../support/client-site';
import { freshDelivery, post, signature, summaryMessage, type ClientDelivery } from '../support/client-webhook';
import { eventually, queryStack } from '../support/database-query';
import { stack } from '../support/stack';
import { testFetch } from '../support/test-fetch';

/**
 * svc-client's receiver (`POST /wp-json/svc-client/v1/entitlement`) on a real client site:
 * Standard Webhooks verified, replay- and order-safe. Every refused or ignored delivery leaves
 * the stored licence exactly as it was.
 */
jest.setTimeout(120_000);

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

const signed = (delivery: ClientDelivery, secret = key.webhookSecret) =>
  post(client.receiverUrl, delivery, [signature(secret, delivery.id, delivery.timestamp, delivery.body)]);
const features = () => client.php<string[]>('return svc_client_features();');
/** The licence without `checked_at` (a session check may touch it). */
const licence = async (): Promise<Omit<LicenseState, 'checked_at'>> => {
  const { checked_at: _checked, ...rest } = await client.license();
  return rest;
};

describe('svc-client receiver: what it accepts', () => {
  it('applies the hub’s own delivery, then a newer signed summary, switching features at once', async () => {
    hub('entitlement', 'grant', '--site', key.siteUrl, '--features', 'module.seo');
    const held = await pollUntil(
      () => client.license(),
      (state) => state.summary?.features.includes('module.seo') ?? false,
    );
    expect(held).toMatchObject({ source: 'webhook', summary: { site_url: key.siteUrl } });
    const next = freshDelivery(summaryMessage(key.siteUrl, ['module.seo', 'module.extra'], held.sequence + 1));
    const answer = await signed(next);
    expect([answer.status, answer.body]).toEqual([200, { received: true, applied: true }]);
    expect(await features()).toEqual(['module.extra', 'module.seo']);
    expect((await client.license()).sequence).toBe(held.sequence + 1);
  });
});

describe('svc-client receiver: what it refuses or ignores, changing nothing', () => {
  let before: Omit<LicenseState, 'checked_at'>;
  let applied: ClientDelivery;
  beforeAll(async () => {
    const state = await client.license();
    applied = freshDelivery(summaryMessage(key.siteUrl, ['module.seo'], state.sequence + 1));
    expect((await signed(applied)).body).toEqual({ received: true, applied: true });
    before = await licence();
  });
  afterEach(async () => {
    expect(await licence()).toEqual(before);
    expect(await features()).toEqual(['module.seo']);
  });

  const dropAll = (sequence: number) => freshDelivery(summaryMessage(key.siteUrl, [], sequence));

  it('a tampered body (signed, then changed) → 401', async () => {
    const delivery = dropAll(before.sequence + 5);
    const sig = signature(key.webhookSecret, delivery.id, delivery.timestamp, delivery.body);
    const answer = await post(client.receiverUrl, { ...delivery, body: delivery.body.replace('"status":"none"', '"status":"nonE"') }, [
      sig,
    ]);
    expect([answer.status, answer.body.code]).toEqual([401, 'svc_client_bad_signature']);
  });

  it('a replay (the same webhook-id again) → 200 duplicate, not applied', async () => {
    const replay = { ...applied, body: summaryMessage(key.siteUrl, [], before.sequence + 6) };
    const answer = await signed(replay);
    expect([answer.status, answer.body]).toEqual([200, { received: true, applied: false, reason: 'duplicate' }]);
  });

  it('a stale timestamp (6 minutes old) or one from the future → 401', async () => {
    for (const shift of [-360, 360]) {
      const delivery = { ...dropAll(before.sequence + 7), timestamp: Math.floor(Date.now() / 1000) + shift };
      const answer = await signed(delivery);
      expect([shift, answer.status]).toEqual([shift, 401]);
    }
  });

  it('out of order (a lower or equal sequence in the signed body) → 200 stale, ignored', async () => {
    for (const sequence of [before.sequence - 1, before.sequence]) {
      const answer = await signed(dropAll(sequence));
      expect([sequence, answer.status, answer.body]).toEqual([sequence, 200, { received: true, applied: false, reason: 'stale' }]);
    }
  });

  it('signed with another secret, or not signed at all → 401', async () => {
    const other = createClientKey(client);
    expect((await signed(dropAll(before.sequence + 8), other.webhookSecret)).status).toBe(401);
    const delivery = dropAll(before.sequence + 9);
    for (const header of [
      [],
      ['v1,'],
      ['v2,' + signature(key.webhookSecret, delivery.id, delivery.timestamp, delivery.body).slice(3)],
      ['garbage'],
    ]) {
      const answer = await post(client.receiverUrl, delivery, header);
      expect([header, answer.status]).toEqual([header, 401]);
    }
    hub('key', 'revoke', other.id);
  });

  it('hostile bodies and headers: never a 500, a clear error, nothing stored', async () => {
    const sequence = before.sequence + 10;
    // WordPress itself refuses a JSON body it cannot parse (rest_invalid_json) before the route runs.
    const cases: { name: string; delivery: ClientDelivery; expected: number }[] = [
      { name: 'not JSON', delivery: freshDelivery('{"type":'), expected: 400 },
      { name: 'JSON array', delivery: freshDelivery('[1,2,3]'), expected: 400 },
      {
        name: 'wrong type',
        delivery: freshDelivery(JSON.stringify({ type: 'order.paid', sequence, data: { entitlements: [] } })),
        expected: 400,
      },
      {
        name: 'entitlements not a list',
        delivery: freshDelivery(JSON.stringify({ type: 'entitlement.updated', sequence, data: { entitlements: 'all' } })),
        expected: 400,
      },
      {
        name: 'no sequence in the body, one in the header',
        delivery: freshDelivery(summaryMessage(key.siteUrl, [], undefined), String(sequence)),
        expected: 400,
      },
      { name: 'sequence a string', delivery: freshDelivery(summaryMessage(key.siteUrl, [], String(sequence))), expected: 400 },
      { name: 'sequence a float', delivery: freshDelivery(summaryMessage(key.siteUrl, [], 1e9 + 0.5)), expected: 400 },
      { name: 'sequence negative', delivery: freshDelivery(summaryMessage(key.siteUrl, [], -4)), expected: 400 },
      { name: 'too large', delivery: freshDelivery(summaryMessage(key.siteUrl, ['x'.repeat(300_000)], sequence)), expected: 413 },
    ];
    for (const { name, delivery, expected } of cases) {
      const answer = await signed(delivery);
      expect([name, answer.status]).toEqual([name, expected]);
      expect(answer.body).toMatchObject({
        code: expect.stringMatching(/^(svc_client_|rest_invalid_json$)/),
        message: expect.any(String),
        data: { status: expected },
      });
    }
    const unsigned = await fetch(client.receiverUrl, {
      method: 'POST',
      headers: { 'webhook-id': '../../../etc/passwd', 'webhook-timestamp': 'NaN', 'webhook-signature': 'v1,' + '\u00e9'.repeat(50) },
      body: '\u0000',
    });
    expect(unsigned.status).toBe(401);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await fetch(client.receiverUrl, { method });
      expect([method, answer.status]).toEqual([method, 404]);
    }
  });
});

describe('svc-client receiver: a rotation', () => {
  it('accepts the hub’s deliveries signed by two active keys of the site with either secret held, and a header whose second signature matches', async () => {
    // A key of its own: the forged sequences above are ahead of the hub's for the first key's site.
    const first = createClientKey(client);
    await connectClient(client, first);
    hub('entitlement', 'grant', '--site', first.siteUrl, '--features', 'module.seo');
    expect(await pollUntil(features, (list) => list.includes('module.seo'))).toEqual(['module.seo']);

    // The rotation as an operator does it: a second key for the site; the hub signs with both secrets.
    const lines = hub(
      'key',
      'create',
      '--site',
      first.siteUrl,
      '--team',
      first.team,
      '--name',
      'rotated',
      '--endpoint',
      client.receiverUrl,
    );
    const newSecret = lines[lines.length - 2]!;
    const newKey = lines[lines.length - 1]!;
    hub('entitlement', 'grant', '--site', first.siteUrl, '--features', 'module.during-rotation');
    expect(await pollUntil(features, (list) => list.includes('module.during-rotation'))).toEqual(['module.during-rotation', 'module.seo']);

    // The client moves to the new key and secret; the old key goes.
    const { hub_url: hubUrl } = await client.php<{ hub_url: string }>('return Svc_Client_Settings::get();');
    const problems = await client.php<unknown>(
      `return Svc_Client_Settings::save( array( 'hub_url' => ${phpString(hubUrl)}, 'api_key' => ${phpString(newKey)}, 'webhook_secret' => ${phpString(newSecret)}, 'grace_hours' => '72' ) );`,
    );
    expect(problems).toEqual([]);
    hub('key', 'revoke', first.id);
    hub('entitlement', 'grant', '--site', first.siteUrl, '--features', 'module.after-rotation');
    expect(await pollUntil(features, (list) => list.includes('module.after-rotation'))).toContain('module.after-rotation');

    const delivery = freshDelivery(summaryMessage(first.siteUrl, ['module.two-signatures'], (await client.license()).sequence + 1));
    const answer = await post(client.receiverUrl, delivery, [
      'v1,' + Buffer.alloc(32, 7).toString('base64'),
      signature(newSecret, delivery.id, delivery.timestamp, delivery.body),
    ]);
    expect([answer.status, answer.body.applied]).toEqual([200, true]);
    expect(await features()).toEqual(['module.two-signatures']);
  });
});

describe('svc-client receiver: onboarding', () => {
  it('before the secret is set: 503 with Retry-After 10; saving the secret brings the queued changes at once', async () => {
    const fresh = createClientKey(client);
    const settings = { hub_url: stack().wordpressUrl, api_key: fresh.key, team: fresh.team, campaign: fresh.campaign, grace_hours: '72' };
    await client.php(
      `delete_option( Svc_Client_Settings::OPTION ); return Svc_Client_Settings::save( json_decode( ${phpString(JSON.stringify(settings))}, true ) );`,
    );
    const delivery = freshDelivery(summaryMessage(fresh.siteUrl, ['module.seo'], 1));
    const early = await testFetch(client.receiverUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(delivery.timestamp),
        'webhook-signature': signature(fresh.webhookSecret, delivery.id, delivery.timestamp, delivery.body),
      },
      body: delivery.body,
    });
    expect([early.status, early.headers.get('retry-after'), ((await early.json()) as { code: string }).code]).toEqual([
      503,
      '10',
      'svc_client_not_configured',
    ]);

    hub('entitlement', 'grant', '--site', fresh.siteUrl, '--features', 'module.seo');
    const refused = await eventually(
      () => queryStack('SELECT last_http_status FROM {prefix}svc_outbox WHERE site_url = ? ORDER BY sequence LIMIT 1', [fresh.siteUrl]),
      (rows) => rows[0]?.last_http_status === 503,
    );
    expect(refused[0]?.last_http_status).toBe(503);
    hub('entitlement', 'set', '--site', fresh.siteUrl, '--status', 'suspended', '--reason', 'onboarding');
    const [wait] = await queryStack(
      `SELECT TIMESTAMPDIFF(MICROSECOND, UTC_TIMESTAMP(3), next_attempt_at) / 1000 AS ms FROM {prefix}svc_outbox
        WHERE site_url = ? AND status = 'pending' ORDER BY sequence LIMIT 1`,
      [fresh.siteUrl],
    );
    const started = Date.now();
    await connectClient(client, fresh);
    const held = await pollUntil(
      () => client.license(),
      (state) => state.summary?.status === 'suspended',
    );
    const elapsed = Date.now() - started;
    console.log(
      `onboarding: the suspension arrived ${elapsed} ms after the secret was saved (the hub's own retry was ${Math.round(Number(wait?.ms))} ms away)`,
    );
    expect(held).toMatchObject({ source: 'webhook', summary: { status: 'suspended' } });
    expect(elapsed).toBeLessThan(Number(wait?.ms));
    await connectClient(client, key);
  });
});
