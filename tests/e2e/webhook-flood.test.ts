import { createHash, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import type { RowDataPacket } from 'mysql2/promise';
import { bearer, call, json, LANES, type Lane } from '../support/lanes';
import { createKey, hub } from '../support/hub-cli';
import { hubServices } from '../support/hub-services';
import { closeLoopbackAgents, randomLoopbackAddress } from '../support/loopback';
import { stack } from '../support/stack';
import { admin, auditEntry, sendWebhook, WEBHOOK } from '../support/webhook-calls';
import { delivery, phpJsonEncode, ping, restOrder } from '../support/woo-webhook';

/**
 * What anyone can make the webhook store (issue 11): unverified attempts count toward the
 * per-IP failure limit, attempts past it are tallied (one row per address and minute, no
 * headers or body), and so are pings past that many (answered 200 all the same, counted against
 * nobody); headers are capped — and a store's signed delivery goes through during a flood, from
 * another address or from the flooded one (hostile input, round 2, item 3). A body over the
 * limit stops being read.
 */
const unique = randomUUID().slice(0, 8);
const STORE = `https://flood-${unique}.example/`;
const SECRET = `f&l<o>o"d'${unique}`;
const PACKAGE = `flood-${unique}`;
const LIMIT = Number(stack().workerEnv.SVC_WEBHOOK_FAILURE_LIMIT ?? 20);
const LIMIT_BYTES = 1024 * 1024;
/** Per stored attempt: the first 64 KiB of the body and at most 8 KiB of headers, plus the row's short fields. */
const MAX_ROW_BYTES = 64 * 1024 + 8 * 1024 + 2048;
afterAll(closeLoopbackAgents);

hub('store', 'add', '--source', STORE, '--secret', SECRET);
hub(
  'package',
  'create',
  '--id',
  PACKAGE,
  '--name',
  'Flood',
  '--price',
  '49.00',
  '--currency',
  'EUR',
  '--features',
  'module.flood',
  '--woo-product',
  '77',
  '--store',
  STORE,
);

const services = hubServices();
afterAll(() => services.database.close());

interface AttemptRow {
  id: number;
  outcome: string;
  http_status: number;
  attempts: number;
  headers: string;
  stored_bytes: number;
}

/** Every audit row of an address, with what it stores. */
async function rowsOf(address: string): Promise<AttemptRow[]> {
  const [rows] = await services.database.pool.query<RowDataPacket[]>(
    `SELECT *, LENGTH(headers) + LENGTH(body) AS stored_bytes
       FROM ${services.database.table('webhook_audit')} WHERE client_ip = ? ORDER BY id`,
    [address],
  );
  return rows.map((row) => ({
    id: row.id,
    outcome: row.outcome,
    http_status: row.http_status,
    headers: row.headers,
    stored_bytes: Number(row.stored_bytes),
    attempts: Number(row.attempts ?? 1),
  }));
}

const total = (rows: AttemptRow[]) => rows.reduce((sum, row) => sum + row.attempts, 0);
/** Rows of attempts past the limit: one per minute (a run may cross into the next minute). */
const expectTallied = (rows: AttemptRow[]) => {
  expect(rows.length).toBeGreaterThanOrEqual(1);
  expect(rows.length).toBeLessThanOrEqual(2);
  for (const row of rows) expect([row.headers, row.stored_bytes]).toEqual(['[]', 2]);
};

describe.each(LANES)('a flood of webhook attempts via %s', (lane: Lane) => {
  it(`answers 30 pings from one address 200, stores ${LIMIT} in full and tallies the rest, and counts them against nobody`, async () => {
    const address = randomLoopbackAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 30; index += 1) statuses.push((await sendWebhook(address, lane, ping(40 + index))).answer.status);
    expect(statuses).toEqual(Array(30).fill(200));
    const refused = await sendWebhook(address, lane, delivery('{"id":1}', { source: STORE, key: 'wrong' }));
    expect([refused.answer.status, refused.answer.body.code]).toEqual([401, 'svc_invalid_signature']);

    const pings = (await rowsOf(address)).filter((row) => row.outcome === 'ping');
    expect(total(pings)).toBe(30);
    expect(pings.filter((row) => row.headers !== '[]')).toHaveLength(LIMIT);
    expectTallied(pings.filter((row) => row.headers === '[]'));
    const listed = await admin('GET', `/webhook-audit?client_ip=${address}&outcome=ping&per_page=100`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.reduce((sum: number, item: { attempts: number }) => sum + item.attempts, 0)).toBe(30);
    expect(listed.body.data[0]).toMatchObject({
      object: 'webhook_attempt',
      client_ip: address,
      http_status: 200,
      signature_result: 'unsigned_ping',
      last_received_at: expect.any(String),
    });
    // The list says which rows are tallies (the admin screen shows them without headers or body).
    expect(listed.body.data.filter((item: { tallied: boolean }) => item.tallied).length).toBe(
      pings.filter((row) => row.headers === '[]').length,
    );
    expect(listed.body.data.filter((item: { tallied: boolean }) => !item.tallied).length).toBe(LIMIT);
  });

  it('pays an order from a signed delivery sent from an address flooded past the limit with unsigned and badly signed attempts', async () => {
    const address = randomLoopbackAddress();
    const noise = [
      () => ({ method: 'POST' as const, headers: { 'Content-Type': 'application/json' }, body: '{"id":1}' }),
      () => delivery('{"id":1}', { source: STORE, key: `${SECRET}-wrong` }),
      () => delivery('{"id":1}', { source: `https://unknown-${unique}.example/`, key: SECRET }),
    ];
    const statuses: number[] = [];
    for (let index = 0; index < LIMIT + 5; index += 1) statuses.push((await sendWebhook(address, lane, noise[index % 3]!())).answer.status);
    expect(statuses).toEqual([...Array(LIMIT).fill(401), ...Array(5).fill(429)]);

    const buyer = createKey();
    const init = json({ package_id: PACKAGE, site_url: buyer.siteUrl });
    const checkout = await call(lane, '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(buyer.key) } });
    const now = new Date();
    const body = phpJsonEncode(
      restOrder({
        id: 50_000 + Math.floor(Math.random() * 1_000_000),
        hubOrderId: checkout.body.id,
        siteUrl: buyer.siteUrl,
        status: 'processing',
        paidAt: now,
        modifiedAt: now,
      }),
    );
    const paid = await sendWebhook(address, lane, delivery(body, { source: STORE, key: SECRET }));
    expect([paid.answer.status, paid.answer.body.outcome]).toEqual([200, 'applied']);
    expect(await auditEntry(paid.requestId)).toMatchObject({
      client_ip: address,
      signature_result: 'valid',
      outcome: 'applied',
      attempts: 1,
      body,
    });
    const order = await call(lane, `/wp-json/svc-commerce/v1/orders/${checkout.body.id}`, { headers: bearer(buyer.key) });
    expect(order.body.status).toBe('paid');

    const after = await sendWebhook(address, lane, noise[1]!());
    expect([after.answer.status, after.answer.body.code]).toEqual([429, 'svc_rate_limited']);
  });

  it('stores a flood of unsigned attempts with capped headers and a bounded size, while a signed delivery from another address pays an order', async () => {
    const flooder = randomLoopbackAddress();
    const padding = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`X-Junk-${index}`, 'j'.repeat(400)]));
    const junk = () => ({
      method: 'POST' as const,
      headers: { 'Content-Type': 'application/json', ...padding },
      body: `{"junk":"${'x'.repeat(100_000)}"}`,
    });
    const flood = (count: number) => Promise.all(Array.from({ length: count }, () => sendWebhook(flooder, lane, junk())));
    const before: number[] = [];
    for (let index = 0; index < LIMIT + 5; index += 1) before.push((await sendWebhook(flooder, lane, junk())).answer.status);
    expect(before).toEqual([...Array(LIMIT).fill(401), ...Array(5).fill(429)]);

    const buyer = createKey();
    const init = json({ package_id: PACKAGE, site_url: buyer.siteUrl });
    const checkout = await call(lane, '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(buyer.key) } });
    const now = new Date();
    const body = phpJsonEncode(
      restOrder({
        id: 50_000 + Math.floor(Math.random() * 1_000_000),
        hubOrderId: checkout.body.id,
        siteUrl: buyer.siteUrl,
        status: 'processing',
        paidAt: now,
        modifiedAt: now,
      }),
    );
    const store = randomLoopbackAddress();
    const [paid, during] = await Promise.all([sendWebhook(store, lane, delivery(body, { source: STORE, key: SECRET })), flood(40)]);
    expect(during.every(({ answer }) => answer.status === 429)).toBe(true);
    expect([paid.answer.status, paid.answer.body.outcome]).toEqual([200, 'applied']);
    expect(await auditEntry(paid.requestId)).toMatchObject({
      client_ip: store,
      signature_result: 'valid',
      outcome: 'applied',
      attempts: 1,
      body,
    });
    const order = await call(lane, `/wp-json/svc-commerce/v1/orders/${checkout.body.id}`, { headers: bearer(buyer.key) });
    expect(order.body.status).toBe('paid');

    const rows = await rowsOf(flooder);
    expect(rows.length).toBeLessThanOrEqual(LIMIT + 2);
    expect(total(rows)).toBe(LIMIT + 45);
    const stored = rows.filter((row) => row.outcome === 'rejected');
    expect(stored).toHaveLength(LIMIT);
    for (const row of stored) {
      const headers = JSON.parse(row.headers) as string[][];
      expect(headers.length).toBeLessThanOrEqual(41);
      expect(row.stored_bytes).toBeLessThanOrEqual(MAX_ROW_BYTES);
    }
    expectTallied(rows.filter((row) => row.outcome === 'rate_limited'));
    expect(rows.reduce((sum, row) => sum + row.stored_bytes, 0)).toBeLessThanOrEqual(LIMIT * MAX_ROW_BYTES + 4);
  });
});

