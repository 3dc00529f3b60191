import type { RowDataPacket } from 'mysql2/promise';
import { toPeriod } from './allowance-budgets';
import { split } from './ai-status';
import { TOTAL_WINDOW, type BudgetWindows } from './budget-windows';

/** One allowance period on the statement. */
export interface StatementLine {
  site: string;
  package: string;
  period: string;
  starts_at: string;
  ends_at: string | null;
  allowance: string;
  used: string;
  overage: string;
  /** Overage of a `bill` package (what is charged), 0 for `stop`. */
  billed: string;
  closed: boolean;
  /** When a renewal order billed the overage (docs/commerce.md "AI allowances and credits"), and which; null while unbilled. */
  billed_at: string | null;
  billed_reference: string | null;
}

const CSV_COLUMNS: (keyof StatementLine)[] = [
  'site',
  'package',
  'period',
  'starts_at',
  'ends_at',
  'allowance',
  'used',
  'overage',
  'billed',
  'closed',
  'billed_at',
  'billed_reference',
];
const cell = (value: unknown) => {
  const text = value === null ? '' : String(value);
  // A leading = + - @ would be a formula to a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * The overage statement (docs/commerce.md "AI allowances and credits"): every allowance period —
 * closed ones as they were closed, the open one as its window stands — with what it allowed,
 * used and went over; for a site without WooCommerce Subscriptions this is what to bill.
 */
export class OverageStatement {
  constructor(private readonly windows: BudgetWindows) {}

  async lines(siteUrl: string | null, limit = 1000): Promise<StatementLine[]> {
    const [rows] = await this.windows.database.pool.query<RowDataPacket[]>(
      `SELECT p.*, COALESCE(w.spent, 0) AS window_spent FROM ${this.windows.table('ai_periods')} p
         LEFT JOIN ${this.windows.table('budget_windows')} w ON w.budget_id = p.budget_id AND w.window_start = ?
        ${siteUrl ? 'WHERE p.site_url = ?' : ''} ORDER BY p.site_url, p.starts_at, p.id LIMIT ?`,
      siteUrl ? [TOTAL_WINDOW, siteUrl, limit] : [TOTAL_WINDOW, limit],
    );
    return rows.map((row) => {
      const period = toPeriod(row);
      const figures = period.closedAt ? { used: period.used!, overage: period.overage! } : split(period, String(row.window_spent));
      return {
        site: period.siteUrl,
        package: period.packageId,
        period: period.terms.period,
        starts_at: period.startsAt.toISOString(),
        ends_at: (period.closedAt ?? period.endsAt)?.toISOString() ?? null,
        allowance: period.terms.amount,
        used: figures.used,
        overage: figures.overage,
        billed: period.terms.overageMode === 'bill' ? figures.overage : '0.00000000',
        closed: period.closedAt !== null,
        billed_at: period.billedAt?.toISOString() ?? null,
        billed_reference: row.billed_reference ?? null,
      };
    });
  }

  static csv(lines: StatementLine[]): string {
    return [CSV_COLUMNS.join(','), ...lines.map((line) => CSV_COLUMNS.map((column) => cell(line[column])).join(','))].join('\n') + '\n';
  }
}
