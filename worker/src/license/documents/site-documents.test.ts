import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { HubSigningKey } from './signing-key';
import { rawPublicKey, verifyLicenceDocument } from './licence-document';
import { LicenceDocuments, summaryExpiry } from './site-documents';

const { privateKey } = generateKeyPairSync('ed25519');
const signing = {
  pair: async () => ({
    keyId: 'hk_unit',
    privateKey,
    publicKey: createPublicKey(privateKey),
    publicKeyRaw: rawPublicKey(createPublicKey(privateKey)),
  }),
} as unknown as HubSigningKey;
const summary = {
  site_url: 'https://client.example.com',
  status: 'active',
  features: ['module.seo'],
  entitlements: [
    { status: 'active', expires_at: '2027-01-01T00:00:00.000Z' },
    { status: 'active', expires_at: '2027-03-01T00:00:00.000Z' },
    { status: 'revoked', expires_at: '2028-01-01T00:00:00.000Z' },
  ],
};

describe('site licence documents', () => {
  it('vouches for the latest expiry of the active entitlements, none when one never ends', () => {
    expect(summaryExpiry(summary)).toBe('2027-03-01T00:00:00.000Z');
    expect(summaryExpiry({ ...summary, entitlements: [...summary.entitlements, { status: 'active', expires_at: null }] })).toBeNull();
  });

  it('signs the summary with the sequence, a 7-day grace and the key id', async () => {
    const document = await new LicenceDocuments(signing).forSummary(summary, 9, new Date('2026-12-01T00:00:00Z'));
    expect(verifyLicenceDocument(document, createPublicKey(privateKey))).toEqual({
      site: 'https://client.example.com',
      features: ['module.seo'],
      status: 'active',
      expires_at: '2027-03-01T00:00:00.000Z',
      grace_ends_at: '2026-12-08T00:00:00.000Z',
      sequence: 9,
      issued_at: '2026-12-01T00:00:00.000Z',
      key_id: 'hk_unit',
    });
  });

  it('vouches for the grace the hub is configured with (SVC_LICENCE_GRACE_DAYS)', async () => {
    const document = await new LicenceDocuments(signing, 30).forSummary(summary, 9, new Date('2026-12-01T00:00:00Z'));
    expect(verifyLicenceDocument(document, createPublicKey(privateKey))).toMatchObject({ grace_ends_at: '2026-12-31T00:00:00.000Z' });
  });

  it("adds the document to an entitlement push's data, leaves other bodies alone", async () => {
    const documents = new LicenceDocuments(signing);
    const body = JSON.stringify({ type: 'entitlement.updated', timestamp: '2026-12-01T00:00:00.000Z', sequence: 5, data: summary });
    const signed = await documents.signedBody(body);
    expect(await documents.signedBody(body)).toBe(signed); // every attempt of a message sends the same bytes
    expect(verifyLicenceDocument(JSON.parse(signed).data.license_document, createPublicKey(privateKey))).toMatchObject({
      sequence: 5,
      site: summary.site_url,
      issued_at: '2026-12-01T00:00:00.000Z',
    });
    const other = JSON.stringify({ type: 'budget.alert', sequence: 6, data: {} });
    expect(await documents.signedBody(other)).toBe(other);
    expect(await documents.signedBody('not json')).toBe('not json');
  });
});