/**
 * A chunked body sent slowly from `address` over a raw socket, 64 KiB at a time and never past
 * what the kernel takes (a server that stops reading stops it), until the server answers or
 * 50 MB are out. The answer is read from the bytes that arrived when the connection closed,
 * whatever the socket did after them: the worker leaves the rest of the body unread, and
 * closing such a socket resets the connection (it waits until its answer is out:
 * close-after-grace.ts).
 */
function streamSlowly(address: string): Promise<{ status: number; body: string; sentBytes: number; finishedSending: boolean }> {
  const url = new URL(stack().workerUrl);
  return new Promise((resolve, reject) => {
    const chunk = Buffer.concat([Buffer.from(`${(64 * 1024).toString(16)}\r\n`), Buffer.alloc(64 * 1024, 'x'), Buffer.from('\r\n')]);
    const received: Buffer[] = [];
    let sentBytes = 0;
    let finishedSending = false;
    let answeredWhileSending = false;
    const socket = connect({ host: url.hostname, port: Number(url.port), localAddress: address });
    socket.write(`POST ${WEBHOOK} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const timer = setInterval(() => {
      if (received.length > 0 || socket.writableNeedDrain || socket.destroyed) return;
      if (sentBytes >= 50 * 1024 * 1024) {
        clearInterval(timer);
        finishedSending = true;
        socket.write('0\r\n\r\n');
        return;
      }
      socket.write(chunk);
      sentBytes += 64 * 1024;
    }, 2);
    socket.on('data', (data: Buffer) => {
      if (received.length === 0) answeredWhileSending = !finishedSending;
      received.push(data);
    });
    let reset = 'no reset';
    socket.on('error', (error: NodeJS.ErrnoException) => (reset = error.code ?? String(error))); // what arrived is read on close
    socket.on('close', () => {
      clearInterval(timer);
      const text = Buffer.concat(received).toString('utf8');
      const head = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(text);
      if (!head) return reject(new Error(`no HTTP answer before the connection closed (${text.length} bytes, ${reset})`));
      const length = Number(/^content-length:\s*(\d+)\s*$/im.exec(head[2]!)?.[1]);
      resolve({
        status: Number(head[1]),
        body: Number.isNaN(length) ? head[3]! : head[3]!.slice(0, length),
        sentBytes,
        finishedSending: !answeredWhileSending,
      });
    });
  });
}

describe('a webhook body over the limit', () => {
  it('is answered 413 before the client has finished sending, read no further, and audited once', async () => {
    const address = randomLoopbackAddress();
    const answer = await streamSlowly(address);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).code).toBe('svc_payload_too_large');
    expect(answer.finishedSending).toBe(false);

    const rows = await rowsOf(address);
    expect(rows).toHaveLength(1);
    const entry = (await admin('GET', `/webhook-audit/${rows[0]!.id}`)).body;
    expect(entry).toMatchObject({ signature_result: 'not_checked', outcome: 'rejected', http_status: 413, body_truncated: true });
    expect(entry.body_bytes).toBeGreaterThan(LIMIT_BYTES);
    expect(entry.body_bytes).toBeLessThanOrEqual(LIMIT_BYTES + 1024 * 1024);
    expect(entry.body_sha256).toBe(createHash('sha256').update(Buffer.alloc(entry.body_bytes, 'x')).digest('hex'));
    expect(entry.body).toBe('x'.repeat(64 * 1024));
  });
});
