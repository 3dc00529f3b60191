import { randomBytes } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import { migrate } from '../../worker/src/db/migrate';
import { MIGRATIONS } from '../../worker/src/db/migrations';
import { responseItems } from '../../worker/src/db/migrations/018-response-items';
import { orderCoverage } from '../../worker/src/db/migrations/024-order-coverage';
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
      expect(tables).toHaveLength(48); // migrations + api_keys, entitlements, history + 14 router (015: responses, 016: budgets, windows, reservations; 017: cache policies and entries, provider deployments and cool-downs; 018: response items) + 9 commerce (013: subscriptions) + 5 library tables + nonces + 2 tenancy (021: customers, customer sites) + 1 (020) + 4 AI commerce (022: credit ledger, allowance periods, AI alerts, site AI settings) + 1 (024: order coverage) + 1 (026: renders) + 4 (028: licences, licence activations, staging patterns, hub signing keys) + 1 (029: releases) + 1 (031: download claims)
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
      // 023: the buyer on hub orders, after the WooCommerce order id.
      expect((await columns('orders')).join(',')).toContain('woo_order_id,buyer_email,buyer_name,buyer_customer_id');
      // 024: the period each paid order covers; a refund's id and amount on the order history.
      expect(await columns('order_coverage')).toEqual([
        'order_id',
        'site_url',
        'package_id',
        'first_paid_at',
        'covers_from',
        'covers_until',
        'updated_at',
      ]);
      expect((await columns('order_history')).join(',')).toContain('detail,refund_id,amount,created_at');
      // 026: the render log.
      expect((await columns('renders')).join(',')).toBe(
        'id,request_id,key_id,site_url,team,campaign,template_id,template_hash,format,width,height,bytes,cache_hit,generated_layers,duration_ms,status,error_code,created_at',
      );
      // 027: a package's seat limit; 028: licences (keyed hash, sealed key, seats) and their activations.
      expect((await columns('packages')).join(',')).toContain('duration_days,sites,');
      expect((await columns('licences')).join(',')).toBe(
        'id,key_hash,key_prefix,key_encrypted,site_url,package_id,order_id,seats,status,expires_at,created_at,updated_at',
      );
      expect((await columns('license_activations')).join(',')).toBe(
        'id,license_id,site_url,staging,api_key_id,status,created_at,updated_at,deactivated_at',
      );
      // 029: the product a package delivers, its renewal link; releases.
      expect((await columns('packages')).join(',')).toContain('product_type,product_slug,renewal_url');
      expect((await columns('releases')).join(',')).toBe(
        'id,product_type,product_slug,version,channel,name,changelog,requires_wp,requires_php,tested_wp,sha256,size_bytes,withdrawn,downloads,created_at,updated_at',
      );
      // 031: one-use download links.
      expect((await columns('release_download_claims')).join(',')).toBe('token_hash,release_id,expires_at,claimed_at');
      // 022: a site's markup and its AI alert webhook.
      expect((await columns('site_ai_settings')).join(',')).toBe('site_url,markup_percent,alert_url,alert_secret,updated_at');
      // 020: the provider's reported cost and the billed amount beside the hub's cost; where a model price came from; default prices per provider.
      expect((await columns('usage')).join(',')).toContain('cost,provider_cost,billed,currency');
      // 030: an image call's count, size and quality.
      expect((await columns('usage')).join(',')).toContain('completed_at,images,image_size,image_quality');
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

      // 024 gives each order paid before it the period its payment gave it (a lifetime package: for ever), and repeats safely.
      await first.pool.query(
        `INSERT INTO ${first.table('packages')} (package_id, name, description, price_amount, currency, features, duration_days, created_at, updated_at)
         VALUES ('month', 'Month', '', 9, 'EUR', '[]', 30, NOW(3), NOW(3)), ('life', 'Life', '', 9, 'EUR', '[]', NULL, NOW(3), NOW(3))`,
      );
      const order = (id: string, pkg: string, status: string, paidAt: string | null) =>
        first.pool.query(
          `INSERT INTO ${first.table('orders')} (id, api_key_id, package_id, site_url, status, total_amount, currency, payment_url, paid_at, created_at, updated_at)
           VALUES (?, 'key_old', ?, 'https://old.example', ?, 9, 'EUR', '', ?, NOW(3), NOW(3))`,
          [id, pkg, status, paidAt],
        );
      await order('ord_paid', 'month', 'paid', '2026-01-01 00:00:00');
      await order('ord_refunded', 'month', 'refunded', '2026-02-01 00:00:00');
      await order('ord_life', 'life', 'paid', '2026-03-01 00:00:00');
      await order('ord_pending', 'month', 'pending', null);
      for (let round = 0; round < 2; round += 1) {
        for (const statement of orderCoverage.statements(first.table)) await first.pool.query(statement);
      }
      const [covered] = await first.pool.query<RowDataPacket[]>(
        `SELECT order_id, DATE_FORMAT(covers_from, '%Y-%m-%d') AS since, DATE_FORMAT(covers_until, '%Y-%m-%d') AS until
           FROM ${first.table('order_coverage')} ORDER BY order_id`,
      );
      expect(covered.map((row) => [row.order_id, row.since, row.until])).toEqual([
        ['ord_life', '2026-03-01', null],
        ['ord_paid', '2026-01-01', '2026-01-31'],
        ['ord_refunded', '2026-02-01', '2026-03-03'],
      ]);
    } finally {
      const [tables] = await first.pool.query<RowDataPacket[]>('SHOW TABLES LIKE ?', [`${config.prefix}svc_%`]);
      for (const table of tables) await first.pool.query(`DROP TABLE \`${Object.values(table)[0]}\``);
      await Promise.all([first.close(), second.close()]);
    }
  });
});
