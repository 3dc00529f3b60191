import type { ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';

/** A claimed store: who may reconcile it now, and from when. */
export interface ClaimedStore {
  id: string;
  sourceUrl: string;
  /** Where the last complete pass got to (minus its overlap), or null before the first. */
  reconciledUntil: Date | null;
}

/** How long a claim holds; a worker that died mid-pass frees its store after this. */
export const LEASE_MS = 10 * 60_000;
const MAX_RESULT_CHARS = 500;

/**
 * Who reconciles which store (docs/woocommerce-webhook.md, "Reconcile"): a claim is one
 * conditional UPDATE of the store's lease, so of several workers (and a CLI run) exactly one
 * reconciles a store at a time; the pass ends by moving the cursor and freeing the lease.
 */
export class ReconcileClaims {
  constructor(private readonly database: Database) {}

  private get table(): string {
    return this.database.table('stores');
  }

  /** Stores with REST credentials whose last pass started `intervalMs` ago or more and that nobody holds. */
  async due(intervalMs: number): Promise<string[]> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT id FROM ${this.table} WHERE rest_credentials_encrypted IS NOT NULL
          AND (reconcile_started_at IS NULL OR reconcile_started_at <= UTC_TIMESTAMP(3) - INTERVAL ? MICROSECOND)
          AND (reconcile_lease_until IS NULL OR reconcile_lease_until < UTC_TIMESTAMP(3))
        ORDER BY reconcile_started_at`,
      [intervalMs * 1000],
    );
    return rows.map((row) => row.id as string);
  }

  /** Takes the store's lease when it has REST credentials and nobody holds it; null otherwise. */
  async claim(storeId: string): Promise<ClaimedStore | null> {
    const [result] = await this.database.pool.execute<ResultSetHeader>(
      `UPDATE ${this.table} SET reconcile_started_at = UTC_TIMESTAMP(3), reconcile_lease_until = UTC_TIMESTAMP(3) + INTERVAL ? MICROSECOND
        WHERE id = ? AND rest_credentials_encrypted IS NOT NULL AND (reconcile_lease_until IS NULL OR reconcile_lease_until < UTC_TIMESTAMP(3))`,
      [LEASE_MS * 1000, storeId],
    );
    if (result.affectedRows !== 1) return null;
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT id, source_url, reconciled_until FROM ${this.table} WHERE id = ?`,
      [storeId],
    );
    const row = rows[0];
    return row ? { id: row.id, sourceUrl: row.source_url, reconciledUntil: row.reconciled_until } : null;
  }

  /** Frees the lease and notes the result; `reconciledUntil` moves the cursor (null: a failed pass keeps it). */
  async finish(storeId: string, result: string, reconciledUntil: Date | null): Promise<void> {
    await this.database.pool.execute(
      `UPDATE ${this.table} SET reconcile_lease_until = NULL, reconcile_result = ?, reconciled_until = COALESCE(?, reconciled_until) WHERE id = ?`,
      [result.slice(0, MAX_RESULT_CHARS), reconciledUntil, storeId],
    );
  }
}
