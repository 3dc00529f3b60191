import type { PoolConnection, RowDataPacket } from 'mysql2/promise';
import type { Logger } from '../support/logger';
import { MIGRATIONS } from './migrations';
import type { Migration } from './migrations/migration';
import { TABLE_OPTIONS } from './migrations/table-options';
import type { Database } from './connections';

const LOCK_TIMEOUT_SECONDS = 60;

async function appliedIds(connection: PoolConnection, table: string): Promise<Set<number>> {
  const [rows] = await connection.query<RowDataPacket[]>(`SELECT id FROM ${table}`);
  return new Set(rows.map((row) => Number(row.id)));
}

async function apply(connection: PoolConnection, database: Database, migration: Migration): Promise<void> {
  for (const statement of migration.statements(database.table)) await connection.query(statement);
  await connection.query(`INSERT INTO ${database.table('migrations')} (id, name, applied_at) VALUES (?, ?, UTC_TIMESTAMP(3))`, [
    migration.id,
    migration.name,
  ]);
}

/**
 * Applies every pending migration in order. A named lock (GET_LOCK) serialises workers that
 * start together: the second waits, then finds nothing left to do. Forward-only; each step is
 * recorded right after it succeeds, and its DDL is idempotent (IF NOT EXISTS) so a crash
 * between the two is repaired by the next start.
 */
export async function migrate(database: Database, logger: Logger, migrations: Migration[] = MIGRATIONS): Promise<number[]> {
  const connection = await database.pool.getConnection();
  const lockName = `svc_hub_migrate:${database.table('migrations')}`.slice(0, 64);
  try {
    const [[lock]] = await connection.query<RowDataPacket[]>('SELECT GET_LOCK(?, ?) AS acquired', [lockName, LOCK_TIMEOUT_SECONDS]);
    if (Number(lock?.acquired) !== 1) throw new Error(`Could not take the migration lock within ${LOCK_TIMEOUT_SECONDS} s.`);
    try {
      await connection.query(
        `CREATE TABLE IF NOT EXISTS ${database.table('migrations')} (
          id INT UNSIGNED NOT NULL, name VARCHAR(190) NOT NULL, applied_at DATETIME(3) NOT NULL, PRIMARY KEY (id)
        ) ${TABLE_OPTIONS}`,
      );
      const done = await appliedIds(connection, database.table('migrations'));
      const applied: number[] = [];
      for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
        if (done.has(migration.id)) continue;
        logger.info('applying migration', { id: migration.id, name: migration.name });
        await apply(connection, database, migration);
        applied.push(migration.id);
      }
      return applied;
    } finally {
      await connection.query('SELECT RELEASE_LOCK(?)', [lockName]);
    }
  } finally {
    connection.release();
  }
}
