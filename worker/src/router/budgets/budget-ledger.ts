import type { PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import type { BudgetRecord } from './budget-store';
import { sqlDateTime, windowStart } from './periods';

/** One budget's share of a call's reservation. */
export interface ReservationPart {
  budgetId: string;
  /** The window's start as MySQL DATETIME text (UTC). */
  windowStart: string;
  amount: string;
}

/** What a hard budget had when it refused a call. */
export class BudgetRefusal extends Error {
  constructor(readonly budget: BudgetRecord, readonly spent: string, readonly reserved: string) {
    super(`budget ${budget.id} exceeded`);
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

async function retryingDeadlocks<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if ((error as { errno?: number }).errno !== DEADLOCK || attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * Spend and reservations per budget and period window, changed only by single conditional
 * statements, so any number of workers agree: a hard budget's reservation is
 * `reserved + estimate` only WHERE `spent + reserved + estimate <= amount` — the affected-rows
 * count decides. Each reservation is a row, deleted exactly once by whichever comes first:
 * the call settling, or the sweep releasing it after `expires_at` (a crashed call).
 */
export class BudgetLedger {
  constructor(private readonly database: Database) {}

  private table(name: 'budgets' | 'budget_windows' | 'budget_reservations'): string {
    return this.database.table(name);
  }

  /** Reserves `amount` on every budget (in id order), all or none; throws BudgetRefusal naming the hard budget that refused. */
  async reserve(callId: string, budgets: BudgetRecord[], amount: string, now: Date, expiresAt: Date): Promise<ReservationPart[]> {
    const parts = [...budgets].sort((a, b) => (a.id < b.id ? -1 : 1)).map((budget) => ({ budget, part: { budgetId: budget.id, windowStart: sqlDateTime(windowStart(budget.period, now)), amount } }));
    for (let round = 0; ; round += 1) {
      const missing = await retryingDeadlocks(() => withTransaction(this.database, async (connection) => {
        for (const { budget, part } of parts) {
          if (await this.add(connection, budget, part)) continue;
          const [rows] = await connection.execute<RowDataPacket[]>(`SELECT spent, reserved FROM ${this.table('budget_windows')} WHERE budget_id = ? AND window_start = ?`, [part.budgetId, part.windowStart]);
          if (rows[0]) throw new BudgetRefusal(budget, String(rows[0].spent), String(rows[0].reserved));
          return part;
        }
        const expires = sqlDateTime(expiresAt) + `.${String(expiresAt.getUTCMilliseconds()).padStart(3, '0')}`;
        await connection.query(
          `INSERT INTO ${this.table('budget_reservations')} (call_id, budget_id, window_start, amount, created_at, expires_at) VALUES ?`,
          [parts.map(({ part }) => [callId, part.budgetId, part.windowStart, part.amount, sqlDateTime(now), expires])],
        );
        return null;
      }));
      if (!missing) return parts.map(({ part }) => part);
      if (round > 0) throw new Error(`budget window ${missing.budgetId} ${missing.windowStart} could not be created`);
      // A new period: create its window outside the transaction (no duplicate-key lock waits), then try again.
      await this.database.pool.execute(`INSERT IGNORE INTO ${this.table('budget_windows')} (budget_id, window_start, spent, reserved) VALUES (?, ?, 0, 0)`, [missing.budgetId, missing.windowStart]);
    }
  }

  /** The conditional update: true when the window took the reservation. */
  private async add(connection: PoolConnection, budget: BudgetRecord, part: ReservationPart): Promise<boolean> {
    const windows = this.table('budget_windows');
    const [result] = budget.hard
      ? await connection.execute<ResultSetHeader>(
        `UPDATE ${windows} w JOIN ${this.table('budgets')} b ON b.id = w.budget_id SET w.reserved = w.reserved + ?
          WHERE w.budget_id = ? AND w.window_start = ? AND w.spent + w.reserved + ? <= b.amount`,
        [part.amount, part.budgetId, part.windowStart, part.amount])
      : await connection.execute<ResultSetHeader>(`UPDATE ${windows} SET reserved = reserved + ? WHERE budget_id = ? AND window_start = ?`, [part.amount, part.budgetId, part.windowStart]);
    return result.affectedRows === 1;
  }

  /**
   * Settles a call: deletes its reservation rows and, for each one still there, takes its
   * amount off `reserved`; adds the real cost to `spent` either way (a reservation the sweep
   * already released still spent). `onCrossed` runs inside the transaction for every 80 % /
   * 100 % threshold crossed for the first time in the window (marked, so once per period).
   */
  async settle(callId: string, parts: ReservationPart[], cost: string, onCrossed: (connection: PoolConnection, crossed: CrossedThreshold) => Promise<void>): Promise<void> {
    const windows = this.table('budget_windows');
    await retryingDeadlocks(() => withTransaction(this.database, async (connection) => {
      for (const part of parts) {
        const [deleted] = await connection.execute<ResultSetHeader>(`DELETE FROM ${this.table('budget_reservations')} WHERE call_id = ? AND budget_id = ?`, [callId, part.budgetId]);
        const release = deleted.affectedRows === 1 ? part.amount : '0';
        await connection.execute(`UPDATE ${windows} SET reserved = GREATEST(reserved - ?, 0), spent = spent + ? WHERE budget_id = ? AND window_start = ?`, [release, cost, part.budgetId, part.windowStart]);
        if (Number(cost) > 0) await this.markThresholds(connection, part, onCrossed);
      }
    }));
  }

  private async markThresholds(connection: PoolConnection, part: ReservationPart, onCrossed: (connection: PoolConnection, crossed: CrossedThreshold) => Promise<void>): Promise<void> {
    const windows = this.table('budget_windows');
    const [rows] = await connection.execute<RowDataPacket[]>(
      `SELECT w.spent, w.alerted_80_at, w.alerted_100_at, b.amount FROM ${windows} w JOIN ${this.table('budgets')} b ON b.id = w.budget_id
        WHERE w.budget_id = ? AND w.window_start = ?`, [part.budgetId, part.windowStart]);
    const row = rows[0];
    if (!row) return;
    for (const threshold of [80, 100] as const) {
      const column = threshold === 80 ? 'alerted_80_at' : 'alerted_100_at';
      if (row[column] !== null || Number(row.spent) < (Number(row.amount) * threshold) / 100) continue;
      const [marked] = await connection.execute<ResultSetHeader>(`UPDATE ${windows} SET ${column} = UTC_TIMESTAMP(3) WHERE budget_id = ? AND window_start = ? AND ${column} IS NULL`, [part.budgetId, part.windowStart]);
      if (marked.affectedRows === 1) await onCrossed(connection, { budgetId: part.budgetId, windowStart: part.windowStart, threshold, spent: String(row.spent), amount: String(row.amount) });
    }
  }

  /** Releases reservations past `expires_at` (calls that never settled); returns how many. */
  async releaseExpired(limit = 500): Promise<number> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT call_id, budget_id, window_start, amount FROM ${this.table('budget_reservations')} WHERE expires_at < UTC_TIMESTAMP(3) ORDER BY expires_at LIMIT ?`, [limit]);
    let released = 0;
    for (const row of rows) {
      const start = row.window_start instanceof Date ? sqlDateTime(row.window_start) : String(row.window_start);
      released += await retryingDeadlocks(() => withTransaction(this.database, async (connection) => {
        const [deleted] = await connection.execute<ResultSetHeader>(`DELETE FROM ${this.table('budget_reservations')} WHERE call_id = ? AND budget_id = ?`, [row.call_id, row.budget_id]);
        if (deleted.affectedRows !== 1) return 0;
        await connection.execute(`UPDATE ${this.table('budget_windows')} SET reserved = GREATEST(reserved - ?, 0) WHERE budget_id = ? AND window_start = ?`, [String(row.amount), row.budget_id, start]);
        return 1;
      }));
    }
    return released;
  }

  /** Each budget's window holding `now` (spent, reserved, alerts) and its open reservations. */
  async current(budgets: BudgetRecord[], now: Date): Promise<Map<string, { spent: string; reserved: string; reservations: number; alerted80At: Date | null; alerted100At: Date | null }>> {
    const result = new Map();
    if (budgets.length === 0) return result;
    const pairs = budgets.map((budget) => [budget.id, sqlDateTime(windowStart(budget.period, now))]);
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT budget_id, spent, reserved, alerted_80_at, alerted_100_at FROM ${this.table('budget_windows')} WHERE (budget_id, window_start) IN (?)`, [pairs]);
    const [counts] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT budget_id, COUNT(*) AS open FROM ${this.table('budget_reservations')} WHERE budget_id IN (?) GROUP BY budget_id`, [budgets.map((budget) => budget.id)]);
    const open = new Map(counts.map((row) => [row.budget_id as string, Number(row.open)]));
    for (const budget of budgets) result.set(budget.id, { spent: '0.00000000', reserved: '0.00000000', reservations: open.get(budget.id) ?? 0, alerted80At: null, alerted100At: null });
    for (const row of rows) {
      Object.assign(result.get(row.budget_id), { spent: String(row.spent), reserved: String(row.reserved), alerted80At: row.alerted_80_at, alerted100At: row.alerted_100_at });
    }
    return result;
  }
}
