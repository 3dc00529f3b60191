import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../worker/src/config';
import { createDatabase, type Database } from '../../worker/src/db/connections';
import { withTransaction } from '../../worker/src/db/transaction';
import { ApiKeyStore } from '../../worker/src/license/api-keys';
import { OutboxDelivery } from '../../worker/src/license/outbox-delivery';
import { OutboxStore } from '../../worker/src/license/outbox-rows';
import { OutboxWriter } from '../../worker/src/license/outbox-writer';
import { silentLogger } from '../../worker/src/support/logger';
import { receiver, type ReceivedWebhook, type ScriptedResponse } from '../support/client-receiver-client';
import { hub } from '../support/hub-cli';
import { call } from '../support/lanes';
import { shellHeaders } from '../support/signed-request';
import { stack } from '../support/stack';
import { verifyWebhook } from '../support/webhook-verify';
import { startWorker, stopWorker, waitForGroupExit, workerGroup } from '../support/worker-process';
import { eventually, WAIT_MS } from '../support/eventually';

const ADMIN = '/wp-json/svc-hub/v1/admin';

/** An admin request as the shell would send it, straight to the worker. */
function admin(method: string, path: string, body?: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers = {
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...shellHeaders({ method, path: ADMIN + path, body: text }),
  };
  return call('direct', ADMIN + path, { method, headers, body: body === undefined ? undefined : text });
}

interface Site {
  siteUrl: string;
  keyId: string;
  secret: string;
  endpoint: string;
}

/** A fresh site whose key sends its webhooks to the receiver's endpoint `name` (or `endpointUrl`), registered with the site's secret. */
async function siteFor(name: string, responses: ScriptedResponse[] = [], endpointUrl = receiver().endpointUrl(name)): Promise<Site> {
  const siteUrl = `https://site-${randomUUID().slice(0, 8)}.example`;
  const lines = hub('key', 'create', '--site', siteUrl, '--team', 'e2e', '--name', 'propagation', '--endpoint', endpointUrl);
  const keyId = /(key_[0-9A-Z]{26})/.exec(lines[0]!)![1]!;
  const secret = lines[lines.length - 2]!;
  await receiver().register(name, [secret], responses);
  return { siteUrl, keyId, secret, endpoint: endpointUrl };
}

const grant = (site: Site, features = 'module.seo') => hub('entitlement', 'grant', '--site', site.siteUrl, '--features', features);

/** Polls the admin list of the site's deliveries (newest first) until `done` holds. */
async function deliveriesOf(siteUrl: string, done: (deliveries: any[]) => boolean, timeoutMs = WAIT_MS): Promise<any[]> {
  const read = async () => {
    const answer = await admin('GET', `/deliveries?site_url=${encodeURIComponent(siteUrl)}`);
    if (answer.status !== 200) throw new Error(`GET /deliveries answered ${answer.status}: ${answer.text}`);
    return answer.body.data as any[];
  };
  return eventually(read, done, timeoutMs, 150);
}

const answered = (list: ReceivedWebhook[]) => list.map((webhook) => webhook.answered);

describe('the test client site verifies like a real one', () => {
  it('accepts the Standard Webhooks reference vector and refuses a changed byte or a stale timestamp', () => {
    const headers = {
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: '1614265330',
      signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    };
    const secret = ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'];
    const at = 1614265330 * 1000;
    expect(verifyWebhook(secret, headers, Buffer.from('{"test": 2432232314}'), at)).toEqual({ ok: true });
    expect(verifyWebhook(secret, headers, Buffer.from('{"test": 2432232315}'), at).ok).toBe(false);
    expect(verifyWebhook(secret, headers, Buffer.from('{"test": 2432232314}'), at + 301_000).ok).toBe(false);
  });
});

