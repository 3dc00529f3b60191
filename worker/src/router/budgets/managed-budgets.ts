import type { BudgetRecord } from './budget-rows';

/**
 * Why an admin may not edit or remove this budget by hand, or null for an admin's own limit. An AI
 * allowance follows its package and its entitlement, a credits balance its paid packs, refunds and
 * ledger (docs/api-notes.md "Budgets"): an edit would be undone, or would break the ledger's sum.
 */
export function managedReason(budget: BudgetRecord): string | null {
  if (budget.role === 'allowance')
    return `Budget ${budget.id} is the AI allowance of entitlement ${budget.source}: it follows its package and payments. Change the package, or add a limit budget of your own.`;
  if (budget.role === 'credits')
    return `Budget ${budget.id} is a credits balance: it follows paid credit packs and refunds. Adjust it with hub credits adjust (or the admin credits route), which keeps its ledger.`;
  return null;
}
