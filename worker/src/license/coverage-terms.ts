import type { PoolConnection } from 'mysql2/promise';
import type { EntitlementChange, EntitlementRecord } from './entitlement-record';
import type { EntitlementStore } from './entitlements';
import type { EntitlementStatus } from './entitlement-states';

/** Whose package entitlement a coverage change moves, and the history row's reason and actor. */
export interface CoverageTarget {
  siteUrl: string;
  packageId: string;
  reason: string;
  actor: string;
}

/** What the entitlement's paid orders cover now: until when (null: for ever), or nothing. */
export type Coverage = { covered: true; until: Date | null } | { covered: false };

type Decision = { status?: EntitlementStatus; expiresAt?: Date | null } | null;

/**
 * An order's period removed (refunded, or cancelled in the store): nothing paid covers now →
 * revoked; else the expiry follows what is left, the status as it is (a suspension is the
 * operator's). An entitlement already revoked or expired is left alone.
 */
export function shortenedCoverage(current: EntitlementRecord, coverage: Coverage): Decision {
  if (current.status === 'revoked' || current.status === 'expired') return null;
  if (!coverage.covered) return { status: 'revoked' };
  return { expiresAt: coverage.until };
}

/**
 * An order's period restored (the store reinstated a cancelled paid order): active again to
 * the end of the coverage — revoked or expired included, as a new payment would — and a
 * suspended one stays suspended with its expiry. Nothing covering now changes nothing.
 */
export function restoredCoverage(current: EntitlementRecord, coverage: Coverage): Decision {
  if (!coverage.covered) return null;
  return { status: current.status === 'suspended' ? 'suspended' : 'active', expiresAt: coverage.until };
}

/**
 * What the coverage of a site's paid orders does to its package entitlement (docs/architecture.md
 * §5, docs/commerce.md "Coverage"), each change in the caller's transaction with its history row
 * and outbox message. Commerce computes the coverage; this decides what it does.
 */
export class CoverageTerms {
  constructor(private readonly entitlements: EntitlementStore) {}

  removed(connection: PoolConnection, target: CoverageTarget, coverage: Coverage): Promise<EntitlementChange | null> {
    return this.change(connection, target, (current) => shortenedCoverage(current, coverage), false);
  }

  restored(connection: PoolConnection, target: CoverageTarget, coverage: Coverage): Promise<EntitlementChange | null> {
    return this.change(connection, target, (current) => restoredCoverage(current, coverage), true);
  }

  private change(connection: PoolConnection, target: CoverageTarget, decide: (current: EntitlementRecord) => Decision, reopen: boolean) {
    return this.entitlements.changePackageEntitlement(
      connection,
      target,
      (current) => {
        const decision = decide(current);
        return decision && { ...decision, reason: target.reason, actor: target.actor };
      },
      { reopen },
    );
  }
}