describe('propagation of entitlement changes to client sites', () => {
  it('delivers each change, signed, with the site summary, in sequence order', async () => {
    const site = await siteFor('summary');
    grant(site, 'module.seo,llm.chat');
    hub('entitlement', 'set', '--site', site.siteUrl, '--status', 'suspended', '--reason', 'unpaid');
    const received = await receiver().waitFor('summary', (list) => list.length >= 2);
    expect(received).toHaveLength(2);
    expect(received.every((webhook) => webhook.verified && webhook.answered === 200)).toBe(true);
    const [first, second] = received as [ReceivedWebhook, ReceivedWebhook];
    expect(first.webhook_id).toMatch(/^msg_[0-9A-Z]{26}$/);
    expect(first.user_agent).toMatch(/^svc-hub\/\d+\.\d+\.\d+/);
    expect(first.content_type).toBe('application/json');
    expect(second.sequence!).toBeGreaterThan(first.sequence!);
    // The signed body carries the sequence; the header repeats it, unsigned, for receivers of the earlier contract.
    expect([first.sequence_header, second.sequence_header]).toEqual([String(first.sequence), String(second.sequence)]);
    expect(first.body).toMatchObject({
      type: 'entitlement.updated',
      timestamp: expect.any(String),
      data: {
        site_url: site.siteUrl,
        status: 'active',
        features: ['llm.chat', 'module.seo'],
        entitlements: [{ package_id: null, status: 'active', features: ['llm.chat', 'module.seo'] }],
        change: { from_status: null, to_status: 'active' },
      },
    });
    expect(second.body.data).toMatchObject({
      status: 'suspended',
      features: [],
      change: { from_status: 'active', to_status: 'suspended', reason: 'unpaid' },
    });

    const deliveries = await deliveriesOf(site.siteUrl, (list) => list.every((delivery) => delivery.status === 'delivered'));
    expect(deliveries.map((delivery) => [delivery.id, delivery.status, delivery.attempts])).toEqual([
      [second.webhook_id, 'delivered', 1],
      [first.webhook_id, 'delivered', 1],
    ]);
  });

  it('retries a failing site on the schedule: 500, 500, then 200 is delivered with three logged attempts', async () => {
    const site = await siteFor('recovers', [{ status: 500 }, { status: 500 }]);
    grant(site);
    const received = await receiver().waitFor('recovers', (list) => list.some((webhook) => webhook.answered === 200));
    expect(answered(received)).toEqual([500, 500, 200]);
    expect(new Set(received.map((webhook) => webhook.webhook_id)).size).toBe(1);
    expect(received.every((webhook) => webhook.verified)).toBe(true);

    const [delivery] = await deliveriesOf(site.siteUrl, (list) => list[0]?.status === 'delivered');
    const detail = (await admin('GET', `/deliveries/${delivery.id}`)).body;
    // As stored: what is sent adds the signed licence document (docs/propagation.md "Licence documents").
    const stored = structuredClone(received[0]!.body);
    expect(stored.data.license_document).toBeDefined();
    delete stored.data.license_document;
    expect(detail).toMatchObject({
      id: received[0]!.webhook_id,
      status: 'delivered',
      attempts: 3,
      last_http_status: 200,
      payload: stored,
    });
    expect(detail.attempt_log.map((attempt: any) => [attempt.attempt, attempt.http_status, attempt.endpoint])).toEqual([
      [1, 500, site.endpoint],
      [2, 500, site.endpoint],
      [3, 200, site.endpoint],
    ]);
    expect(detail.attempt_log[0].error).toBe('answered HTTP 500');
    expect(detail.attempt_log[2].response_excerpt).toContain(received[0]!.webhook_id);
    expect(JSON.stringify(detail)).not.toContain(site.secret.slice(6));
  });

  it('stops at 410 Gone, and an admin retry sends it again', async () => {
    const site = await siteFor('gone', [{ status: 410 }]);
    grant(site);
    const [gone] = await deliveriesOf(site.siteUrl, (list) => list[0]?.status === 'gone');
    expect(gone).toMatchObject({ status: 'gone', attempts: 1, last_http_status: 410, next_attempt_at: null });
    expect(answered(await receiver().received('gone'))).toEqual([410]);

    const retried = await admin('POST', `/deliveries/${gone.id}/retry`);
    expect([retried.status, retried.body.status]).toEqual([200, 'pending']);
    const [delivered] = await deliveriesOf(site.siteUrl, (list) => list[0]?.status === 'delivered');
    expect(delivered.attempts).toBe(2);
    expect(answered(await receiver().received('gone'))).toEqual([410, 200]);
    expect((await admin('POST', `/deliveries/${gone.id}/retry`)).status).toBe(409);
  });

  it('refuses a target that resolves to a private address not in SVC_OUTBOUND_ALLOW, logging why', async () => {
    const port = new URL(stack().receiverUrl).port;
    const site = await siteFor('private', [], `http://localhost:${port}/hooks/private`);
    grant(site);
    const [delivery] = await deliveriesOf(site.siteUrl, (list) => list[0]?.attempts >= 1);
    const detail = (await admin('GET', `/deliveries/${delivery.id}`)).body;
    expect(detail.attempt_log[0]).toMatchObject({ attempt: 1, http_status: null, endpoint: site.endpoint });
    expect(detail.attempt_log[0].error).toMatch(/^refused: localhost resolves to .* loopback .*SVC_OUTBOUND_ALLOW/);
    const [failed] = await deliveriesOf(site.siteUrl, (list) => list[0]?.status === 'failed');
    expect(failed.attempts).toBe(6); // the test schedule has six steps
    expect(await receiver().received('private')).toEqual([]);
  });

  it('cannot sign for a site without an active key: the attempt says so and nothing is sent', async () => {
    const site = await siteFor('unsigned');
    hub('key', 'revoke', site.keyId);
    grant(site);
    const [delivery] = await deliveriesOf(site.siteUrl, (list) => list[0]?.attempts >= 1);
    expect(delivery.last_error).toContain('no active API key');
    expect(await receiver().received('unsigned')).toEqual([]);
  });

  it("logs an attempt, and keeps the schedule, when the site's signing secret cannot be read (e.g. the encryption key changed)", async () => {
    const site = await siteFor('unreadable');
    const database = createDatabase(loadConfig(stack().workerEnv).database);
    try {
      await database.pool.query(`UPDATE ${database.table('api_keys')} SET webhook_secret_encrypted = ? WHERE id = ?`, [
        'v1:not-a-sealed-secret',
        site.keyId,
      ]);
      grant(site);
      const [delivery] = await deliveriesOf(site.siteUrl, (list) => list[0]?.attempts >= 1);
      expect(delivery.last_error).toContain('signing secrets could not be read');
      expect(['pending', 'failed']).toContain(delivery.status);
      expect(await receiver().received('unreadable')).toEqual([]);
    } finally {
      // Its message would keep retrying and be claimed by the suites' own claim checks below.
      await database.pool.query(`UPDATE ${database.table('outbox')} SET status = 'failed' WHERE site_url = ?`, [site.siteUrl]);
      await database.close();
      hub('key', 'revoke', site.keyId);
    }
  });

  it('expires an entitlement when its date passes, and tells the site', async () => {
    const site = await siteFor('expiry');
    const expires = new Date(Date.now() + 3000).toISOString();
    hub('entitlement', 'grant', '--site', site.siteUrl, '--features', 'module.seo', '--expires', expires);
    const received = await receiver().waitFor('expiry', (list) => list.length >= 2);
    expect(received.map((webhook) => [webhook.verified, webhook.body.data.change.to_status])).toEqual([
      [true, 'active'],
      [true, 'expired'],
    ]);
    expect(received[1]!.body.data).toMatchObject({ status: 'expired', features: [], change: { reason: 'expiry date reached' } });
  });

  it("takes a key's webhook endpoint on the admin route, validated", async () => {
    const created = await admin('POST', '/keys', {
      site_url: 'https://endpoint-check.example',
      team: 'e2e',
      webhook_endpoint: 'https://hooks.example/in',
    });
    expect([created.status, created.body.webhook_endpoint]).toEqual([201, 'https://hooks.example/in']);
    const bad = await admin('POST', '/keys', {
      site_url: 'https://endpoint-check.example',
      team: 'e2e',
      webhook_endpoint: 'file:///etc/passwd',
    });
    expect([bad.status, Object.keys(bad.body.data.params)]).toEqual([400, ['webhook_endpoint']]);
  });

  it('answers the admin routes with 404 for unknown or malformed ids and 400 for bad filters', async () => {
    expect((await admin('GET', '/deliveries/msg_00000000000000000000000000')).status).toBe(404);
    expect((await admin('GET', '/deliveries/not-an-id')).status).toBe(404);
    expect((await admin('POST', '/deliveries/msg_00000000000000000000000000/retry')).status).toBe(404);
    const bad = await admin('GET', '/deliveries?status=lost&site_url=ftp://x&per_page=500');
    expect([bad.status, Object.keys(bad.body.data.params).sort()]).toEqual([400, ['site_url', 'status']]);
    const badSite = await admin('GET', '/deliveries?site_url=ftp://x');
    expect([badSite.status, Object.keys(badSite.body.data.params)]).toEqual([400, ['site_url']]);
    const page = await admin('GET', '/deliveries?status=delivered&per_page=1');
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(1);
    expect(Number(page.headers.get('x-wp-total'))).toBeGreaterThanOrEqual(1);
  });
});

