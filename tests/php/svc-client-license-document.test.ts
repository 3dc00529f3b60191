import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  canonicalJson,
  rawPublicKey,
  signLicenceDocument,
  type LicenceDocumentFields,
} from '../../worker/src/license/documents/licence-document';

/**
 * svc-client's licence document check (PHP, sodium) against documents the hub's own signer
 * writes (docs/architecture.md §12): kept only when it verifies with the pinned key, names the
 * activation's site and is not older than the one held; the features in force only while the
 * document's status is active, before its expiry and before its grace end; an edited payload
 * switches everything off. Keys here are generated per run (synthetic).
 */
const hubKey = generateKeyPairSync('ed25519');
const otherKey = generateKeyPairSync('ed25519');
const SITE = 'https://client.example.com';
const activation = { site_url: SITE, public_key: rawPublicKey(hubKey.publicKey) };
const hour = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const fields = (change: Partial<LicenceDocumentFields> = {}): LicenceDocumentFields => ({
  site: SITE,
  features: ['module.seo', 'module.forms'],
  status: 'active',
  expires_at: at(30 * 24 * hour),
  grace_ends_at: at(7 * 24 * hour),
  sequence: 10,
  issued_at: at(0),
  key_id: 'hk_test',
  ...change,
});
const signed = (change: Partial<LicenceDocumentFields> = {}, key = hubKey.privateKey) => signLicenceDocument(fields(change), key);

function run(cases: Record<string, unknown>[]): Array<{ refusal: string; features: string[] }> {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-client-document-')), 'cases.json');
  writeFileSync(path, JSON.stringify(cases.map((item) => ({ activation, ...item }))));
  const result = spawnSync('php', [join(__dirname, 'svc-client', 'license-document.php'), path], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout);
}

describe('svc-client licence documents (PHP) against the hub’s signer (TypeScript)', () => {
  it('keeps a document the pinned key signed for this site; refuses another key, another site, an older sequence', () => {
    const answers = run([
      { receive: signed() },
      { receive: signed({}, otherKey.privateKey) },
      { receive: signed({ site: 'https://other.example.com' }) },
      { held: signed({ sequence: 11 }), receive: signed({ sequence: 10 }) },
      { held: signed({ sequence: 10 }), receive: signed({ sequence: 10, features: ['module.seo'] }) },
      { receive: { payload: signed().payload } },
    ]);
    expect(answers.map((answer) => answer.refusal.replace(/ \(.*/, ''))).toEqual([
      '',
      'the licence document is missing or its signature does not verify with the pinned key',
      'the licence document is for another site',
      "the licence document's sequence 10 is older than the one held",
      '',
      'the licence document is missing or its signature does not verify with the pinned key',
    ]);
    expect(answers.map((answer) => answer.features)).toEqual([
      ['module.forms', 'module.seo'],
      [],
      [],
      ['module.forms', 'module.seo'],
      ['module.seo'],
      [],
    ]);
  });

  it('switches features on only while active, before the expiry and before the grace end; an edited payload switches all off', () => {
    const edited = Buffer.from(canonicalJson(fields({ features: ['module.seo', 'module.forms', 'module.shop'] }))).toString('base64url');
    const answers = run([
      { held: signed({ grace_ends_at: at(60_000) }) },
      { held: signed({ grace_ends_at: at(-1000) }) },
      { held: signed({ expires_at: at(-1000) }) },
      { held: signed({ expires_at: null }) },
      { held: signed({ status: 'revoked' }) },
      { held: signed(), edit: edited },
      { held: signed(), activation: { ...activation, public_key: rawPublicKey(otherKey.publicKey) } },
    ]);
    expect(answers.map((answer) => answer.features)).toEqual([
      ['module.forms', 'module.seo'],
      [],
      [],
      ['module.forms', 'module.seo'],
      [],
      [],
      [],
    ]);
  });
});
