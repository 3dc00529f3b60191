import type { Eventually } from '../support/eventually';
import { TtlCache } from '../support/ttl-cache';
import type { EntitlementStore } from './entitlements';

/**
 * The feature gate other areas (the router) read: "may this site use feature X now?".
 * Cached per site for a short time so a change shows within a few seconds.
 */
export class EntitlementGate {
  private readonly cache: TtlCache<Set<string>>;

  constructor(
    private readonly store: EntitlementStore,
    ttlMs = 2000,
  ) {
    this.cache = new TtlCache(ttlMs, 10_000, Date.now, ttlMs);
  }

  /** The site's active features (at once when cached). */
  features(siteUrl: string): Eventually<Set<string>> {
    return this.cache.get(siteUrl, () => this.store.activeFeatures(siteUrl));
  }

  async allows(siteUrl: string, feature: string): Promise<boolean> {
    return (await this.features(siteUrl)).has(feature);
  }

  /** Forget a site's cached features at once (after a change made by this worker). */
  forget(siteUrl: string): void {
    this.cache.delete(siteUrl);
  }
}
