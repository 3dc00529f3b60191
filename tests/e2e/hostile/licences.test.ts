import { createHash, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { licenceCases, LICENCE_WAYS } from './attacks/licences';
import { createLicenceFixture, licenceFixture } from './licence-fixture';
import { runFamily } from './suite';
import { queryStack } from '../../support/database-query';
import { startExtraWorker } from '../../support/extra-worker';
import { hubAdmin } from '../../support/hub-releases';
import { baseUrl, call, type Lane } from '../../support/lanes';
import { randomLoopbackAddress } from '../../support/loopback';
import { testFetch } from '../../support/test-fetch';

/**
 * The licence server under attack (issue 32; attacks/licences.ts has the cases run with every
 * svc_* table checksummed around each). Below them, what does not fit a case of the suite: a
 * download URL used again (one use each, docs/commerce.md "Releases and updates"), and a flood from one address
 * on a worker of its own at the production limit (the suite's worker allows loopback more,
 * tests/support/global-setup.ts). Licence documents pushed to svc-client: licence-documents.test.ts.
 */
jest.setTimeout(120_000);

runFamily('the licence server', licenceCases(), { beforeAll: () => createLicenceFixture(LICENCE_WAYS) });

const downloads = async () =>
  ((await hubAdmin('GET', '/releases')).body.data as Array<{ id: string; downloads: number }>).find(
    (row) => row.id === licenceFixture.current.releaseId,
  )!.downloads;

/** The same token spelt otherwise: its signature's last character changed in the two bits no byte of the MAC uses. */
function respelt(path: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return `${path.slice(0, -1)}${alphabet[alphabet.indexOf(path.at(-1)!) ^ 1]}`;
}

describe('a download URL used again', () => {
  it.each(['wordpress', 'direct'] as Lane[])(
    "downloads once via %s (the release's zip, counted); used again, or re-spelt, it is refused and not counted",
    async (lane) => {
      const path = await licenceFixture.freshPath();
      const before = await downloads();
      const answer = await testFetch(baseUrl(lane) + path);
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'application/zip']);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(licenceFixture.current.sha256);
      expect(await downloads()).toBe(before + 1);
      for (const again of [path, respelt(path)]) {
        const refused = await call(lane, again);
        expect([refused.status, refused.body?.code]).toEqual([403, 'svc_download_refused']);
      }
      expect(await downloads()).toBe(before + 1);
    },
  );
});

/** A POST of `body` to `url` from the loopback address `from`. */
function postFrom(url: string, from: string, body: unknown): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: 'POST', localAddress: from, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(text);
  });
}

const activationRows = async (siteUrl: string) =>
  Number((await queryStack('SELECT COUNT(*) AS n FROM {prefix}svc_license_activations WHERE site_url = ?', [siteUrl]))[0]!.n);

describe('an activation flood from one address (a worker at the production limit, 30 a minute)', () => {
  it('guesses past the limit are answered 429 with Retry-After; then a real key is refused too and nothing is created', async () => {
    const worker = await startExtraWorker({ SVC_RATE_LIMIT_ACTIVATIONS_PER_ADDRESS: '30' });
    try {
      const url = `${worker.url}/wp-json/svc-license/v1/activations`;
      const from = randomLoopbackAddress();
      const site = () => `https://flood-${randomUUID().slice(0, 8)}.hostile-licences.com`;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 32; attempt += 1) {
        const key = `SVC-${randomUUID().replace(/-/g, '').toUpperCase().slice(0, 24).match(/.{4}/g)!.join('-')}`;
        statuses.push((await postFrom(url, from, { license_key: key, site_url: site() })).status);
      }
      expect(statuses).toEqual([...Array(30).fill(404), 429, 429]);
      const real = licenceFixture.freeKey;
      const target = site();
      const refused = await postFrom(url, from, { license_key: real, site_url: target });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'svc_rate_limited', data: { status: 429 } });
      expect(refused.headers['retry-after']).toBe(String(refused.body.data.retry_after));
      expect(await activationRows(target)).toBe(0);
      // The key itself is good: from another address the same activation is made.
      expect((await postFrom(url, randomLoopbackAddress(), { license_key: real, site_url: target })).status).toBe(201);
      expect(await activationRows(target)).toBe(1);
    } finally {
      await worker.stop();
    }
  });
});
