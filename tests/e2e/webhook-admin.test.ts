import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { hub } from '../support/hub-cli';
import { closeLoopbackAgents, randomLoopbackAddress } from '../support/loopback';
import { stack } from '../support/stack';
import { admin, auditEntry, sendWebhook } from '../support/webhook-calls';
import { delivery } from '../support/woo-webhook';

/**
 * What an operator manages around the WooCommerce webhook: stores (CLI and admin routes; a
 * secret goes in, never out) and the audit log (filtered, paginated, one attempt in full).
 * The deliveries themselves: webhook.test.ts.
 */
const unique = randomUUID().slice(0, 8);
const STORE = `https://audit-${unique}.example/`;
const SECRET = `a&b<c>"d'${unique}`;
const ADDRESS = randomLoopbackAddress();
afterAll(closeLoopbackAgents);

hub('store', 'add', '--source', STORE, '--secret', SECRET);

/** The CLI without blocking the event loop (a blocked loop misses the worker closing idle keep-alive sockets). */
async function runHub(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const file = join(stack().repoRoot, 'worker', 'dist', 'cli', 'hub.js');
  const options = { env: { PATH: process.env.PATH, SVC_ENV_FILE: join(stack().dir, 'worker.env') }, encoding: 'utf8' as const };
  try {
    return { status: 0, ...(await promisify(execFile)('node', [file, ...args], options)) };
  } catch (error) {
    const failed = error as { code?: unknown; stdout: string; stderr: string };
    return { status: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('store commands of the operator CLI', () => {
  it('lists stores with the last 4 characters of their secret only', async () => {
    const listed = (await runHub('store', 'list')).stdout;
    expect(listed).toContain(`${STORE}\tsecret …${SECRET.slice(-4)}`);
    expect(listed).not.toContain(SECRET);
  });

  it.each([
    [['store', 'add', '--source', 'ftp://x.example', '--secret', 's'], /source_url must be the store's absolute http\(s\) home URL/],
    [['store', 'add', '--source', 'https://x.example'], /Missing --secret/],
    [['store', 'add', '--source', STORE, '--secret', 'another'], /already exists/],
    [['store', 'remove', 'sto_NOPE'], /No store is "sto_NOPE"/],
    [['store', 'rotate', STORE], /Missing --secret/],
  ])('refuses %p with a one-line reason and exit code 2, changing nothing', async (args, reason) => {
    const before = (await runHub('store', 'list')).stdout;
    const result = await runHub(...args);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(reason);
    expect((await runHub('store', 'list')).stdout).toBe(before);
  });
});

describe('store admin routes', () => {
  it('add, list (never a secret), re-key and remove a store', async () => {
    const source = `https://admin-${unique}.example`;
    const created = await admin('POST', '/stores', { source_url: source, secret: 'first&secret' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'store',
      id: expect.stringMatching(/^sto_[0-9A-Z]{26}$/),
      source_url: `${source}/`,
      secret_last4: 'cret',
    });
    expect((await admin('POST', '/stores', { source_url: `${source}/`, secret: 'x' })).body.code).toBe('svc_conflict');

    const rotated = await admin('PUT', `/stores/${created.body.id}`, { secret: 'second&secret-9876' });
    expect([rotated.status, rotated.body.secret_last4]).toEqual([200, '9876']);
    const listed = await admin('GET', '/stores');
    expect(listed.body.data.map((store: { source_url: string }) => store.source_url)).toEqual(
      expect.arrayContaining([STORE, `${source}/`]),
    );
    for (const secret of ['first&secret', 'second&secret', SECRET]) expect(listed.text).not.toContain(secret);

    expect((await admin('DELETE', `/stores/${created.body.id}`)).body).toMatchObject({ id: created.body.id, deleted: true });
    expect((await admin('DELETE', `/stores/${created.body.id}`)).status).toBe(404);
    expect((await admin('PUT', '/stores/sto_NOPE', { secret: 'x' })).status).toBe(404);
  });

  it('refuses bad input, naming each field', async () => {
    const bad = await admin('POST', '/stores', { source_url: 'ftp://x', secret: '' });
    expect([bad.status, Object.keys(bad.body.data.params).sort()]).toEqual([400, ['secret', 'source_url']]);
    const noSecret = await admin('PUT', `/stores/${(await admin('GET', '/stores')).body.data[0].id}`, {});
    expect([noSecret.status, Object.keys(noSecret.body.data.params)]).toEqual([400, ['secret']]);
  });

  it('refuses the next delivery once a store is removed', async () => {
    const source = `https://gone-${unique}.example/`;
    const created = await admin('POST', '/stores', { source_url: source, secret: 'gone' });
    const before = await sendWebhook(ADDRESS, 'direct', delivery('{"id":1}', { source, key: 'gone', topic: 'order.deleted' }));
    expect([before.answer.status, before.answer.body.outcome]).toEqual([200, 'ignored']);
    await admin('DELETE', `/stores/${created.body.id}`);
    const after = await sendWebhook(ADDRESS, 'direct', delivery('{"id":1}', { source, key: 'gone', topic: 'order.deleted' }));
    expect([after.answer.status, after.answer.body.code]).toEqual([401, 'svc_invalid_signature']);
    expect(await auditEntry(after.requestId)).toMatchObject({ signature_result: 'unknown_store', outcome: 'rejected' });
  });
});

describe('webhook audit admin routes', () => {
  beforeAll(async () => {
    for (let index = 0; index < 3; index += 1) {
      await sendWebhook(ADDRESS, 'direct', delivery(`{"id":${index + 1}}`, { source: STORE, key: SECRET, topic: 'order.deleted' }));
    }
  });

  it('filters by result and source and paginates, newest first, without headers or body', async () => {
    const page = await admin('GET', `/webhook-audit?result=valid&source=${encodeURIComponent(STORE)}&per_page=2`);
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    expect(page.headers.get('x-wp-total')).toBe('3');
    expect(page.headers.get('x-wp-totalpages')).toBe('2');
    expect(page.headers.get('link')).toContain('rel="next"');
    const [newest, older] = page.body.data;
    expect(newest.id).toBeGreaterThan(older.id);
    expect(newest).toMatchObject({
      object: 'webhook_attempt',
      source: STORE,
      signature_result: 'valid',
      outcome: 'ignored',
      topic: 'order.deleted',
      client_ip: ADDRESS,
    });
    expect(newest).not.toHaveProperty('body');
    expect(newest).not.toHaveProperty('headers');
    const entry = await admin('GET', `/webhook-audit/${newest.id}`);
    expect(entry.body).toMatchObject({ id: newest.id, body: '{"id":3}', body_encoding: 'utf8', body_truncated: false });
    const rest = await admin('GET', `/webhook-audit?result=valid&source=${encodeURIComponent(STORE)}&per_page=2&page=2`);
    expect(rest.body.data.map((item: { id: number }) => item.id)).toEqual([expect.any(Number)]);
    expect(rest.body.data[0].id).toBeLessThan(older.id);
  });

  it('shows a body that is not UTF-8 as base64', async () => {
    const bytes = Buffer.from([0x7b, 0xff, 0xfe, 0x7d]);
    const { answer } = await sendWebhook(ADDRESS, 'direct', delivery(bytes, { source: STORE, key: SECRET }));
    expect([answer.status, answer.body.outcome]).toEqual([200, 'ignored']);
    const list = await admin('GET', `/webhook-audit?outcome=ignored&source=${encodeURIComponent(STORE)}&per_page=1`);
    const entry = await admin('GET', `/webhook-audit/${list.body.data[0].id}`);
    expect(entry.body).toMatchObject({
      body: bytes.toString('base64'),
      body_encoding: 'base64',
      reason: 'the body is not valid JSON: it is not UTF-8',
    });
  });

  it('validates its filters and ids', async () => {
    const bad = await admin('GET', '/webhook-audit?result=great&outcome=fine&source=nope');
    expect([bad.status, Object.keys(bad.body.data.params).sort()]).toEqual([400, ['outcome', 'result', 'source']]);
    expect((await admin('GET', '/webhook-audit?per_page=500')).status).toBe(400);
    expect((await admin('GET', '/webhook-audit/99999999999')).status).toBe(404);
    expect((await admin('GET', '/webhook-audit/abc')).status).toBe(404);
  });
});
