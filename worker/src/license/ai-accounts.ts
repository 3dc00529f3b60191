import type { PoolConnection } from 'mysql2/promise';
import type { EntitlementRecord } from './entitlement-record';

/**
 * The AI side of what a site buys (docs/commerce.md "AI allowances and credits"): commerce says
 * what a payment, a refund or an entitlement change means for a site's allowance and credits;
 * router/ai-accounts/ keeps them as budgets. Defined here so commerce needs no router import;
 * wired in services.ts.
 */

/** Whose credits: a site's, or a customer's (`cus_…`, shared by the customer's sites). */
export interface CreditScope {
  kind: 'site' | 'customer';
  value: string;
}

/** One movement of a credits balance, in the payment's transaction; `reference` makes it happen once. */
export interface CreditMovement {
  scope: CreditScope;
  /** USD, a positive decimal string. */
  amount: string;
  /** `<ord_…>` for an order, `<ord_…>:<refund id>` for a refund, null for an admin's adjustment. */
  reference: string | null;
  reason: string;
  actor: string;
}

/** A package's allowance as its entitlement's budget needs it. */
export interface AllowanceTerms {
  amount: string;
  period: 'month' | 'year' | 'term' | 'total';
  overageMode: 'stop' | 'bill';
  /** USD past the allowance a `bill` package may spend (0 for `stop`). */
  overageCap: string;
}

export interface CreditBook {
  /** Adds to the scope's credits; false when `reference` was already credited. */
  credit(connection: PoolConnection, movement: CreditMovement): Promise<boolean>;
  /** Takes up to `amount` of what is unspent (never below 0); null when `reference` was already taken, else what was taken now. */
  debit(connection: PoolConnection, movement: CreditMovement): Promise<string | null>;
  /** The scope an order (`reference`) credited; null when it credited none. */
  creditedScope(connection: PoolConnection, reference: string): Promise<CreditScope | null>;
}

export interface AllowanceBook {
  /** The entitlement's allowance budget follows it: opened, renewed (a new period), resized or ended. */
  follow(connection: PoolConnection, entitlement: EntitlementRecord, terms: AllowanceTerms | null): Promise<void>;
}

/** Told of every entitlement change, in its transaction (EntitlementStore.observe). */
export interface EntitlementObserver {
  entitlementChanged(connection: PoolConnection, entitlement: EntitlementRecord): Promise<void>;
}
