import { randomBytes } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import { apiKeys } from '../../worker/src/db/migrations/001-api-keys';
import { keyConcurrency } from '../../worker/src/db/migrations/009-key-concurrency';
import { createDatabase } from '../../worker/src/db/connections';
import { stack } from '../support/stack';

/** Migration 009 adds max_concurrent_calls (default 20) and can run again after a crash (migrate.ts). */
describe('migration 009: calls in flight per key', () => {
  it('adds the column once, with default 20, and is harmless when repeated', async () => {
    const env = stack().workerEnv;
    const database = createDatabase({
      host: env.SVC_DB_HOST!,
      port: Number(env.SVC_DB_PORT),
      user: env.SVC_DB_USER!,
      password: env.SVC_DB_PASSWORD ?? '',
      name: env.SVC_DB_NAME!,
      prefix: `m009${randomBytes(3).toString('hex')}_`,
    });
    const connection = await database.pool.getConnection();
    try {
      for (const statement of apiKeys.statements(database.table)) await connection.query(statement);
      for (let run = 0; run < 2; run += 1) {
        for (const statement of keyConcurrency.statements(database.table)) await connection.query(statement);
      }
      const [columns] = await connection.query<RowDataPacket[]>(
        `SHOW COLUMNS FROM ${database.table('api_keys')} LIKE 'max_concurrent_calls'`,
      );
      expect(columns).toHaveLength(1);
      expect(columns[0]).toMatchObject({ Null: 'NO', Default: '20' });
    } finally {
      await connection.query(`DROP TABLE IF EXISTS ${database.table('api_keys')}`);
      connection.release();
      await database.close();
    }
  });
});
