/** A budget's period. Windows are UTC: a day starts at 00:00 UTC, a month on the 1st at 00:00 UTC. */
export type BudgetPeriod = 'day' | 'month' | 'total';

export const BUDGET_PERIODS: readonly BudgetPeriod[] = ['day', 'month', 'total'];

/** The single window of a `total` budget. */
const TOTAL_START = new Date(Date.UTC(1970, 0, 1));

/** Where the period window holding `now` starts (UTC). */
export function windowStart(period: BudgetPeriod, now: Date): Date {
  if (period === 'day') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (period === 'month') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return TOTAL_START;
}

/** When the window holding `now` ends and spend starts again at 0; null for `total` (never). */
export function resetsAt(period: BudgetPeriod, now: Date): Date | null {
  if (period === 'day') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  if (period === 'month') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return null;
}

/** A UTC date as MySQL DATETIME text (`2026-11-24 00:00:00`), independent of the session time zone. */
export function sqlDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
