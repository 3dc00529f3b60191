import type { PoolConnection } from 'mysql2/promise';
import type { Database } from './pool';

/**
 * Runs `work` in one transaction on one pooled connection: commit on success, roll back on
 * any error; `afterEnd` runs on the connection before it goes back to the pool (e.g. to
 * release named locks, which outlive transactions).
 */
export async function withTransaction<T>(
  database: Database,
  work: (connection: PoolConnection) => Promise<T>,
  afterEnd?: (connection: PoolConnection) => Promise<void>,
): Promise<T> {
  const connection = await database.pool.getConnection();
  try {
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
