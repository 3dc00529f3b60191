import { randomBytes } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import { migrate } from '../../worker/src/db/migrate';
import { MIGRATIONS } from '../../worker/src/db/migrations';
import { createDatabase } from '../../worker/src/db/pool';
import { silentLogger } from '../../worker/src/support/logger';
import { stack } from '../support/stack';

/** Two workers starting together on an empty schema: the lock makes one apply, the other wait. */
describe('migrations', () => {
  it('applies each step exactly once when two workers race', async () => {
    const env = stack().workerEnv;
    const config = {
      host: env.SVC_DB_HOST!,
      port: Number(env.SVC_DB_PORT),
      user: env.SVC_DB_USER!,
      password: env.SVC_DB_PASSWORD ?? '',
      name: env.SVC_DB_NAME!,
      prefix: `race${randomBytes(3).toString('hex')}_`,
    };
    const [first, second] = [createDatabase(config), createDatabase(config)];
    try {
      const [appliedByFirst, appliedBySecond] = await Promise.all([migrate(first, silentLogger), migrate(second, silentLogger)]);
      expect([...appliedByFirst, ...appliedBySecond].sort()).toEqual(MIGRATIONS.map((migration) => migration.id).sort());
      const [rows] = await first.pool.query<RowDataPacket[]>(`SELECT id FROM ${first.table('migrations')} ORDER BY id`);
      expect(rows.map((row) => row.id)).toEqual(MIGRATIONS.map((migration) => migration.id));
      expect(await migrate(first, silentLogger)).toEqual([]);
      const [tables] = await first.pool.query<RowDataPacket[]>('SHOW TABLES LIKE ?', [`${config.prefix}svc_%`]);
      expect(tables).toHaveLength(33); // migrations + api_keys, entitlements, history + 14 router (015: responses, 016: budgets, windows, reservations; 017: cache policies and entries, provider deployments and cool-downs; 018: response items) + 9 commerce (013: subscriptions) + 5 library tables + nonces
      const columns = async (table: string) => {
        const [rows] = await first.pool.query<RowDataPacket[]>(
          'SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION',
          [first.table(table).replace(/`/g, '')],
        );
        return rows.map((row) => row.name as string);
      };
      // 014: cached, cache-write and reasoning tokens on the usage row; cache prices on it and on the admin's prices.
      expect((await columns('usage')).join(',')).toContain('completion_tokens,cached_tokens,cache_write_tokens,reasoning_tokens,total_tokens');
      expect((await columns('usage')).join(',')).toContain('price_output_per_mtok,price_cache_read_per_mtok,price_cache_write_per_mtok,cost');
      expect(await columns('model_prices')).toEqual(['model', 'input_per_mtok', 'output_per_mtok', 'cache_read_per_mtok', 'cache_write_per_mtok', 'currency', 'updated_at']);
    } finally {
      const [tables] = await first.pool.query<RowDataPacket[]>('SHOW TABLES LIKE ?', [`${config.prefix}svc_%`]);
      for (const table of tables) await first.pool.query(`DROP TABLE \`${Object.values(table)[0]}\``);
      await Promise.all([first.close(), second.close()]);
    }
  });
});
