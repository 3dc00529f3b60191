import { randomUUID } from 'node:crypto';
import { DownloadTokens } from '../../../worker/src/license/releases/download-token';
import { createKey, hub, type TestKey } from '../../support/hub-cli';
import { hubAdmin, uploadRelease } from '../../support/hub-releases';
import { bearer, call, json } from '../../support/lanes';
import { stack } from '../../support/stack';
import { wooStandIn } from '../../support/woocommerce-stand-in';
import { pluginZip } from '../../support/zip-builder';

/**
 * What the licence attacks use (docs/commerce.md "Licences and activations", "Releases and
 * updates"), written before the family's first checksum: a package of one seat per licence that
 * delivers a plugin with releases 1.0.0 (current) and 1.1.0 (withdrawn by a rollback); download
 * paths the hub issued for them; a licence whose site lapsed since its path was issued; a
 * refunded (revoked) licence's key; per way in, a licence whose one seat is taken (a real key
 * for the per-key flood, its window of its own); and the download token format keyed as the
 * stack's worker keys it, to mint expired ones.
 */
export interface LicenceFixture {
  packageId: string;
  slug: string;
  /** The covered buyer's current release: its id, sha256 and a download path issued to the buyer. */
  current: { releaseId: string; sha256: string; path: string; siteUrl: string };
  /** A new download path for the covered buyer's current release. */
  freshPath: () => Promise<string>;
  /** A path issued for 1.1.0 before the rollback withdrew it. */
  withdrawnPath: string;
  /** A path issued while its site was covered; the site's entitlement expired since. */
  lapsedPath: string;
  revokedKey: string;
  /** A paid licence's key with its seat free (the activation flood's real key). */
  freeKey: string;
  /** Licence keys whose one seat is taken, one per way (each flood fills its key's window for a minute). */
  seatedKeys: string[];
  tokens: DownloadTokens;
}

const PRODUCT = 77;
const DOWNLOADS = '/wp-json/svc-license/v1/downloads/';

export const licenceFixture = {} as LicenceFixture;

/** A paid order of `packageId` for a fresh site: the buyer, its licence key and licence id. */
export async function buyLicence(packageId: string): Promise<{ buyer: TestKey; key: string; licenceId: string; wooOrderId: number }> {
  const buyer = createKey();
  const init = json({ package_id: packageId, site_url: buyer.siteUrl });
  const order = await call('direct', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(buyer.key) } });
  if (order.status !== 201) throw new Error(`licence fixture: checkout answered ${order.status} ${order.text.slice(0, 200)}`);
  await wooStandIn.pay(order.body.woo_order_id);
  const detail = await call('direct', `/wp-json/svc-commerce/v1/orders/${order.body.id}`, { headers: bearer(buyer.key) });
  const { license_key: key, license_id: licenceId } = detail.body as { license_key: string; license_id: string };
  return { buyer, key, licenceId, wooOrderId: order.body.woo_order_id as number };
}

/** The download path the update check offers `buyer` for the fixture's plugin (installed at 0.9). */
async function offeredPath(buyer: TestKey, slug: string): Promise<string> {
  const answer = await call('direct', '/wp-json/svc-license/v1/updates/check', {
    ...json({ plugins: [{ file: `${slug}/${slug}.php`, version: '0.9' }] }),
    headers: { 'Content-Type': 'application/json', ...bearer(buyer.key) },
  });
  const url = answer.body?.plugins?.[`${slug}/${slug}.php`]?.package;
  if (typeof url !== 'string' || url === '') throw new Error(`licence fixture: no download offered: ${answer.text.slice(0, 300)}`);
  return new URL(url).pathname;
}

async function release(packageId: string, slug: string, version: string): Promise<{ id: string; sha256: string }> {
  const answer = await uploadRelease(
    { package_id: packageId, type: 'plugin', slug, version },
    pluginZip(slug, version, `${stack().wordpressUrl}/`),
  );
  if (answer.status !== 201) throw new Error(`licence fixture: upload answered ${answer.status} ${answer.text.slice(0, 300)}`);
  return { id: answer.body.id, sha256: answer.body.sha256 };
}

async function seated(packageId: string): Promise<string> {
  const { key } = await buyLicence(packageId);
  const site = `https://seat-${randomUUID().slice(0, 8)}.hostile-licences.com`;
  const answer = await call('direct', '/wp-json/svc-license/v1/activations', json({ license_key: key, site_url: site }));
  if (answer.status !== 201) throw new Error(`licence fixture: activation answered ${answer.status} ${answer.text.slice(0, 200)}`);
  return key;
}

export async function createLicenceFixture(ways: number): Promise<void> {
  const packageId = `hostile-lic-${randomUUID().slice(0, 8)}`;
  const slug = `hostile-${randomUUID().slice(0, 8)}`;
  const terms = ['--price', '29.00', '--currency', 'EUR', '--features', 'module.hostile-licence', '--duration-days', '30', '--sites', '1'];
  hub('package', 'create', '--id', packageId, '--name', packageId, ...terms, '--woo-product', String(PRODUCT));
  const covered = await buyLicence(packageId);
  const lapsed = await buyLicence(packageId);
  const current = await release(packageId, slug, '1.0.0');
  await release(packageId, slug, '1.1.0');
  const withdrawnPath = await offeredPath(covered.buyer, slug);
  const rolled = await hubAdmin('POST', '/releases/rollback', { type: 'plugin', slug, version: '1.0.0' });
  if (rolled.status !== 200) throw new Error(`licence fixture: rollback answered ${rolled.status} ${rolled.text.slice(0, 200)}`);
  const lapsedPath = await offeredPath(lapsed.buyer, slug);
  hub('entitlement', 'set', '--site', lapsed.buyer.siteUrl, '--package', packageId, '--status', 'expired', '--reason', 'hostile: lapsed');
  const revoked = await buyLicence(packageId);
  await wooStandIn.refund(revoked.wooOrderId);
  const status = (await hubAdmin('GET', `/licenses/${revoked.licenceId}`)).body?.status;
  if (status !== 'revoked') throw new Error(`licence fixture: the refunded licence is ${status}, not revoked`);
  const seatedKeys: string[] = [];
  for (let way = 0; way < ways; way += 1) seatedKeys.push(await seated(packageId));
  Object.assign(licenceFixture, {
    packageId,
    slug,
    current: {
      releaseId: current.id,
      sha256: current.sha256,
      path: await offeredPath(covered.buyer, slug),
      siteUrl: covered.buyer.siteUrl,
    },
    freshPath: () => offeredPath(covered.buyer, slug),
    withdrawnPath,
    lapsedPath,
    revokedKey: revoked.key,
    freeKey: (await buyLicence(packageId)).key,
    seatedKeys,
    tokens: new DownloadTokens(Buffer.from(stack().workerEnv.SVC_ENCRYPTION_KEY!, 'base64')),
  } satisfies LicenceFixture);
}

/** The token of a download path. */
export const tokenOf = (path: string) => path.slice(DOWNLOADS.length);
export const downloadPath = (token: string) => `${DOWNLOADS}${token}`;
