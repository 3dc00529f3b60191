import type { PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { withTransaction } from '../../db/transaction';
import type { BudgetRecord } from './budget-rows';
import { sqlDateTime, windowStart } from './periods';

/** A budget's period window (its start as MySQL DATETIME text, UTC). */
export interface WindowKey {
  budgetId: string;
  windowStart: string;
}

/** What a hard budget had when it refused a call. */
export class BudgetRefusal extends Error {
  constructor(
    readonly budget: BudgetRecord,
    readonly spent: string,
    readonly reserved: string,
    /** The most a call could still draw on this worker (its lease's free part and the window's headroom), in 10⁻⁸ USD. */
    readonly room: bigint = 0n,
    /** What the refused call needed at least, in 10⁻⁸ USD (admission.ts), when known. */
    readonly needed: bigint | null = null,
  ) {
    super(`budget ${budget.id} exceeded`);
  }

  /** The same refusal, saying what the call needed. */
  needing(needed: bigint): BudgetRefusal {
    return new BudgetRefusal(this.budget, this.spent, this.reserved, this.room, needed);
  }
}

/** A window whose settled spend crossed 80 % or 100 % for the first time in its period. */
export interface CrossedThreshold {
  budgetId: string;
  windowStart: string;
  threshold: 80 | 100;
  spent: string;
  amount: string;
}

const DEADLOCK = 1213;
const ATTEMPTS = 4;

/** Runs `work` again when InnoDB chose it as a deadlock victim (a few times). */
export async function retryingDeadlocks<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if ((error as { errno?: number }).errno !== DEADLOCK || attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * Spend and reservations per budget and period window. Reservations are workers' leases
 * (router/budgets/lease-ledger.ts writes them): each a row, released exactly once by
 * whichever comes first — its worker giving it back, or the sweep after `expires_at` (a worker
 * that died). This class reads windows for admins, marks alert thresholds and sweeps.
 */
export class BudgetLedger {
  constructor(private readonly database: Database) {}

  private table(name: 'budgets' | 'budget_windows' | 'budget_reservations'): string {
    return this.database.table(name);
  }

  /**
   * Marks every 80 % / 100 % threshold the window's settled spend crossed for the first time in its
   * period (once per period), reporting each to `onCrossed` in the same transaction.
   */
  async markThresholds(
    connection: PoolConnection,
    part: WindowKey,
    onCrossed: (connection: PoolConnection, crossed: CrossedThreshold) => Promise<void>,
  ): Promise<void> {
    const windows = this.table('budget_windows');
    const [rows] = await connection.execute<RowDataPacket[]>(
      `SELECT w.spent, w.alerted_80_at, w.alerted_100_at, b.amount FROM ${windows} w JOIN ${this.table('budgets')} b ON b.id = w.budget_id
        WHERE w.budget_id = ? AND w.window_start = ?`,
      [part.budgetId, part.windowStart],
    );
    const row = rows[0];
    if (!row) return;
    for (const threshold of [80, 100] as const) {
      const column = threshold === 80 ? 'alerted_80_at' : 'alerted_100_at';
      if (row[column] !== null || Number(row.spent) < (Number(row.amount) * threshold) / 100) continue;
      const [marked] = await connection.execute<ResultSetHeader>(
        `UPDATE ${windows} SET ${column} = UTC_TIMESTAMP(3) WHERE budget_id = ? AND window_start = ? AND ${column} IS NULL`,
        [part.budgetId, part.windowStart],
      );
      if (marked.affectedRows === 1)
        await onCrossed(connection, {
          budgetId: part.budgetId,
          windowStart: part.windowStart,
          threshold,
          spent: String(row.spent),
          amount: String(row.amount),
        });
    }
  }

  /** Releases reservations past `expires_at` (calls that never settled); returns how many. */
  async releaseExpired(limit = 500): Promise<number> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT call_id, budget_id, window_start, amount FROM ${this.table('budget_reservations')} WHERE expires_at < UTC_TIMESTAMP(3) ORDER BY expires_at LIMIT ?`,
      [limit],
    );
    let released = 0;
    for (const row of rows) {
      const start = row.window_start instanceof Date ? sqlDateTime(row.window_start) : String(row.window_start);
      released += await retryingDeadlocks(() =>
        withTransaction(this.database, async (connection) => {
          const [deleted] = await connection.execute<ResultSetHeader>(
            `DELETE FROM ${this.table('budget_reservations')} WHERE call_id = ? AND budget_id = ?`,
            [row.call_id, row.budget_id],
          );
          if (deleted.affectedRows !== 1) return 0;
          await connection.execute(
            `UPDATE ${this.table('budget_windows')} SET reserved = GREATEST(reserved - ?, 0) WHERE budget_id = ? AND window_start = ?`,
            [String(row.amount), row.budget_id, start],
          );
          return 1;
        }),
      );
    }
    return released;
  }

  /** Each budget's window holding `now` (spent, reserved, alerts) and its open reservations. */
  async current(
    budgets: BudgetRecord[],
    now: Date,
  ): Promise<Map<string, { spent: string; reserved: string; reservations: number; alerted80At: Date | null; alerted100At: Date | null }>> {
    const result = new Map();
    if (budgets.length === 0) return result;
    const pairs = budgets.map((budget) => [budget.id, sqlDateTime(windowStart(budget.period, now))]);
    // Both reads in one transaction: one snapshot (REPEATABLE READ), so a lease granted or given
    // back between them cannot show `reserved` without its reservation, or the reverse.
    const [rows, counts] = await withTransaction(this.database, async (connection) => {
      const [windows] = await connection.query<RowDataPacket[]>(
        `SELECT budget_id, spent, reserved, alerted_80_at, alerted_100_at FROM ${this.table('budget_windows')} WHERE (budget_id, window_start) IN (?)`,
        [pairs],
      );
      const [open] = await connection.query<RowDataPacket[]>(
        // Leases' receipts (`<lease>#<n>`, amount 0: lease-ledger.ts) reserve nothing and are not counted.
        `SELECT budget_id, COUNT(*) AS open FROM ${this.table('budget_reservations')} WHERE budget_id IN (?) AND call_id NOT LIKE '%#%' GROUP BY budget_id`,
        [budgets.map((budget) => budget.id)],
      );
      return [windows, open];
    });
    const open = new Map(counts.map((row) => [row.budget_id as string, Number(row.open)]));
    for (const budget of budgets)
      result.set(budget.id, {
        spent: '0.00000000',
        reserved: '0.00000000',
        reservations: open.get(budget.id) ?? 0,
        alerted80At: null,
        alerted100At: null,
      });
    for (const row of rows) {
      Object.assign(result.get(row.budget_id), {
        spent: String(row.spent),
        reserved: String(row.reserved),
        alerted80At: row.alerted_80_at,
        alerted100At: row.alerted_100_at,
      });
    }
    return result;
  }
}
