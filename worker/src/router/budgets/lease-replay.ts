import type { PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { withTransaction } from '../../db/transaction';
import { retryingDeadlocks, type BudgetLedger, type CrossedThreshold } from './budget-ledger';
import { fromUnits, toUnits, type Units } from './lease';
import { RECEIPT_HOURS, receiptId } from './lease-ledger';

/** One budget's share of a settled call, as a usage journal keeps it (router/usage/journal.ts). */
export interface SettledShare {
  leaseId: string;
  budgetId: string;
  /** The window's start as MySQL DATETIME text (UTC). */
  windowStart: string;
  /** The call's settle number on its lease (router/budgets/lease.ts). */
  number: number;
  /** USD, 8 places: what the call was charged. */
  cost: string;
  /** When the call settled (epoch ms; the journal line's time, set by the replay). */
  settledAt?: number;
}

/**
 * A share older than this is not replayed: a receipt lives RECEIPT_HOURS after the flush that
 * wrote it (which came after the call settled), less a margin for the clocks of the worker and
 * the database — past it, a missing receipt no longer means "never written".
 */
const TRUSTED_MS = RECEIPT_HOURS * 3_600_000 - 10 * 60_000;

/** `LIKE` text matching a lease's row and its receipts: the id with its wildcards escaped, then `#…`. */
const receiptsOf = (leaseId: string) => `${leaseId.replace(/[\\%_]/g, (character) => `\\${character}`)}#%`;

/**
 * Settled calls of a worker that is gone (`kill -9`), replayed from its usage journal
 * (docs/architecture.md §11): per lease, in one transaction on its rows and window, the spend of
 * the calls its receipt does not cover (numbers after `through`, lease-ledger.ts) is added to
 * `spent` — exactly once, however many workers replay, since the receipt moves up in the same
 * transaction — and the dead lease is given back (its row off `reserved`), as the sweep would do
 * when it expired. A share older than the receipts last (TRUSTED_MS) is skipped and counted: it may
 * be in `spent` already. Returns the spend added and the shares skipped.
 */
export async function replaySettled(
  database: Database,
  windows: BudgetLedger,
  shares: readonly SettledShare[],
  onCrossed: (connection: PoolConnection, crossed: CrossedThreshold) => Promise<void>,
): Promise<{ added: Units; skipped: number }> {
  const byLease = new Map<string, SettledShare[]>();
  const oldest = Date.now() - TRUSTED_MS;
  const trusted = shares.filter((share) => share.settledAt === undefined || share.settledAt >= oldest);
  for (const share of trusted) byLease.set(share.leaseId, [...(byLease.get(share.leaseId) ?? []), share]);
  let added = 0n;
  for (const [leaseId, settled] of byLease)
    added += await retryingDeadlocks(() =>
      withTransaction(database, (connection) => replayLease(connection, database, windows, leaseId, settled, onCrossed)),
    );
  return { added, skipped: shares.length - trusted.length };
}

async function replayLease(
  connection: PoolConnection,
  database: Database,
  windows: BudgetLedger,
  leaseId: string,
  settled: SettledShare[],
  onCrossed: (connection: PoolConnection, crossed: CrossedThreshold) => Promise<void>,
): Promise<Units> {
  const { budgetId, windowStart } = settled[0]!;
  const reservations = database.table('budget_reservations');
  const [rows] = await connection.execute<RowDataPacket[]>(
    `SELECT call_id, amount FROM ${reservations} WHERE (call_id = ? OR call_id LIKE ?) AND budget_id = ? FOR UPDATE`,
    [leaseId, receiptsOf(leaseId), budgetId],
  );
  const leaseRow = rows.find((row) => row.call_id === leaseId);
  const receipts = rows.filter((row) => row.call_id !== leaseId);
  const through = Math.max(0, ...receipts.map((row) => Number(String(row.call_id).slice(leaseId.length + 1))));
  const last = Math.max(...settled.map((share) => share.number));
  if (last <= through && !leaseRow) return 0n;
  const spend = settled.filter((share) => share.number > through).reduce((sum, share) => sum + toUnits(share.cost), 0n);
  const held = leaseRow ? String(leaseRow.amount) : '0';
  const [updated] = await connection.execute<ResultSetHeader>(
    `UPDATE ${database.table('budget_windows')} SET spent = spent + ?, reserved = GREATEST(reserved - ?, 0) WHERE budget_id = ? AND window_start = ?`,
    [fromUnits(spend), held, budgetId, windowStart],
  );
  if (updated.affectedRows === 0) return 0n; // the budget was removed with its window
  if (leaseRow) await connection.execute(`DELETE FROM ${reservations} WHERE call_id = ? AND budget_id = ?`, [leaseId, budgetId]);
  if (last > through) {
    await connection.execute(`DELETE FROM ${reservations} WHERE call_id LIKE ? AND budget_id = ?`, [receiptsOf(leaseId), budgetId]);
    await connection.execute(
      `INSERT INTO ${reservations} (call_id, budget_id, window_start, amount, created_at, expires_at)
       VALUES (?, ?, ?, 0, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3) + INTERVAL ${RECEIPT_HOURS} HOUR)`,
      [receiptId(leaseId, last), budgetId, windowStart],
    );
  }
  if (spend > 0n) await windows.markThresholds(connection, { budgetId, windowStart }, onCrossed);
  return spend;
}
