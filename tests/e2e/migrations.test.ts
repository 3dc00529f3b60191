import { randomBytes } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import { migrate } from '../../worker/src/db/migrate';
import { MIGRATIONS } from '../../worker/src/db/migrations';
import { responseItems } from '../../worker/src/db/migrations/018-response-items';
import { createDatabase } from '../../worker/src/db/connections';
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
      expect(tables).toHaveLength(40); // migrations + api_keys, entitlements, history + 14 router (015: responses, 016: budgets, windows, reservations; 017: cache policies and entries, provider deployments and cool-downs; 018: response items) + 9 commerce (013: subscriptions) + 5 library tables + nonces + 2 tenancy (021: customers, customer sites) + 1 (020) + 4 AI commerce (022: credit ledger, allowance periods, AI alerts, site AI settings)
      const columns = async (table: string) => {
        const [rows] = await first.pool.query<RowDataPacket[]>(
          'SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION',
          [first.table(table).replace(/`/g, '')],
        );
        return rows.map((row) => row.name as string);
      };
      // 014: cached, cache-write and reasoning tokens on the usage row; cache prices on it and on the admin's prices.
      expect((await columns('usage')).join(',')).toContain(
        'completion_tokens,cached_tokens,cache_write_tokens,reasoning_tokens,total_tokens',
      );
      expect((await columns('usage')).join(',')).toContain(
        'price_output_per_mtok,price_cache_read_per_mtok,price_cache_write_per_mtok,cost',
      );
      // 019: a budget's role (an admin's limit, an allowance, credits) and its source; every budget before it is a limit.
      expect((await columns('budgets')).join(',')).toContain('hard,role,source,alert_url');
      // 022: a package's AI terms; a refund's share (`asked`) beside what it took.
      expect((await columns('packages')).join(',')).toContain(
        'store,kind,credit_amount,credit_scope,ai_allowance_amount,ai_allowance_period,overage_mode,overage_cap,markup_percent',
      );
      expect(await columns('credit_ledger')).toContain('asked');
      // 022: a site's markup and its AI alert webhook.
      expect((await columns('site_ai_settings')).join(',')).toBe('site_url,markup_percent,alert_url,alert_secret,updated_at');
      // 020: the provider's reported cost and the billed amount beside the hub's cost; where a model price came from; default prices per provider.
      expect((await columns('usage')).join(',')).toContain('cost,provider_cost,billed,currency');
      expect(await columns('model_prices')).toEqual([
        'model',
        'input_per_mtok',
        'output_per_mtok',
        'cache_read_per_mtok',
        'cache_write_per_mtok',
        'currency',
        'source',
        'updated_at',
      ]);
      expect(await columns('provider_prices')).toEqual([
        'provider',
        'input_per_mtok',
        'output_per_mtok',
        'cache_read_per_mtok',
        'cache_write_per_mtok',
        'currency',
        'updated_at',
      ]);

      // 018 indexes the responses stored before it (their own input and output items, not the history), and repeats safely.
      const request = {
        history: [{ id: 'msg_history', type: 'message' }],
        input: [
          { id: 'msg_Asked', type: 'message' },
          { id: 'fco_1', type: 'function_call_output' },
        ],
        parameters: {},
      };
      const output = [{ id: 'msg_answer', type: 'message' }, { id: 'fc_1', type: 'function_call' }, { type: 'message' }];
      await first.pool.query(
        `INSERT INTO ${first.table('responses')} (id, api_key_id, model, status, request_json, output_json, created_at, expires_at) VALUES ('resp_old', 'key_old', 'mock/echo', 'completed', ?, ?, NOW(3), NOW(3) + INTERVAL 30 DAY)`,
        [JSON.stringify(request), JSON.stringify(output)],
      );
      for (let round = 0; round < 2; round += 1) {
        for (const statement of responseItems.statements(first.table)) await first.pool.query(statement);
      }
      const [indexed] = await first.pool.query<RowDataPacket[]>(
        `SELECT item_id, response_id, api_key_id, expires_at = (SELECT expires_at FROM ${first.table('responses')}) AS same_expiry FROM ${first.table('response_items')} ORDER BY item_id`,
      );
      expect(indexed.map((row) => [row.item_id, row.response_id, row.api_key_id, Number(row.same_expiry)])).toEqual(
        ['fc_1', 'fco_1', 'msg_Asked', 'msg_answer'].map((id) => [id, 'resp_old', 'key_old', 1]),
      );
    } finally {
      const [tables] = await first.pool.query<RowDataPacket[]>('SHOW TABLES LIKE ?', [`${config.prefix}svc_%`]);
      for (const table of tables) await first.pool.query(`DROP TABLE \`${Object.values(table)[0]}\``);
      await Promise.all([first.close(), second.close()]);
    }
  });
});
