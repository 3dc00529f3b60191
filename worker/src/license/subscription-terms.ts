import type { PoolConnection } from 'mysql2/promise';
import type { EntitlementChange, EntitlementRecord } from './entitlement-record';
import type { EntitlementStore } from './entitlements';
import type { EntitlementStatus } from './entitlement-states';

/** Whose entitlement a subscription event changes, and the history row's reason and actor. */
export interface TermTarget {
  siteUrl: string;
  packageId: string;
  reason: string;
  actor: string;
}

type Decision = { status?: EntitlementStatus; expiresAt?: Date | null } | null;

const running = (entitlement: EntitlementRecord) => entitlement.status === 'active' || entitlement.status === 'suspended';

/** A paid term runs to `expiresAt`; a lapsed (expired) entitlement comes back; a suspension for a failed renewal ends. */
export function renewedTerm(current: EntitlementRecord, expiresAt: Date, endsRenewalSuspension: boolean): Decision {
  if (current.status === 'expired' || (current.status === 'suspended' && endsRenewalSuspension)) return { status: 'active', expiresAt };
  return running(current) ? { expiresAt } : null;
}

/** Cancelled but paid to `endsAt` (pending-cancel): unchanged until then; the expiry job expires it at `endsAt`. */
export const termEndingAt = (current: EntitlementRecord, endsAt: Date): Decision => (running(current) ? { expiresAt: endsAt } : null);

/** A failed renewal whose grace period is over: an active entitlement is suspended. */
export const suspendedTerm = (current: EntitlementRecord): Decision => (current.status === 'active' ? { status: 'suspended' } : null);

/** Cancelled or expired: the term ends now. */
export function endedTerm(current: EntitlementRecord, now: Date): Decision {
  if (!running(current)) return null;
  return { status: 'expired', expiresAt: current.expiresAt && current.expiresAt < now ? current.expiresAt : now };
}

/**
 * What WooCommerce Subscriptions' events do to a site's package entitlement (docs/commerce.md,
 * "Subscriptions"), each change in the caller's transaction with its history row and the
 * outbox message to the client site. Commerce decides which event happened; this decides what
 * it does to the entitlement. A revoked (refunded) entitlement is never changed here.
 */
export class SubscriptionTerms {
  constructor(private readonly entitlements: EntitlementStore) {}

  /** A renewal paid, or the subscription active: the entitlement runs to `expiresAt`. */
  renew(
    connection: PoolConnection,
    target: TermTarget,
    expiresAt: Date,
    endsRenewalSuspension: boolean,
  ): Promise<EntitlementChange | null> {
    return this.change(connection, target, (current) => renewedTerm(current, expiresAt, endsRenewalSuspension));
  }

  endAt(connection: PoolConnection, target: TermTarget, endsAt: Date): Promise<EntitlementChange | null> {
    return this.change(connection, target, (current) => termEndingAt(current, endsAt));
  }

  suspend(connection: PoolConnection, target: TermTarget): Promise<EntitlementChange | null> {
    return this.change(connection, target, suspendedTerm);
  }

  end(connection: PoolConnection, target: TermTarget, now: Date = new Date()): Promise<EntitlementChange | null> {
    return this.change(connection, target, (current) => endedTerm(current, now));
  }

  private change(connection: PoolConnection, target: TermTarget, decide: (current: EntitlementRecord) => Decision) {
    return this.entitlements.changePackageEntitlement(connection, target, (current) => {
      const decision = decide(current);
      return decision && { ...decision, reason: target.reason, actor: target.actor };
    });
  }
}
