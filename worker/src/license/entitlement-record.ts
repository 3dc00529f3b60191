import type { EntitlementStatus } from './entitlement-states';

/** An entitlement row: what a site may use (its features), from a package or a manual grant, until when. */
export interface EntitlementRecord {
  id: string;
  siteUrl: string;
  packageId: string | null;
  status: EntitlementStatus;
  features: string[];
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a change did: the entitlement as it is now, and whether anything changed. */
export interface EntitlementChange {
  entitlement: EntitlementRecord;
  changed: boolean;
}
