import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { phpString, pollUntil } from '../../support/client-key';
import { startClientSite, type ClientSite } from '../../support/client-site';
import { hub } from '../../support/hub-cli';
import { bearer, call, json } from '../../support/lanes';
import { documentFields, pushDocument, signDocument, type LicenceDocument } from '../../support/licence-documents';
import { stack } from '../../support/stack';
import { buyLicence } from './licence-fixture';

/**
 * Licence documents pushed to svc-client on a real WordPress 7.1 client site (issue 32, docs/architecture.md
 * §12), each in a delivery the site's own webhook secret signs (a stolen secret, or a captured
 * delivery re-sent): a document edited after signing, one signed by another Ed25519 key, a
 * hub-signed document for another site, and the site's own older document (a lower sequence)
 * that still lists a feature revoked since. None switches anything on.
 */
jest.setTimeout(180_000);

const PRODUCT = 77;
let client: ClientSite;
let licenseKey: string;
let packageId: string;

const features = () => client.php<string[]>('return svc_client_features();');
const held = () => client.php<LicenceDocument>('return get_option( Svc_Client_License_Document::OPTION );');
const refusals = () =>
  client.php<string[]>(
    "return array_values( array_map( fn( $e ) => $e['detail'], array_filter( Svc_Client_Activity_Log::all(), fn( $e ) => 'refused' === $e['outcome'] ) ) );",
  );
const messageSequence = () => client.php<number>('return Svc_Client_License::state()["sequence"];');

beforeAll(async () => {
  client = await startClientSite();
  packageId = `hostile-doc-${randomUUID().slice(0, 8)}`;
  const terms = ['--price', '19.00', '--currency', 'EUR', '--features', 'module.alpha', '--duration-days', '30', '--sites', '1'];
  hub('package', 'create', '--id', packageId, '--name', packageId, ...terms, '--woo-product', String(PRODUCT));
  licenseKey = (await buyLicence(packageId)).key;
  await client.php(`update_option( Svc_Client_Settings::OPTION, array( 'hub_url' => ${phpString(stack().wordpressUrl)} ) ); return true;`);
  const activated = await client.php<Record<string, any>>(`return svc_client_activate( ${phpString(licenseKey)} );`);
  expect(activated).toMatchObject({ license: { status: 'active' } });
  expect(await features()).toEqual(['module.alpha']);
}, 180_000);
afterAll(async () => {
  await client?.stop();
});

/** Pushes `document` (next message sequence): refused 403 as not this site's, nothing switched on. */
async function refusedPush(document: LicenceDocument, reason: string) {
  const answer = await pushDocument(client, document, (await messageSequence()) + 1, ['module.alpha', 'module.shop', 'module.other']);
  expect([answer.status, answer.body?.code]).toEqual([403, 'svc_client_bad_document']);
  expect(await features()).toEqual(['module.alpha']);
  expect((await refusals()).join('\n')).toContain(reason);
}

describe('licence documents pushed to svc-client', () => {
  it("a hub-signed document for another site, newer than this site's, is refused", async () => {
    const other = `https://other-${randomUUID().slice(0, 8)}.hostile-licences.com`;
    const activated = await call('direct', '/wp-json/svc-license/v1/activations', json({ license_key: licenseKey, site_url: other }));
    expect(activated.status).toBe(201);
    // Changes on the other site until its document's sequence is past this site's (else an older one is refused for that alone).
    let document: LicenceDocument;
    for (let change = 0; ; change += 1) {
      hub('entitlement', 'grant', '--site', other, '--features', `module.other${change === 0 ? '' : change}`);
      document = (await call('direct', '/wp-json/svc-license/v1/entitlement', { headers: bearer(activated.body.api_key) })).body
        .license_document;
      if (documentFields(document).sequence > documentFields(await held()).sequence || change === 5) break;
    }
    expect(documentFields(document)).toMatchObject({ site: other, status: 'active' });
    expect(documentFields(document).sequence).toBeGreaterThan(documentFields(await held()).sequence);
    await refusedPush(document, 'the licence document is for another site');
  });

  it('a document edited after signing, and one signed by another key, are refused', async () => {
    const stored = await held();
    const fields = documentFields(stored);
    const edited = Buffer.from(JSON.stringify({ ...fields, features: [...fields.features, 'module.shop'] })).toString('base64url');
    await refusedPush({ payload: edited, signature: stored.signature }, 'does not verify with the pinned key');
    const forged = signDocument(
      { ...fields, features: ['module.alpha', 'module.shop'], sequence: fields.sequence + 1 },
      generateKeyPairSync('ed25519').privateKey,
    );
    await refusedPush(forged, 'does not verify with the pinned key');
  });

  it('an older document of this site (a feature revoked since) is not kept, in a delivery that is otherwise applied', async () => {
    const [granted] = hub(
      'entitlement',
      'grant',
      '--site',
      (await client.php<{ site_url: string }>('return Svc_Client_Activation::get();')).site_url,
      '--features',
      'module.revoked',
    );
    await pollUntil(features, (list) => list.includes('module.revoked'));
    const older = await held();
    const entitlementId = /(ent_[0-9A-Z]{26})/.exec(granted!)![1]!;
    const site = documentFields(older).site as string;
    hub('entitlement', 'set', '--site', site, '--entitlement-id', entitlementId, '--status', 'revoked', '--reason', 'hostile: replay');
    await pollUntil(features, (list) => !list.includes('module.revoked'));
    const newer = documentFields(await held()).sequence;
    expect(documentFields(older).sequence).toBeLessThan(newer);

    const answer = await pushDocument(client, older, (await messageSequence()) + 1, ['module.alpha', 'module.revoked']);
    // The delivery's summary may apply (its message sequence is new); its document is not kept.
    expect([200, 403]).toContain(answer.status);
    expect(await features()).toEqual(['module.alpha']);
    expect(documentFields(await held()).sequence).toBe(newer);
    expect((await refusals()).join('\n')).toContain(`sequence ${documentFields(older).sequence} is older than the one held (${newer})`);
  });
});
