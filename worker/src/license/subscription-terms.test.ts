import type { EntitlementRecord } from './entitlement-record';
import type { EntitlementStatus } from './entitlement-states';
import { endedTerm, renewedTerm, suspendedTerm, termEndingAt } from './subscription-terms';

const NOW = new Date('2026-11-24T12:00:00Z');
const LATER = new Date('2026-12-27T12:00:00Z');
const entitlement = (status: EntitlementStatus, expiresAt: Date | null = new Date('2026-11-30T00:00:00Z')): EntitlementRecord => ({
  id: 'ent_1',
  siteUrl: 'https://client.example',
  packageId: 'seo',
  status,
  features: ['module.seo'],
  expiresAt,
  createdAt: NOW,
  updatedAt: NOW,
});

describe('subscription terms', () => {
  it('a renewal extends a running term, brings back a lapsed one, lifts only its own suspension', () => {
    expect(renewedTerm(entitlement('active'), LATER, false)).toEqual({ expiresAt: LATER });
    expect(renewedTerm(entitlement('expired'), LATER, false)).toEqual({ status: 'active', expiresAt: LATER });
    expect(renewedTerm(entitlement('suspended'), LATER, true)).toEqual({ status: 'active', expiresAt: LATER });
    expect(renewedTerm(entitlement('suspended'), LATER, false)).toEqual({ expiresAt: LATER });
    expect(renewedTerm(entitlement('revoked'), LATER, true)).toBeNull();
  });

  it('pending-cancel keeps the status and ends at the end of the paid term', () => {
    expect(termEndingAt(entitlement('active'), LATER)).toEqual({ expiresAt: LATER });
    expect(termEndingAt(entitlement('revoked'), LATER)).toBeNull();
  });

  it('suspends only an active entitlement', () => {
    expect(suspendedTerm(entitlement('active'))).toEqual({ status: 'suspended' });
    expect(suspendedTerm(entitlement('suspended'))).toBeNull();
    expect(suspendedTerm(entitlement('expired'))).toBeNull();
  });

  it('cancelled or expired ends a running term now (or at its earlier expiry)', () => {
    expect(endedTerm(entitlement('active'), NOW)).toEqual({ status: 'expired', expiresAt: NOW });
    expect(endedTerm(entitlement('suspended', null), NOW)).toEqual({ status: 'expired', expiresAt: NOW });
    const past = new Date('2026-11-01T00:00:00Z');
    expect(endedTerm(entitlement('active', past), NOW)).toEqual({ status: 'expired', expiresAt: past });
    expect(endedTerm(entitlement('revoked'), NOW)).toBeNull();
  });
});
