import type { PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { withTransaction } from '../../db/transaction';
import { retryingDeadlocks, type BudgetLedger, type CrossedThreshold } from './budget-ledger';
import { fromUnits, toUnits, type Lease, type PendingSettlement, type Units } from './lease';
import { sqlDateTime } from './periods';

/** A window as a grant saw it (locked): for sizing the grant, and for the refusal's message. */
export interface WindowNow {
  spent: string;
  reserved: string;
  amount: string;
}

/** How much to grant given the window's headroom (amount − spent − reserved; unbounded for a soft budget). */
export type GrantSize = (headroom: Units | null) => Units;

/** How long a lease's receipt outlives its last flush: a dead worker's journal replayed later than this cannot tell what was written. */
export const RECEIPT_HOURS = 1;
/** A receipt's `call_id`: the lease's id and the number of its settled calls whose spend is written. */
export const receiptId = (leaseId: string, through: number) => `${leaseId}#${through}`;

const expiry = (at: Date) => `${sqlDateTime(at)}.${String(at.getUTCMilliseconds()).padStart(3, '0')}`;

/**
 * The database side of leases (router/budgets/lease.ts). A lease is a `budget_reservations`
 * row (`call_id` = the lease id) whose amount is part of its window's `reserved`, with an
 * `expires_at` its worker keeps pushing forward; a worker that dies stops renewing, and the
 * sweep releases the row like any expired reservation. Every change is one short transaction
 * on the window row, so any number of workers agree: a hard budget's window never has
 * `spent + reserved` above its amount from a grant.
 */
export class LeaseLedger {
  constructor(
    private readonly database: Database,
    private readonly windows: BudgetLedger,
  ) {}

  private table(name: 'budgets' | 'budget_windows' | 'budget_reservations'): string {
    return this.database.table(name);
  }

  /**
   * Adds to the lease what `size` allows, with the window locked: creates the lease row (or
   * grows it and pushes its expiry). `granted` is 0 when a hard budget has no room; `gone` when
   * the lease's row was released meanwhile (nothing granted).
   */
  async grant(lease: Lease, size: GrantSize, now: Date, expiresAt: Date): Promise<{ granted: Units; window: WindowNow; gone: boolean }> {
    const { budget, windowStart } = lease;
    await this.database.pool.execute(
      `INSERT IGNORE INTO ${this.table('budget_windows')} (budget_id, window_start, spent, reserved) VALUES (?, ?, 0, 0)`,
      [budget.id, windowStart],
    );
    const reservations = this.table('budget_reservations');
    return retryingDeadlocks(() =>
      withTransaction(this.database, async (connection) => {
        // The lease row before the window row, as settling and the sweep lock them.
        if (lease.stored) {
          const [own] = await connection.execute<RowDataPacket[]>(
            `SELECT amount FROM ${reservations} WHERE call_id = ? AND budget_id = ? FOR UPDATE`,
            [lease.id, budget.id],
          );
          if (!own[0]) return { granted: 0n, window: { spent: '0.00000000', reserved: '0.00000000', amount: budget.amount }, gone: true };
        }
        const [rows] = await connection.execute<RowDataPacket[]>(
          `SELECT w.spent, w.reserved, b.amount FROM ${this.table('budget_windows')} w JOIN ${this.table('budgets')} b ON b.id = w.budget_id
          WHERE w.budget_id = ? AND w.window_start = ? FOR UPDATE`,
          [budget.id, windowStart],
        );
        if (!rows[0]) return { granted: 0n, window: { spent: '0.00000000', reserved: '0.00000000', amount: budget.amount }, gone: true };
        const window = { spent: String(rows[0].spent), reserved: String(rows[0].reserved), amount: String(rows[0].amount) };
        const headroom = budget.hard ? toUnits(window.amount) - toUnits(window.spent) - toUnits(window.reserved) : null;
        const granted = size(headroom);
        if (granted <= 0n) return { granted: 0n, window, gone: false };
        const amount = fromUnits(granted);
        if (lease.stored) {
          await connection.execute(`UPDATE ${reservations} SET amount = amount + ?, expires_at = ? WHERE call_id = ? AND budget_id = ?`, [
            amount,
            expiry(expiresAt),
            lease.id,
            budget.id,
          ]);
        } else {
          await connection.execute(
            `INSERT INTO ${reservations} (call_id, budget_id, window_start, amount, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
            [lease.id, budget.id, windowStart, amount, sqlDateTime(now), expiry(expiresAt)],
          );
        }
        await connection.execute(
          `UPDATE ${this.table('budget_windows')} SET reserved = reserved + ? WHERE budget_id = ? AND window_start = ?`,
          [amount, budget.id, windowStart],
        );
        return { granted, window, gone: false };
      }),
    );
  }

  /**
   * Writes settled calls: `spend` onto the window's `spent`, and `release` of the lease row
   * turned into it (off `reserved`) — only while the row is there, so a lease the sweep already
   * released is not released twice. Thresholds crossed are marked and reported in the same
   * transaction. Returns false when the row was gone.
   */
  async flush(
    lease: Lease,
    pending: PendingSettlement,
    onCrossed: (connection: PoolConnection, crossed: CrossedThreshold) => Promise<void>,
  ): Promise<boolean> {
    const release = fromUnits(pending.release);
    return retryingDeadlocks(() =>
      withTransaction(this.database, async (connection) => {
        const [kept] = await connection.execute<ResultSetHeader>(
          `UPDATE ${this.table('budget_reservations')} SET amount = GREATEST(amount - ?, 0) WHERE call_id = ? AND budget_id = ?`,
          [release, lease.id, lease.budget.id],
        );
        const present = kept.affectedRows === 1;
        await connection.execute(
          `UPDATE ${this.table('budget_windows')} SET reserved = GREATEST(reserved - ?, 0), spent = spent + ? WHERE budget_id = ? AND window_start = ?`,
          [present ? release : '0', fromUnits(pending.spend), lease.budget.id, lease.windowStart],
        );
        if (pending.spend > 0n)
          await this.windows.markThresholds(connection, { budgetId: lease.budget.id, windowStart: lease.windowStart }, onCrossed);
        if (pending.through > lease.receiptThrough) await this.writeReceipt(connection, lease, pending.through);
        return present;
      }),
    ).then((present) => {
      lease.receiptThrough = Math.max(lease.receiptThrough, pending.through);
      return present;
    });
  }

  /**
   * The lease's receipt, in the flush's transaction: a `budget_reservations` row `<lease id>#<through>`
   * of amount 0 saying the spend of its settled calls 1…through is in `spent` (the last receipt renamed;
   * at most one per lease). A dead worker's journal replay adds only the calls after it (lease-replay.ts);
   * the sweep deletes it an hour on, like any expired reservation (it releases nothing).
   */
  private async writeReceipt(connection: PoolConnection, lease: Lease, through: number): Promise<void> {
    const reservations = this.table('budget_reservations');
    const id = receiptId(lease.id, through);
    if (lease.receiptThrough > 0) {
      const [renamed] = await connection.execute<ResultSetHeader>(
        `UPDATE ${reservations} SET call_id = ?, expires_at = UTC_TIMESTAMP(3) + INTERVAL ${RECEIPT_HOURS} HOUR WHERE call_id = ? AND budget_id = ?`,
        [id, receiptId(lease.id, lease.receiptThrough), lease.budget.id],
      );
      if (renamed.affectedRows === 1) return;
    }
    await connection.execute(
      `INSERT IGNORE INTO ${reservations} (call_id, budget_id, window_start, amount, created_at, expires_at)
       VALUES (?, ?, ?, 0, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3) + INTERVAL ${RECEIPT_HOURS} HOUR)`,
      [id, lease.budget.id, lease.windowStart],
    );
  }

  /** Pushes the lease row's expiry forward; false when the row is gone. */
  async renew(lease: Lease, expiresAt: Date): Promise<boolean> {
    const [renewed] = await this.database.pool.execute<ResultSetHeader>(
      `UPDATE ${this.table('budget_reservations')} SET expires_at = ? WHERE call_id = ? AND budget_id = ?`,
      [expiry(expiresAt), lease.id, lease.budget.id],
    );
    return renewed.affectedRows === 1;
  }

  /** Gives the lease back: deletes its row and takes what it still held off `reserved`. */
  async giveBack(lease: Lease): Promise<void> {
    await retryingDeadlocks(() =>
      withTransaction(this.database, async (connection) => {
        const [rows] = await connection.execute<RowDataPacket[]>(
          `SELECT amount FROM ${this.table('budget_reservations')} WHERE call_id = ? AND budget_id = ? FOR UPDATE`,
          [lease.id, lease.budget.id],
        );
        if (!rows[0]) return;
        await connection.execute(`DELETE FROM ${this.table('budget_reservations')} WHERE call_id = ? AND budget_id = ?`, [
          lease.id,
          lease.budget.id,
        ]);
        await connection.execute(
          `UPDATE ${this.table('budget_windows')} SET reserved = GREATEST(reserved - ?, 0) WHERE budget_id = ? AND window_start = ?`,
          [String(rows[0].amount), lease.budget.id, lease.windowStart],
        );
      }),
    );
  }
}
