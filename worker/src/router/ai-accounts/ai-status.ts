import type { RowDataPacket } from 'mysql2/promise';
import type { CreditScope } from '../../license/ai-accounts';
import { fromUnits, toUnits } from '../budgets/lease';
import { toPeriod, type AllowancePeriodRow } from './allowance-budgets';
import { TOTAL_WINDOW, type BudgetWindows } from './budget-windows';
import { creditsBudgetId, type CreditLedger } from './credit-book';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const ZERO = '0.00000000';

/** What the open allowance period used: within the allowance, and past it (overage). */
export function split(period: AllowancePeriodRow, spent: string): { used: string; overage: string } {
  const allowance = toUnits(period.terms.amount);
  const units = toUnits(spent);
  return { used: fromUnits(units < allowance ? units : allowance), overage: fromUnits(units > allowance ? units - allowance : 0n) };
}

/**
 * The `ai` block of GET /svc-license/v1/entitlement (docs/api-notes.md "AI allowance and
 * credits"): the site's open allowance period, its credits (the site's and its customer's,
 * each the sum of its ledger), the overage, and the alerts reached in this period.
 */
export class AiStatus {
  constructor(
    private readonly windows: BudgetWindows,
    private readonly credits: CreditLedger,
  ) {}

  /** The site's open allowance period (the newest, when several packages carry one) and its window's spend. */
  async openPeriod(siteUrl: string): Promise<{ period: AllowancePeriodRow; spent: string } | null> {
    const [rows] = await this.windows.database.pool.execute<RowDataPacket[]>(
      `SELECT p.*, COALESCE(w.spent, 0) AS window_spent FROM ${this.windows.table('ai_periods')} p
         LEFT JOIN ${this.windows.table('budget_windows')} w ON w.budget_id = p.budget_id AND w.window_start = ?
        WHERE p.site_url = ? AND p.closed_at IS NULL ORDER BY p.starts_at DESC, p.id DESC LIMIT 1`,
      [TOTAL_WINDOW, siteUrl],
    );
    return rows[0] ? { period: toPeriod(rows[0]), spent: String(rows[0].window_spent) } : null;
  }

  async block(siteUrl: string, customerId: string | null) {
    const open = await this.openPeriod(siteUrl);
    const scopes: CreditScope[] = [{ kind: 'site', value: siteUrl }];
    if (customerId) scopes.push({ kind: 'customer', value: customerId });
    let balance = 0n;
    for (const scope of scopes) balance += toUnits(await this.credits.catchUp(scope));
    const budgets = [...scopes.map(creditsBudgetId), ...(open ? [open.period.budgetId] : [])];
    const [alerts] = await this.windows.database.pool.query<RowDataPacket[]>(
      `SELECT threshold, MIN(reached_at) AS reached_at FROM ${this.windows.table('ai_alerts')} WHERE budget_id IN (?) GROUP BY threshold ORDER BY threshold`,
      [budgets],
    );
    const figures = open ? split(open.period, open.spent) : null;
    return {
      currency: 'USD',
      allowance:
        open && figures
          ? { amount: open.period.terms.amount, period: open.period.terms.period, used: figures.used, resets_at: iso(open.period.endsAt) }
          : null,
      credits: { balance: fromUnits(balance) },
      overage:
        open && figures
          ? {
              mode: open.period.terms.overageMode,
              cap: open.period.terms.overageCap,
              used: open.period.terms.overageMode === 'bill' ? figures.overage : ZERO,
            }
          : null,
      alerts: alerts.map((row) => ({ threshold: Number(row.threshold), reached_at: new Date(row.reached_at).toISOString() })),
    };
  }
}

export type AiBlock = Awaited<ReturnType<AiStatus['block']>>;
