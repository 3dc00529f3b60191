import type { PoolConnection } from 'mysql2/promise';
import type { EntitlementObserver } from '../ai-accounts';
import type { EntitlementRecord } from '../entitlement-record';
import type { EntitlementStore } from '../entitlements';
import type { ActivationStore } from '../activations/activation-rows';
import type { LicenceStore } from './licence-rows';

/**
 * A licence follows its buyer's package entitlement, and every site it activated follows the
 * licence (docs/commerce.md "Licences and activations"): when the buyer's entitlement changes —
 * a payment, a renewal, a refund that ends the coverage, the expiry job, an admin — the licence
 * takes its status and expiry, and each activated site's entitlement for the package the same
 * (its history row and outbox message in the same transaction: propagation and audit).
 */
export class LicenceFollower implements EntitlementObserver {
  /** Connections whose change this follower is passing on: an activated site's own change is not a licence's. */
  private readonly passing = new WeakSet<PoolConnection>();

  constructor(
    private readonly licences: LicenceStore,
    private readonly activations: ActivationStore,
    private readonly entitlements: EntitlementStore,
  ) {}

  async entitlementChanged(connection: PoolConnection, entitlement: EntitlementRecord): Promise<void> {
    if (entitlement.packageId === null || this.passing.has(connection)) return;
    const licence = await this.licences.follow(connection, entitlement.siteUrl, entitlement.packageId, entitlement);
    if (!licence) return;
    this.passing.add(connection);
    try {
      for (const activation of await this.activations.active(connection, licence.id)) {
        if (activation.siteUrl === licence.siteUrl) continue;
        await this.entitlements.changePackageEntitlement(
          connection,
          { siteUrl: activation.siteUrl, packageId: licence.packageId },
          () => ({
            status: entitlement.status,
            expiresAt: entitlement.expiresAt,
            reason: `licence ${licence.id}: ${entitlement.siteUrl}'s entitlement is ${entitlement.status}`,
            actor: `licence:${licence.id}`,
          }),
          { reopen: entitlement.status === 'active' },
        );
      }
    } finally {
      this.passing.delete(connection);
    }
  }
}
