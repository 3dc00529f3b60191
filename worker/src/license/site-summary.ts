import type { EntitlementRecord } from './entitlement-record';
import type { EntitlementStatus } from './entitlement-states';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Whether an entitlement grants its features at `now` (active and not past its expiry). */
export function isLive(entitlement: EntitlementRecord, now: Date): boolean {
  return entitlement.status === 'active' && !(entitlement.expiresAt && entitlement.expiresAt <= now);
}

/** The site's overall status: active if any entitlement is live, else the "nearest" state. */
function siteStatus(entitlements: EntitlementRecord[], now: Date): EntitlementStatus {
  if (entitlements.some((entitlement) => isLive(entitlement, now))) return 'active';
  const present = new Set(entitlements.map((entitlement) => (entitlement.status === 'active' ? 'expired' : entitlement.status)));
  for (const status of ['suspended', 'expired', 'revoked'] as const) if (present.has(status)) return status;
  return 'inactive';
}

/**
 * What a client site is told about itself (GET /entitlement and every propagated change):
 * `{ site_url, status, features: [union of live], entitlements: [...] }` (docs/architecture.md §5).
 */
export function siteSummary(siteUrl: string, entitlements: EntitlementRecord[], now: Date = new Date()) {
  const features = new Set<string>();
  for (const entitlement of entitlements) if (isLive(entitlement, now)) for (const feature of entitlement.features) features.add(feature);
  return {
    site_url: siteUrl,
    status: siteStatus(entitlements, now),
    features: [...features].sort(),
    entitlements: entitlements.map((entitlement) => ({
      id: entitlement.id,
      package_id: entitlement.packageId,
      status: entitlement.status,
      features: entitlement.features,
      expires_at: iso(entitlement.expiresAt),
      updated_at: iso(entitlement.updatedAt),
    })),
  };
}

export type SiteSummary = ReturnType<typeof siteSummary>;