describe('propagation survives the worker going away', () => {
  afterAll(startWorker); // whatever happened, leave a worker running for the next suites

  it('delivers a change made while the worker was stopped once it is back', async () => {
    const site = await siteFor('restart');
    await stopWorker();
    grant(site); // the CLI writes the change and its outbox message to the same database
    expect(await receiver().received('restart')).toEqual([]);
    startWorker();
    const received = await receiver().waitFor('restart', (list) => list.length >= 1);
    expect(received.map((webhook) => [webhook.verified, webhook.answered])).toEqual([[true, 200]]);
    expect(received[0]!.body.data.site_url).toBe(site.siteUrl);
  });

  it('delivers again after a worker is killed mid-attempt, once its lease runs out', async () => {
    const site = await siteFor('killed', [{ status: 200, delay_ms: 60_000 }]);
    grant(site);
    await receiver().waitFor('killed', (list) => list.length >= 1);
    const group = workerGroup();
    process.kill(-group, 'SIGKILL');
    expect(await waitForGroupExit(group, 10)).toBe(true);
    startWorker();
    const received = await receiver().waitFor('killed', (list) => list.some((webhook) => webhook.answered === 200), 30_000);
    expect(received.length).toBe(2);
    expect(received[1]!.webhook_id).toBe(received[0]!.webhook_id);
    const [delivery] = await deliveriesOf(site.siteUrl, (list) => list[0]?.status === 'delivered');
    // The killed attempt never reached the log; the one after the lease did.
    const detail = (await admin('GET', `/deliveries/${delivery.id}`)).body;
    expect(detail.attempt_log.map((attempt: any) => attempt.http_status)).toEqual([200]);
  }, 45_000);
});

