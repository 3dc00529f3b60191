import { call, json } from '../support/lanes';
import { hub } from '../support/hub-cli';
import { shellHeaders } from '../support/signed-request';

const KEYS = '/wp-json/svc-hub/v1/admin/keys';
const keyCount = () => hub('key', 'list').length;
const newKeyBody = () => JSON.stringify({ site_url: 'https://signed.example', team: 'sig' });

/** The worker's admin and internal routes accept only fresh, correctly signed, unreplayed requests. */
describe('shell signature on the worker', () => {
  it('creates a key for a correctly signed admin request', async () => {
    const body = newKeyBody();
    const headers = { 'Content-Type': 'application/json', ...shellHeaders({ method: 'POST', path: KEYS, body }) };
    const answer = await call('direct', KEYS, { method: 'POST', body, headers });
    expect(answer.status).toBe(201);
    expect(answer.body.key).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    expect(answer.body.webhook_secret).toMatch(/^whsec_/);
  });

  it.each([
    ['no signature', () => ({})],
    [
      'a wrong signature',
      () => ({ ...shellHeaders({ method: 'POST', path: KEYS, body: newKeyBody() }), 'X-Svc-Hub-Signature': 'v1=' + '0'.repeat(64) }),
    ],
    [
      'a stale timestamp',
      () => shellHeaders({ method: 'POST', path: KEYS, body: newKeyBody(), timestamp: Math.floor(Date.now() / 1000) - 301 }),
    ],
    ['another secret', () => shellHeaders({ method: 'POST', path: KEYS, body: newKeyBody(), secret: 'x'.repeat(64) })],
    ['a signature over another body', () => shellHeaders({ method: 'POST', path: KEYS, body: '{}' })],
  ])('refuses %s with 401 and creates nothing', async (_name, headers) => {
    const before = keyCount();
    const answer = await call('direct', KEYS, {
      method: 'POST',
      body: newKeyBody(),
      headers: { 'Content-Type': 'application/json', ...headers() },
    });
    expect([answer.status, answer.body?.code]).toEqual([401, 'svc_invalid_signature']);
    expect(keyCount()).toBe(before);
  });

  it('refuses a replayed request (same nonce) with 401', async () => {
    const body = newKeyBody();
    const headers = { 'Content-Type': 'application/json', ...shellHeaders({ method: 'POST', path: KEYS, body }) };
    const first = await call('direct', KEYS, { method: 'POST', body, headers });
    expect(first.status).toBe(201);
    const before = keyCount();
    const replay = await call('direct', KEYS, { method: 'POST', body, headers });
    expect([replay.status, replay.body?.code]).toEqual([401, 'svc_invalid_signature']);
    expect(replay.body.message).toContain('nonce');
    expect(keyCount()).toBe(before);
  });

  it('guards the internal namespace the same way, before any route lookup', async () => {
    const answer = await call('direct', '/wp-json/svc-hub/v1/internal/woo-events', json({ order: 1 }));
    expect([answer.status, answer.body?.code]).toEqual([401, 'svc_invalid_signature']);
  });

  it('refuses a public-route request that claims shell headers without a valid signature', async () => {
    const answer = await call('direct', '/wp-json/llm/router/v1/health', { headers: { 'X-Svc-Hub-Client-Ip': '203.0.113.9' } });
    expect([answer.status, answer.body?.code]).toEqual([401, 'svc_invalid_signature']);
  });
});
