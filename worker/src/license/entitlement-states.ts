/** Entitlement states and the transitions docs/architecture.md §5 allows. */
export const ENTITLEMENT_STATUSES = ['inactive', 'active', 'suspended', 'expired', 'revoked'] as const;
export type EntitlementStatus = (typeof ENTITLEMENT_STATUSES)[number];

const TRANSITIONS: Record<EntitlementStatus, EntitlementStatus[]> = {
  inactive: ['active', 'revoked'],
  active: ['suspended', 'expired', 'revoked'],
  suspended: ['active', 'expired', 'revoked'],
  // A renewal or a late payment brings an expired entitlement back.
  expired: ['active', 'revoked'],
  // Revoked (e.g. refunded) is terminal; a new purchase or grant makes a new entitlement.
  revoked: [],
};

/** Statuses nothing leaves: such a row never matches an update by site and package (an id still names it). */
export const TERMINAL_STATUSES = ENTITLEMENT_STATUSES.filter((status) => TRANSITIONS[status].length === 0);

export function isEntitlementStatus(value: unknown): value is EntitlementStatus {
  return typeof value === 'string' && (ENTITLEMENT_STATUSES as readonly string[]).includes(value);
}

export function canTransition(from: EntitlementStatus, to: EntitlementStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export const FEATURE_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;
