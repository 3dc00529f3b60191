import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/connections';

/** Messages still to be delivered, across all workers (uses the outbox's `due` index: status first). */
export async function pendingOutboxCount(database: Database): Promise<number> {
  const [[row]] = await database.pool.query<RowDataPacket[]>(
    `SELECT COUNT(*) AS total FROM ${database.table('outbox')} WHERE status = 'pending'`,
  );
  return Number(row?.total ?? 0);
}
