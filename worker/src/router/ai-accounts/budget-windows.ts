import { createHash } from 'node:crypto';
import type { PoolConnection, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { fromUnits, toUnits, type Units } from '../budgets/lease';

/** A signed decimal (a ledger sum may be written "-3.50000000") as 10⁻⁸ units. */
export const signedUnits = (text: string): Units => (text.startsWith('-') ? -toUnits(text.slice(1)) : toUnits(text));

/** The one window of a `total` budget (router/budgets/periods.ts). */
export const TOTAL_WINDOW = '1970-01-01 00:00:00';

/** A budget's total window as locked: its amount, settled spend and what leases hold (10⁻⁸ USD). */
export interface LockedWindow {
  amount: Units;
  spent: Units;
  reserved: Units;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A budget id (`bgt_` + 26 characters) derived from `seed`: two workers creating the same scope's credits budget make one row. */
export function derivedBudgetId(seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  let id = 'bgt_';
  for (let index = 0; index < 26; index += 1) id += CROCKFORD[digest[index]! % 32];
  return id;
}

/**
 * Budget rows of a role (allowance, credits) written inside another area's transaction, and
 * their `total` window locked as the lease ledger locks it (router/budgets/lease-ledger.ts:
 * the window row with its budget), so a refund and the leases of calls in flight are ordered.
 */
export class BudgetWindows {
  constructor(readonly database: Database) {}

  table(name: string): string {
    return this.database.table(name);
  }

  /** Creates the budget (hard, period total) and its window unless `id` exists. */
  async ensure(
    connection: PoolConnection,
    row: { id: string; scopeKind: string; scopeValue: string; amount: string; role: 'allowance' | 'credits'; source: string },
  ): Promise<void> {
    await connection.execute(
      `INSERT IGNORE INTO ${this.table('budgets')} (id, scope_kind, scope_value, period, amount, hard, role, source, alert_url, alert_secret, created_at, updated_at)
       VALUES (?, ?, ?, 'total', ?, 1, ?, ?, NULL, NULL, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3))`,
      [row.id, row.scopeKind, row.scopeValue, row.amount, row.role, row.source],
    );
    await connection.execute(
      `INSERT IGNORE INTO ${this.table('budget_windows')} (budget_id, window_start, spent, reserved) VALUES (?, ?, 0, 0)`,
      [row.id, TOTAL_WINDOW],
    );
  }

  /** The window locked until the transaction ends; null when the budget is gone. */
  async lock(connection: PoolConnection, budgetId: string): Promise<LockedWindow | null> {
    const [rows] = await connection.execute<RowDataPacket[]>(
      `SELECT w.spent, w.reserved, b.amount FROM ${this.table('budget_windows')} w JOIN ${this.table('budgets')} b ON b.id = w.budget_id
        WHERE w.budget_id = ? AND w.window_start = ? FOR UPDATE`,
      [budgetId, TOTAL_WINDOW],
    );
    const row = rows[0];
    if (!row) return null;
    return { amount: toUnits(String(row.amount)), spent: toUnits(String(row.spent)), reserved: toUnits(String(row.reserved)) };
  }

  async setAmount(connection: PoolConnection, budgetId: string, amount: Units): Promise<void> {
    await connection.execute(`UPDATE ${this.table('budgets')} SET amount = ?, updated_at = UTC_TIMESTAMP(3) WHERE id = ?`, [
      fromUnits(amount),
      budgetId,
    ]);
  }

  /** Removes the budget, its window and its reservations (as BudgetStore.remove), in the caller's transaction. */
  async remove(connection: PoolConnection, budgetId: string): Promise<void> {
    await connection.execute(`DELETE FROM ${this.table('budgets')} WHERE id = ?`, [budgetId]);
    await connection.execute(`DELETE FROM ${this.table('budget_windows')} WHERE budget_id = ?`, [budgetId]);
    await connection.execute(`DELETE FROM ${this.table('budget_reservations')} WHERE budget_id = ?`, [budgetId]);
  }
}
