import type { PoolConnection } from 'mysql2/promise';
import type { Database } from './pool';

/** Runs `work` in one transaction on one pooled connection: commit on success, roll back on any error. */
export async function withTransaction<T>(database: Database, work: (connection: PoolConnection) => Promise<T>): Promise<T> {
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
    connection.release();
  }
}
