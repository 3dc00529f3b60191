import type { PoolConnection, RowDataPacket } from 'mysql2/promise';
import { withTransaction } from '../../db/transaction';
import type { AllowanceBook, AllowanceTerms } from '../../license/ai-accounts';
import type { EntitlementRecord } from '../../license/entitlement-record';
import { prefixedId } from '../../support/ids';
import { fromUnits, toUnits } from '../budgets/lease';
import type { BudgetWindows } from './budget-windows';

/** An open (or closed) allowance period of an entitlement: one budget row of role `allowance`. */
export interface AllowancePeriodRow {
  id: string;
  siteUrl: string;
  entitlementId: string;
  packageId: string;
  budgetId: string;
  terms: AllowanceTerms;
  startsAt: Date;
  /** When a month or year period rolls over, the term's end for `term`; null for `total`. */
  endsAt: Date | null;
  /** The entitlement's expiry when the period opened: a later one is a renewal. */
  termEndsAt: Date | null;
  closedAt: Date | null;
  used: string | null;
  overage: string | null;
  billedAt: Date | null;
}

export function toPeriod(row: RowDataPacket): AllowancePeriodRow {
  return {
    id: row.id,
    siteUrl: row.site_url,
    entitlementId: row.entitlement_id,
    packageId: row.package_id,
    budgetId: row.budget_id,
    terms: { amount: String(row.allowance), period: row.period, overageMode: row.overage_mode, overageCap: String(row.overage_cap) },
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    termEndsAt: row.term_ends_at,
    closedAt: row.closed_at,
    used: row.used === null ? null : String(row.used),
    overage: row.overage === null ? null : String(row.overage),
    billedAt: row.billed_at,
  };
}

