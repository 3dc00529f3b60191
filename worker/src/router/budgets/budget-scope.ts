import type { Eventually } from '../../support/eventually';
import type { BudgetRecord } from './budget-rows';

/** Which customer owns a site (license/customers/customer-directory.ts; wired in router-services.ts). */
export interface SiteCustomers {
  customerOf(siteUrl: string): Eventually<string | null>;
}

/**
 * Who a call spends for: its key, the key's team within the key's site, the site, and the
 * site's customer (license/customers/, null when the site has none). Team and campaign are
 * labels within a site; only a customer groups sites (docs/api-notes.md "Customers and tenancy").
 */
export interface BudgetScope {
  keyId: string;
  team: string;
  siteUrl: string;
  customerId: string | null;
}

/** Whether a budget covers a call made for this scope. A team budget without a site (made before migration 021) covers none. */
export function appliesTo(budget: BudgetRecord, scope: BudgetScope): boolean {
  switch (budget.scopeKind) {
    case 'key':
      return budget.scopeValue === scope.keyId;
    case 'team':
      return budget.scopeSite !== null && budget.scopeSite === scope.siteUrl && budget.scopeValue === scope.team;
    case 'site':
      return budget.scopeValue === scope.siteUrl;
    case 'customer':
      return scope.customerId !== null && budget.scopeValue === scope.customerId;
  }
}

/** A team budget from before team budgets were per site: it matches nothing until it is re-created with its site. */
export function needsSite(budget: Pick<BudgetRecord, 'scopeKind' | 'scopeSite'>): boolean {
  return budget.scopeKind === 'team' && budget.scopeSite === null;
}

/** The warning the admin list and `hub budget list` show for such a budget. */
export const NEEDS_SITE_WARNING =
  'This team budget names no site, so it covers no call (team budgets are per site since migration 021): remove it and create it again with the site.';

/** A budget's scope as the API shows it: `{kind, value}`, and `site_url` for a team (null when it has none yet). */
export function scopeToJson(budget: Pick<BudgetRecord, 'scopeKind' | 'scopeValue' | 'scopeSite'>) {
  return budget.scopeKind === 'team'
    ? { kind: budget.scopeKind, value: budget.scopeValue, site_url: budget.scopeSite }
    : { kind: budget.scopeKind, value: budget.scopeValue };
}
