import { startExtraWorker, type ExtraWorker } from '../support/extra-worker';
import { createKey } from '../support/hub-cli';
import { shellHeaders } from '../support/signed-request';
import { stack } from '../support/stack';

/** The documented bound (docs/api-notes.md, worker/README.md): 2 s key cache + 2 s stale window + one look-up. */
const REVOCATION_BOUND_MS = 5000;
const ENTITLEMENT = '/wp-json/svc-license/v1/entitlement';

const askWith = (url: string, key: string) =>
  fetch(url + ENTITLEMENT, { headers: { Authorization: `Bearer ${key}` } }).then(async (response) => ({
    status: response.status,
    code: ((await response.json()) as { code?: string }).code,
  }));

/** Polls until `url` refuses `key` as revoked, at most the documented bound; returns the last answer. */
async function refusedWithinBound(url: string, key: string): Promise<{ status: number; code?: string }> {
  const deadline = Date.now() + REVOCATION_BOUND_MS;
  for (;;) {
    const answer = await askWith(url, key);
    if (answer.code === 'svc_key_revoked' || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Two workers on one database: a key revoked through one is refused by the other within the documented time. */
describe('revocation across workers', () => {
  let other: ExtraWorker;
  beforeAll(async () => {
    other = await startExtraWorker();
  }, 60_000);
  afterAll(async () => {
    await other?.stop();
  });

  it('refuses a key revoked through worker A on worker B within 5 s, and on A at once', async () => {
    const key = createKey();
    const workerA = stack().workerUrl;
    expect(await askWith(workerA, key.key)).toEqual({ status: 200, code: undefined });
    expect(await askWith(other.url, key.key)).toEqual({ status: 200, code: undefined });

    const path = `/wp-json/svc-hub/v1/admin/keys/${key.id}/revoke`;
    const revoked = await fetch(workerA + path, { method: 'POST', headers: shellHeaders({ method: 'POST', path, user: '1' }) });
    expect([revoked.status, ((await revoked.json()) as { status: string }).status]).toEqual([200, 'revoked']);

    expect(await askWith(workerA, key.key)).toEqual({ status: 401, code: 'svc_key_revoked' });
    expect(await refusedWithinBound(other.url, key.key)).toEqual({ status: 401, code: 'svc_key_revoked' });
  });
});
