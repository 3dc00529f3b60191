import type { Database } from '../db/pool';
import { silentLogger } from '../support/logger';
import { PendingWrites } from '../support/pending-writes';
import { UsageRecorder, type UsageCompletion } from './usage-recorder';

const completion: UsageCompletion = {
  status: 'ok', provider: 'openai', model: 'openai/gpt-4o-mini', attempts: 1, promptTokens: 4, completionTokens: 5,
  cachedTokens: 2, cacheWriteTokens: 0, reasoningTokens: 3,
  usageEstimated: false, priceInputPerMtok: 0.15, priceOutputPerMtok: 0.6, priceCacheReadPerMtok: 0.075, priceCacheWritePerMtok: 0,
  cost: '0.00000345', currency: 'USD',
  latencyMs: 12.4, firstTokenMs: 3.2, errorCode: null,
};

function fakeDatabase(failFirst: boolean) {
  const statements: Array<{ sql: string; rows: unknown[][] }> = [];
  let calls = 0;
  const database = {
    table: (name: string) => `wp_svc_${name}`,
    pool: {
      query: async (sql: string, [rows]: [unknown[][]]) => {
        calls += 1;
        if (failFirst && calls === 1) throw new Error('connection lost');
        statements.push({ sql, rows });
        return [{ affectedRows: rows.length }];
      },
    },
  } as unknown as Database;
  return { database, statements };
}

describe('UsageRecorder', () => {
  const opening = { id: 'usg_1', requestId: 'req_1', keyId: 'key_1', team: 'growth', campaign: 'spring', user: '', purpose: null, kind: 'chat' as const };

  it('records the whole call with its completion even when the opening insert failed', async () => {
    const { database, statements } = fakeDatabase(true);
    const recorder = new UsageRecorder(database, new PendingWrites(), silentLogger, { name: 'host:8787', boot: 'b1' });
    recorder.open(opening);
    await new Promise((resolve) => setTimeout(resolve, 30)); // the opening batch runs (and fails)
    recorder.complete('usg_1', completion);
    await recorder.flush();
    expect(statements).toHaveLength(1);
    expect(statements[0]!.sql).toMatch(/^INSERT INTO wp_svc_usage .*ON DUPLICATE KEY UPDATE/s);
    const [row] = statements[0]!.rows;
    expect(row!.slice(0, 11)).toEqual(['usg_1', 'req_1', 'key_1', 'growth', 'spring', '', null, 'chat', 'host:8787', 'b1', expect.any(Date)]);
    expect(row!.slice(11, 18)).toEqual(['ok', 'openai', 'openai/gpt-4o-mini', 1, 4, 5, 9]);
    const named = Object.fromEntries(statements[0]!.sql.match(/\(([^)]*)\) VALUES/)![1]!.split(',').map((column, index) => [column.trim(), row![index]]));
    expect(named).toMatchObject({ cached_tokens: 2, cache_write_tokens: 0, reasoning_tokens: 3, price_cache_read_per_mtok: 0.075, price_cache_write_per_mtok: 0, cost: '0.00000345' });
  });

  it('opens rows in one batch, and never re-opens a call already completed', async () => {
    const { database, statements } = fakeDatabase(false);
    const recorder = new UsageRecorder(database, new PendingWrites(), silentLogger, { name: 'host:8787', boot: 'b1' });
    recorder.open(opening);
    recorder.open({ ...opening, id: 'usg_2' });
    recorder.complete('usg_2', completion);
    await recorder.flush();
    expect(statements.map((statement) => [statement.sql.trim().split(/\s+/).slice(0, 2).join(' '), statement.rows.map((row) => row[0])])).toEqual([
      ['INSERT IGNORE', ['usg_1']],
      ['INSERT INTO', ['usg_2']],
    ]);
  });
});
