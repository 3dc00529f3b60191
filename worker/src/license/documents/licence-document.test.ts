import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  canonicalJson,
  publicKeyFromRaw,
  rawPublicKey,
  signLicenceDocument,
  verifyLicenceDocument,
  type LicenceDocumentFields,
} from './licence-document';

/** A fixed test key (seed 0x01 × 32): synthetic, never the hub's. tests/php/licence-document.php verifies the same fixture with sodium. */
const fixturePath = join(__dirname, '../../../../tests/fixtures/licence-document.json');
const seedKey = createPrivateKey({
  key: Buffer.from(`302e020100300506032b657004220420${'01'.repeat(32)}`, 'hex'),
  format: 'der',
  type: 'pkcs8',
});

const fields: LicenceDocumentFields = {
  site: 'https://client.example.com',
  features: ['module.seo', 'module.forms'],
  status: 'active',
  expires_at: '2027-01-01T00:00:00.000Z',
  grace_ends_at: '2026-12-08T00:00:00.000Z',
  sequence: 42,
  issued_at: '2026-12-01T00:00:00.000Z',
  key_id: 'hk_test',
};

describe('licence documents (docs/propagation.md "Licence documents")', () => {
  it('writes canonical JSON: keys sorted at every level, no whitespace', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'é' }], e: undefined })).toBe('{"a":[{"c":"é","d":null}],"b":1}');
  });

  it('signs deterministically and verifies; a changed payload or signature fails', () => {
    const document = signLicenceDocument(fields, seedKey);
    expect(signLicenceDocument(fields, seedKey)).toEqual(document);
    const publicKey = createPublicKey(seedKey);
    expect(verifyLicenceDocument(document, publicKey)).toEqual(fields);
    const forged = Buffer.from(canonicalJson({ ...fields, features: ['module.seo', 'module.forms', 'module.shop'] })).toString('base64url');
    expect(verifyLicenceDocument({ ...document, payload: forged }, publicKey)).toBeNull();
    expect(verifyLicenceDocument({ ...document, signature: document.signature.slice(2) }, publicKey)).toBeNull();
    expect(verifyLicenceDocument(document, generateKeyPairSync('ed25519').publicKey)).toBeNull();
  });

  it('gives the public key as raw 32 bytes and reads it back', () => {
    const raw = rawPublicKey(createPublicKey(seedKey));
    expect(Buffer.from(raw, 'base64')).toHaveLength(32);
    expect(verifyLicenceDocument(signLicenceDocument(fields, seedKey), publicKeyFromRaw(raw))).toEqual(fields);
  });

  it('matches the committed fixture PHP verifies (regenerate it from this signer when the format changes)', () => {
    const fixture = JSON.parse(readFileSync(fixturePath, 'utf8'));
    expect(fixture).toEqual({
      synthetic: fixture.synthetic,
      public_key: rawPublicKey(createPublicKey(seedKey)),
      document: signLicenceDocument(fields, seedKey),
    });
  });
});
