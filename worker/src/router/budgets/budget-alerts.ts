import type { PoolConnection } from 'mysql2/promise';
import type { OutboxWriter } from '../../license/outbox-writer';
import type { CrossedThreshold } from './budget-ledger';
import type { BudgetRecord } from './budget-rows';
import { resetsAt } from './periods';

/** The outbox queue of a budget's alerts: not a site URL — the delivery asks the budget for its alert URL and secret. */
export const ALERT_QUEUE_PREFIX = 'budget:';

export const alertQueue = (budgetId: string) => `${ALERT_QUEUE_PREFIX}${budgetId}`;

/** The Standard Webhooks event POSTed to a budget's alert URL. */
export const BUDGET_ALERT_EVENT = 'budget.threshold_reached';

/** The alert's `data`: the budget, the threshold crossed, the window's spend and when it resets. */
export function alertData(budget: BudgetRecord, crossed: CrossedThreshold): Record<string, unknown> {
  const start = new Date(`${crossed.windowStart.replace(' ', 'T')}Z`);
  const reset = resetsAt(budget.period, start);
  return {
    budget_id: budget.id,
    scope: { kind: budget.scopeKind, value: budget.scopeValue },
    period: budget.period,
    hard: budget.hard,
    threshold_percent: crossed.threshold,
    amount: { amount: budget.amount, currency: 'USD' },
    spent: { amount: crossed.spent, currency: 'USD' },
    window_start: start.toISOString(),
    resets_at: reset ? reset.toISOString() : null,
  };
}

/** Queues the alert in the settling transaction when the budget has an alert URL (the crossing is kept on the window either way). */
export async function queueAlert(
  outbox: OutboxWriter,
  connection: PoolConnection,
  budget: BudgetRecord | undefined,
  crossed: CrossedThreshold,
): Promise<boolean> {
  if (!budget?.alertUrl) return false;
  await outbox.enqueue(connection, { siteUrl: alertQueue(budget.id), type: BUDGET_ALERT_EVENT, data: alertData(budget, crossed) });
  return true;
}
