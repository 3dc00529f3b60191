import type { PoolConnection } from 'mysql2/promise';
import type { Database } from './connections';

export interface TransactionOptions {
  /** For this transaction only (the session default is InnoDB's REPEATABLE READ). */
  isolation?: 'READ COMMITTED';
  /** Runs on the connection before it goes back to the pool (e.g. to release named locks, which outlive transactions). */
  afterEnd?: (connection: PoolConnection) => Promise<void>;
}

/** Runs `work` in one transaction on one pooled connection: commit on success, roll back on any error. */
export async function withTransaction<T>(
  database: Database,
  work: (connection: PoolConnection) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const { afterEnd, isolation } = options;
  const connection = await database.pool.getConnection();
  try {
    if (isolation) await connection.query(`SET TRANSACTION ISOLATION LEVEL ${isolation}`);
    await connection.beginTransaction();
    const result = await work(connection);
    await connection.commit();
    return result;
  } catch (error) {
    await connection.rollback().catch(() => undefined);
    throw error;
  } finally {
    if (afterEnd) await afterEnd(connection).catch(() => connection.destroy());
    connection.release();
  }
}