describe('several delivery loops', () => {
  let database: Database;

  beforeAll(() => {
    database = createDatabase(loadConfig(stack().workerEnv).database);
  });

  afterAll(async () => {
    startWorker(); // running already unless a test failed half-way
    await database.close();
  });

  it('never send one message twice, and keep each site in sequence order', async () => {
    const config = loadConfig(stack().workerEnv);
    const keys = new ApiKeyStore(database, config.encryptionKey);
    const writer = new OutboxWriter(database);
    const names = Array.from({ length: 8 }, (_, index) => `race-${index}-${randomUUID().slice(0, 6)}`);
    const sites: Array<{ name: string; siteUrl: string }> = [];
    for (const name of names) {
      const siteUrl = `https://${name}.example`;
      const issued = await keys.create({
        siteUrl,
        team: 'e2e',
        scope: 'client',
        name: 'race',
        rateLimitPerMinute: 120,
        webhookEndpoint: receiver().endpointUrl(name),
      });
      await receiver().register(
        name,
        [issued.webhookSecret],
        Array.from({ length: 4 }, () => ({ status: 200, delay_ms: 20 })),
      );
      sites.push({ name, siteUrl });
    }
    const loops = [1, 2].map(
      () => new OutboxDelivery({ database, keys, outbox: writer, logger: silentLogger, config: config.outbox, userAgent: 'svc-hub/race' }),
    );
    loops.forEach((loop) => loop.start());
    try {
      for (let round = 0; round < 4; round += 1) {
        await withTransaction(database, async (connection) => {
          for (const site of sites)
            await writer.enqueue(connection, {
              siteUrl: site.siteUrl,
              type: 'entitlement.updated',
              data: { site_url: site.siteUrl, round },
            });
        });
        writer.notifyCommitted();
      }
      for (const site of sites) {
        const received = await receiver().waitFor(
          site.name,
          (list) => list.filter((webhook) => webhook.answered === 200).length >= 4,
          20_000,
        );
        expect(received.map((webhook) => webhook.body.data.round)).toEqual([0, 1, 2, 3]);
        expect(new Set(received.map((webhook) => webhook.webhook_id)).size).toBe(received.length);
        expect(received.every((webhook) => webhook.verified)).toBe(true);
      }
    } finally {
      await Promise.all(loops.map((loop) => loop.stop()));
    }
  }, 45_000);

  it('let a site waiting for a retry hold back only its own messages', async () => {
    const writer = new OutboxWriter(database);
    const table = database.table('outbox');
    const waiting = `https://waiting-${randomUUID().slice(0, 8)}.example`;
    const other = `https://other-${randomUUID().slice(0, 8)}.example`;
    await stopWorker(); // this test claims by hand
    try {
      const head = await withTransaction(database, (connection) =>
        writer.enqueue(connection, { siteUrl: waiting, type: 'test', data: {} }),
      );
      await database.pool.query(
        `UPDATE ${table} SET attempts = 1, next_attempt_at = DATE_ADD(UTC_TIMESTAMP(3), INTERVAL 1 HOUR) WHERE id = ?`,
        [head],
      );
      await withTransaction(database, async (connection) => {
        for (let index = 0; index < 40; index += 1) await writer.enqueue(connection, { siteUrl: waiting, type: 'test', data: { index } });
      });
      const free = await withTransaction(database, (connection) => writer.enqueue(connection, { siteUrl: other, type: 'test', data: {} }));
      // Messages of other tests' sites may be due too (a retry coming round): claim them all, judge these two sites, give the rest back.
      const claimed = await new OutboxStore(database).claim(1000, 60_000);
      const others = claimed.filter((message) => message.siteUrl !== waiting && message.siteUrl !== other).map((message) => message.id);
      if (others.length > 0) await database.pool.query(`UPDATE ${table} SET claimed_until = NULL WHERE id IN (?)`, [others]);
      expect(claimed.filter((message) => !others.includes(message.id)).map((message) => message.id)).toEqual([free]);
    } finally {
      await database.pool.query(`UPDATE ${table} SET status = 'failed' WHERE site_url IN (?, ?)`, [waiting, other]);
      startWorker();
    }
  }, 30_000);
});
