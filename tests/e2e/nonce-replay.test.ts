import { hub } from '../support/hub-cli';
import { call } from '../support/lanes';
import { startExtraWorker, type ExtraWorker } from '../support/extra-worker';
import { shellHeaders } from '../support/signed-request';
import { auditEntry, WEBHOOK } from '../support/webhook-calls';

const KEYS = '/wp-json/svc-hub/v1/admin/keys';
const keyCount = () => hub('key', 'list').length;

/**
 * docs/architecture.md §1 and §11: a shell nonce is good once across every worker on the database. A signed
 * request captured on its way to one worker and replayed to another within the 300 s window is
 * refused there, and does nothing.
 */
describe('shell nonces across two workers on one database', () => {
  let second: ExtraWorker;
  beforeAll(async () => {
    second = await startExtraWorker();
  }, 40_000);
  afterAll(() => second?.stop());

  const signedKeyRequest = () => {
    const body = JSON.stringify({ site_url: 'https://replayed.example', team: 'replay' });
    return { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...shellHeaders({ method: 'POST', path: KEYS, body }) } };
  };

  it('refuses on worker B the identical bytes worker A accepted: 401 svc_invalid_signature, no key created', async () => {
    const request = signedKeyRequest();
    const first = await call('direct', KEYS, request);
    expect(first.status).toBe(201);
    const before = keyCount();

    const replay = await fetch(second.url + KEYS, request);
    const answer = (await replay.json()) as { code: string; message: string };
    expect([replay.status, answer.code]).toEqual([401, 'svc_invalid_signature']);
    expect(answer.message).toContain('nonce already used');
    expect(keyCount()).toBe(before);
  });

  it('and the other way round: accepted by worker B, refused by worker A', async () => {
    const request = signedKeyRequest();
    const first = await fetch(second.url + KEYS, request);
    expect(first.status).toBe(201);
    const before = keyCount();

    const replay = await call('direct', KEYS, request);
    expect([replay.status, replay.body?.code]).toEqual([401, 'svc_invalid_signature']);
    expect(keyCount()).toBe(before);
  });

  it('a replayed shell-signed webhook request: refused on the other worker and audited as a replay', async () => {
    const body = '{"id":1}';
    const signed = shellHeaders({ method: 'POST', path: WEBHOOK, body, user: '', clientIp: '198.51.100.23' });
    const headers = { 'Content-Type': 'application/json', ...signed };
    const first = await call('direct', WEBHOOK, {
      method: 'POST',
      body,
      headers: { ...headers, 'X-Request-Id': 'replay-first-' + signed['X-Svc-Hub-Nonce'] },
    });
    expect((await auditEntry('replay-first-' + signed['X-Svc-Hub-Nonce'])).reason).not.toMatch(/^shell signature/);
    const replayId = 'replay-second-' + signed['X-Svc-Hub-Nonce'];
    const replay = await fetch(second.url + WEBHOOK, { method: 'POST', body, headers: { ...headers, 'X-Request-Id': replayId } });
    expect([first.status, replay.status]).toEqual([401, 401]);
    expect(await auditEntry(replayId)).toMatchObject({
      outcome: 'rejected',
      http_status: 401,
      reason: 'shell signature: nonce already used',
    });
  });

  it('a replay of a public-route request through the shell is refused on the other worker too', async () => {
    const path = '/wp-json/svc/v1/image-templates?per_page=1';
    const headers = shellHeaders({ method: 'GET', path, user: '' });
    expect((await call('direct', path, { headers })).status).toBe(200);
    const replay = await fetch(second.url + path, { headers });
    expect([replay.status, ((await replay.json()) as { code: string }).code]).toEqual([401, 'svc_invalid_signature']);
  });
});
