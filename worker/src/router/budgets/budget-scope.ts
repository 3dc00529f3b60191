import type { BudgetRecord } from './budget-rows';

/** Who a call spends for: its key, the key's team and the key's site. */
export interface BudgetScope {
  keyId: string;
  team: string;
  siteUrl: string;
}

/** Whether a budget covers a call made for this scope. */
export function appliesTo(budget: BudgetRecord, scope: BudgetScope): boolean {
  return (
    (budget.scopeKind === 'key' && budget.scopeValue === scope.keyId) ||
    (budget.scopeKind === 'team' && budget.scopeValue === scope.team) ||
    (budget.scopeKind === 'site' && budget.scopeValue === scope.siteUrl)
  );
}
