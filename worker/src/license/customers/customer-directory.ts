import { andThen, type Eventually } from '../../support/eventually';
import { TtlCache } from '../../support/ttl-cache';
import type { Buyer, CustomerStore, SiteSource } from './customer-rows';
import type { PoolConnection } from 'mysql2/promise';

/** How long a worker trusts its copy of which site belongs to which customer (as the budget list: router/budgets/budget-guard.ts). */
export const CUSTOMER_MAP_TTL_MS = 2000;
const CUSTOMER_MAP_STALE_MS = 5000;

/**
 * Which customer owns a site, for the router (customer budgets) on every call: the whole map
 * cached for 2 s (served stale up to 5 s more while one load refreshes it), so a call does no
 * database round trip when it is cached. Commerce records a paid order's buyer through it.
 */
export class CustomerDirectory {
  private readonly map = new TtlCache<Map<string, string>>(CUSTOMER_MAP_TTL_MS, 1, Date.now, CUSTOMER_MAP_STALE_MS);

  constructor(readonly store: CustomerStore) {}

  /** The site's customer id (`cus_…`), or null; at once when the map is cached. */
  customerOf(siteUrl: string): Eventually<string | null> {
    return andThen(
      this.map.get('all', () => this.store.siteMap()),
      (sites) => sites.get(siteUrl) ?? null,
    );
  }

  /** The buyer of a paid order becomes (or stays) the customer of the order's site, in the payment's transaction. */
  async learnFromOrder(connection: PoolConnection, siteUrl: string, buyer: Buyer): Promise<string | null> {
    const customerId = await this.store.learn(connection, buyer);
    if (customerId !== null) await this.store.assign(siteUrl, customerId, 'order', connection);
    return customerId;
  }

  /** An admin gives a site to a customer; false when no customer has that id. */
  async assign(siteUrl: string, customerId: string, source: SiteSource = 'admin'): Promise<boolean> {
    const assigned = await this.store.assign(siteUrl, customerId, source);
    this.changed();
    return assigned;
  }

  /** After a change on this worker: read the map again at once. */
  changed(): void {
    this.map.clear();
  }
}
