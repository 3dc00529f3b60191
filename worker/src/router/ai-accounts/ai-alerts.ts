import type { ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { withTransaction } from '../../db/transaction';
import type { OutboxWriter } from '../../license/outbox-writer';
import { fromUnits, toUnits } from '../budgets/lease';
import { TOTAL_WINDOW, type BudgetWindows } from './budget-windows';
import { aiAlertQueue, type SiteAiSettings } from './site-ai-settings';

/** The thresholds a site hears about, in percent of its allowance or of its credits. */
export const AI_THRESHOLDS = [50, 80, 100] as const;

/** The outbox event telling a client site a threshold was reached (docs/propagation.md). */
export const AI_THRESHOLD_EVENT = 'ai.threshold';

interface Watched {
  budgetId: string;
  role: 'allowance' | 'credits';
  /** The site told; a customer's credits tell each of its sites. */
  sites: string[];
  spent: bigint;
  /** The allowance (not its overage cap), or what was credited. */
  amount: bigint;
  resetsAt: Date | null;
}

/**
 * Threshold alerts for allowances and credits (docs/commerce.md "AI allowances and credits"):
 * each pass finds the allowance and credits windows whose spend crossed 50, 80 or 100 % — 100 %
 * also when one refused a call (a hard budget reserves a call's worst case, so its spend stops
 * short of the amount: it can pay no more) — and
 * records each crossing once (`ai_alerts`, shown on the admin screen and in the entitlement
 * answer), with an `ai.threshold` outbox message to the site in the same transaction — and to
 * the site's AI alert webhook when the admin set one (queue `ai-alerts:<site>`, signed with the
 * site's secret, as budget alerts are: router/budgets/budget-alerts.ts).
 */
export class AiAlerts {
  constructor(
    private readonly windows: BudgetWindows,
    private readonly outbox: OutboxWriter,
    private readonly settings: SiteAiSettings,
  ) {}

  /** Allowance and credits budgets that refused a call since the last pass: they can pay no more, so they are at 100 %. */
  private readonly exhausted = new Set<string>();

  /** The budget guard's refusal listener (BudgetGuard.onRefused). */
  refused(budget: { id: string; role: string }): void {
    if (budget.role === 'allowance' || budget.role === 'credits') this.exhausted.add(budget.id);
  }

  /** One pass; returns how many crossings it recorded. */
  async check(): Promise<number> {
    let recorded = 0;
    const exhausted = new Set(this.exhausted);
    this.exhausted.clear();
    for (const watched of await this.watched()) {
      if (watched.amount <= 0n) continue;
      for (const threshold of AI_THRESHOLDS) {
        const reached =
          watched.spent * 100n >= watched.amount * BigInt(threshold) || (threshold === 100 && exhausted.has(watched.budgetId));
        if (reached && (await this.record(watched, threshold))) recorded += 1;
      }
    }
    if (recorded > 0) this.outbox.notifyCommitted();
    return recorded;
  }

  private async watched(): Promise<Watched[]> {
    const table = (name: string) => this.windows.table(name);
    const [allowances] = await this.windows.database.pool.query<RowDataPacket[]>(
      `SELECT p.budget_id, p.site_url, p.allowance, p.ends_at, w.spent FROM ${table('ai_periods')} p
         JOIN ${table('budget_windows')} w ON w.budget_id = p.budget_id AND w.window_start = ?
        WHERE p.closed_at IS NULL AND w.spent > 0`,
      [TOTAL_WINDOW],
    );
    const [credits] = await this.windows.database.pool.query<RowDataPacket[]>(
      `SELECT b.id, b.scope_kind, b.scope_value, b.amount, w.spent,
              (SELECT GROUP_CONCAT(s.site_url SEPARATOR '\\n') FROM ${table('customer_sites')} s WHERE s.customer_id = b.scope_value) AS sites
         FROM ${table('budgets')} b JOIN ${table('budget_windows')} w ON w.budget_id = b.id AND w.window_start = ?
        WHERE b.role = 'credits' AND w.spent > 0`,
      [TOTAL_WINDOW],
    );
    return [
      ...allowances.map((row) => ({
        budgetId: row.budget_id,
        role: 'allowance' as const,
        sites: [row.site_url as string],
        spent: toUnits(String(row.spent)),
        amount: toUnits(String(row.allowance)),
        resetsAt: row.ends_at,
      })),
      ...credits.map((row) => ({
        budgetId: row.id,
        role: 'credits' as const,
        sites: row.scope_kind === 'site' ? [row.scope_value as string] : row.sites ? String(row.sites).split('\n') : [],
        spent: toUnits(String(row.spent)),
        amount: toUnits(String(row.amount)),
        resetsAt: null,
      })),
    ];
  }

  private async record(watched: Watched, threshold: number): Promise<boolean> {
    return withTransaction(this.windows.database, async (connection) => {
      const [inserted] = await connection.execute<ResultSetHeader>(
        `INSERT IGNORE INTO ${this.windows.table('ai_alerts')} (budget_id, threshold, site_url, role, used, amount, reached_at)
         VALUES (?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(3))`,
        [watched.budgetId, threshold, watched.sites[0] ?? '', watched.role, fromUnits(watched.spent), fromUnits(watched.amount)],
      );
      if (inserted.affectedRows !== 1) return false;
      const data = {
        kind: watched.role,
        threshold,
        used: fromUnits(watched.spent),
        amount: fromUnits(watched.amount),
        currency: 'USD',
        resets_at: watched.resetsAt ? watched.resetsAt.toISOString() : null,
      };
      for (const siteUrl of watched.sites) {
        await this.outbox.enqueue(connection, { siteUrl, type: AI_THRESHOLD_EVENT, data });
        const webhook = { ...data, site_url: siteUrl, role: watched.role };
        if ((await this.settings.find(siteUrl)).alertUrl)
          await this.outbox.enqueue(connection, { siteUrl: aiAlertQueue(siteUrl), type: AI_THRESHOLD_EVENT, data: webhook });
      }
      return true;
    });
  }
}
