import type { PoolConnection } from 'mysql2/promise';
import type { ActivationRecord, ActivationStore } from '../activations/activation-rows';
import type { EntitlementRecord } from '../entitlement-record';
import type { EntitlementStore } from '../entitlements';
import { LicenceFollower } from './licence-follower';
import type { LicenceRecord, LicenceStore } from './licence-rows';

const BUYER = 'https://buyer.example.com';
const licence = { id: 'lic_1', siteUrl: BUYER, packageId: 'seo' } as LicenceRecord;
const activation = (siteUrl: string) => ({ siteUrl, licenceId: 'lic_1', status: 'active' }) as ActivationRecord;
const entitlement = (siteUrl: string, status: EntitlementRecord['status']): EntitlementRecord => ({
  id: 'ent_1',
  siteUrl,
  packageId: 'seo',
  status,
  features: ['module.seo'],
  expiresAt: new Date('2027-01-01T00:00:00Z'),
  createdAt: new Date(),
  updatedAt: new Date(),
});

function follower() {
  const changed: Array<{ site: string; status: unknown; reopen: unknown }> = [];
  const self: { follower?: LicenceFollower } = {};
  const licences = { follow: async (_c: unknown, siteUrl: string) => (siteUrl === BUYER ? licence : null) } as unknown as LicenceStore;
  const rows = {
    active: async () => [activation(BUYER), activation('https://a.shop.com'), activation('https://b.shop.com')],
  } as unknown as ActivationStore;
  const entitlements = {
    changePackageEntitlement: async (
      connection: PoolConnection,
      target: { siteUrl: string },
      decide: () => { status: unknown },
      options: { reopen: unknown },
    ) => {
      changed.push({ site: target.siteUrl, status: decide().status, reopen: options.reopen });
      // The activated site's own change comes back to the observers on the same connection.
      await self.follower!.entitlementChanged(connection, entitlement(target.siteUrl, 'revoked'));
      return null;
    },
  } as unknown as EntitlementStore;
  self.follower = new LicenceFollower(licences, rows, entitlements);
  return { instance: self.follower, changed };
}

describe('LicenceFollower (docs/commerce.md "Licences and activations")', () => {
  it("passes the buyer's entitlement on to every other activated site, once each", async () => {
    const { instance, changed } = follower();
    await instance.entitlementChanged({} as PoolConnection, entitlement(BUYER, 'revoked'));
    expect(changed).toEqual([
      { site: 'https://a.shop.com', status: 'revoked', reopen: false },
      { site: 'https://b.shop.com', status: 'revoked', reopen: false },
    ]);
  });

  it('reopens the activated sites when the buyer is active again, and ignores sites without a licence', async () => {
    const { instance, changed } = follower();
    await instance.entitlementChanged({} as PoolConnection, entitlement(BUYER, 'active'));
    expect(changed.map((change) => change.reopen)).toEqual([true, true]);
    changed.length = 0;
    await instance.entitlementChanged({} as PoolConnection, entitlement('https://other.shop.com', 'revoked'));
    expect(changed).toEqual([]);
  });
});
