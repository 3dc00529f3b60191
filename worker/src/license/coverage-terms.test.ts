import { restoredCoverage, shortenedCoverage } from './coverage-terms';
import type { EntitlementRecord } from './entitlement-record';
import type { EntitlementStatus } from './entitlement-states';

const until = new Date('2027-01-01T00:00:00Z');
const entitlement = (status: EntitlementStatus): EntitlementRecord => ({
  id: 'ent_01',
  siteUrl: 'https://site.example',
  packageId: 'pro',
  status,
  features: ['module.seo'],
  expiresAt: new Date('2027-03-01T00:00:00Z'),
  createdAt: new Date(),
  updatedAt: new Date(),
});

describe('coverage terms', () => {
  it('shortens the expiry while a paid order still covers, whatever the status; revokes only when none does', () => {
    expect(shortenedCoverage(entitlement('active'), { covered: true, until })).toEqual({ expiresAt: until });
    expect(shortenedCoverage(entitlement('suspended'), { covered: true, until: null })).toEqual({ expiresAt: null });
    expect(shortenedCoverage(entitlement('active'), { covered: false })).toEqual({ status: 'revoked' });
    expect(shortenedCoverage(entitlement('suspended'), { covered: false })).toEqual({ status: 'revoked' });
    expect(shortenedCoverage(entitlement('revoked'), { covered: false })).toBeNull();
    expect(shortenedCoverage(entitlement('expired'), { covered: true, until })).toBeNull();
  });

  it('restores: active again (revoked or expired included), a suspension stays', () => {
    expect(restoredCoverage(entitlement('revoked'), { covered: true, until })).toEqual({ status: 'active', expiresAt: until });
    expect(restoredCoverage(entitlement('expired'), { covered: true, until })).toEqual({ status: 'active', expiresAt: until });
    expect(restoredCoverage(entitlement('suspended'), { covered: true, until })).toEqual({ status: 'suspended', expiresAt: until });
    expect(restoredCoverage(entitlement('revoked'), { covered: false })).toBeNull();
  });
});