/** Where a period starting at `start` ends: a month or a year on, the entitlement's expiry for `term`, never for `total`. */
export function periodEnd(period: AllowanceTerms['period'], start: Date, expiresAt: Date | null): Date | null {
  const end = new Date(start);
  if (period === 'month') end.setUTCMonth(end.getUTCMonth() + 1);
  else if (period === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else return period === 'term' ? expiresAt : null;
  return end;
}

/** The budget's amount: the allowance, plus the cap of a `bill` overage (spent past the allowance is overage). */
export const budgetAmount = (terms: AllowanceTerms) =>
  fromUnits(toUnits(terms.amount) + (terms.overageMode === 'bill' ? toUnits(terms.overageCap) : 0n));

const sameTerms = (a: AllowanceTerms, b: AllowanceTerms) =>
  toUnits(a.amount) === toUnits(b.amount) &&
  a.period === b.period &&
  a.overageMode === b.overageMode &&
  toUnits(a.overageCap) === toUnits(b.overageCap);

const running = (entitlement: EntitlementRecord) => entitlement.status === 'active' || entitlement.status === 'suspended';

/**
 * A package's AI allowance as a hard budget of the site (docs/commerce.md "AI allowances and
 * credits"): opened when its entitlement starts, a new period (a new budget row, spend from 0)
 * when it is renewed or a month or year has passed, closed — used and overage kept for the
 * statement, the budget removed — when the entitlement is revoked, refunded or expires.
 */
export class AllowanceBudgets implements AllowanceBook {
  constructor(private readonly windows: BudgetWindows) {}

  private get periods(): string {
    return this.windows.table('ai_periods');
  }

  async follow(connection: PoolConnection, entitlement: EntitlementRecord, terms: AllowanceTerms | null): Promise<void> {
    const [rows] = await connection.execute<RowDataPacket[]>(
      `SELECT * FROM ${this.periods} WHERE entitlement_id = ? AND closed_at IS NULL FOR UPDATE`,
      [entitlement.id],
    );
    const open = rows[0] ? toPeriod(rows[0]) : null;
    const now = new Date();
    if (!terms || !running(entitlement) || entitlement.packageId === null) {
      if (open) await this.close(connection, open, now);
      return;
    }
    if (!open) return this.open(connection, entitlement, terms, now);
    const renewed =
      terms.period !== 'total' && entitlement.expiresAt && open.termEndsAt && entitlement.expiresAt.getTime() > open.termEndsAt.getTime();
    // A renewal of a period nothing was drawn from (a subscription linked just after the first payment) starts it again in place.
    const unused =
      renewed && terms.period === open.terms.period && ((await this.windows.lock(connection, open.budgetId))?.spent ?? 0n) === 0n;
    if ((renewed && !unused) || terms.period !== open.terms.period) {
      await this.close(connection, open, now);
      return this.open(connection, entitlement, terms, now);
    }
    const startsAt = unused ? now : open.startsAt;
    const endsAt = unused || terms.period === 'term' ? periodEnd(terms.period, startsAt, entitlement.expiresAt) : open.endsAt;
    await connection.execute(
      `UPDATE ${this.periods} SET allowance = ?, overage_mode = ?, overage_cap = ?, starts_at = ?, ends_at = ?, term_ends_at = ? WHERE id = ?`,
      [terms.amount, terms.overageMode, terms.overageCap, startsAt, endsAt, entitlement.expiresAt, open.id],
    );
    if (!sameTerms(terms, open.terms)) await this.windows.setAmount(connection, open.budgetId, toUnits(budgetAmount(terms)));
  }

  /** Month and year periods past their end roll over to the next (the job, every minute); returns how many. */
  async rollOver(now: Date = new Date()): Promise<number> {
    const [due] = await this.windows.database.pool.execute<RowDataPacket[]>(
      `SELECT id FROM ${this.periods} WHERE closed_at IS NULL AND period IN ('month', 'year') AND ends_at <= ? LIMIT 100`,
      [now],
    );
    for (const { id } of due) {
      await withTransaction(this.windows.database, async (connection) => {
        const [rows] = await connection.execute<RowDataPacket[]>(`SELECT * FROM ${this.periods} WHERE id = ? FOR UPDATE`, [id]);
        const period = rows[0] ? toPeriod(rows[0]) : null;
        if (!period || period.closedAt || !period.endsAt || period.endsAt > now) return;
        await this.close(connection, period, period.endsAt);
        await this.insert(connection, period, period.terms, period.endsAt, period.termEndsAt);
      });
    }
    return due.length;
  }

  private async open(connection: PoolConnection, entitlement: EntitlementRecord, terms: AllowanceTerms, now: Date): Promise<void> {
    const base = { siteUrl: entitlement.siteUrl, entitlementId: entitlement.id, packageId: entitlement.packageId! };
    await this.insert(connection, base, terms, now, entitlement.expiresAt);
  }

  private async insert(
    connection: PoolConnection,
    base: Pick<AllowancePeriodRow, 'siteUrl' | 'entitlementId' | 'packageId'>,
    terms: AllowanceTerms,
    start: Date,
    termEndsAt: Date | null,
  ): Promise<void> {
    const budgetId = prefixedId('bgt');
    await this.windows.ensure(connection, {
      id: budgetId,
      scopeKind: 'site',
      scopeValue: base.siteUrl,
      amount: budgetAmount(terms),
      role: 'allowance',
      source: base.entitlementId,
    });
    await connection.execute(
      `INSERT INTO ${this.periods} (id, site_url, entitlement_id, package_id, budget_id, period, allowance, overage_mode, overage_cap, starts_at, ends_at, term_ends_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        prefixedId('aip'),
        base.siteUrl,
        base.entitlementId,
        base.packageId,
        budgetId,
        terms.period,
        terms.amount,
        terms.overageMode,
        terms.overageCap,
        start,
        periodEnd(terms.period, start, termEndsAt),
        termEndsAt,
      ],
    );
  }

  /** Keeps what the period used and its overage, and removes its budget: no call draws it again. */
  private async close(connection: PoolConnection, period: AllowancePeriodRow, at: Date): Promise<void> {
    const window = await this.windows.lock(connection, period.budgetId);
    const spent = window?.spent ?? 0n;
    const allowance = toUnits(period.terms.amount);
    await connection.execute(`UPDATE ${this.periods} SET closed_at = ?, used = ?, overage = ? WHERE id = ?`, [
      at,
      fromUnits(spent < allowance ? spent : allowance),
      fromUnits(spent > allowance ? spent - allowance : 0n),
      period.id,
    ]);
    await this.windows.remove(connection, period.budgetId);
  }
}
