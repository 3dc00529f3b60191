import type { Database } from '../../db/connections';
import type { BudgetLedger } from './budget-ledger';
import { replaySettled, type SettledShare } from './lease-replay';

/** A database whose one connection answers the replay's statements and keeps them. */
function fakeDatabase(rows: { call_id: string; amount: string }[]) {
  const statements: { sql: string; values: unknown[] }[] = [];
  const connection = {
    beginTransaction: async () => undefined,
    commit: async () => undefined,
    rollback: async () => undefined,
    release: () => undefined,
    execute: async (sql: string, values: unknown[]) => {
      statements.push({ sql: sql.replace(/\s+/g, ' ').trim(), values });
      return sql.trim().startsWith('SELECT') ? [rows] : [{ affectedRows: 1 }];
    },
  };
  const database = { table: (name: string) => `wp_svc_${name}`, pool: { getConnection: async () => connection } } as unknown as Database;
  return { database, statements };
}

const windows = { markThresholds: jest.fn(async () => undefined) } as unknown as BudgetLedger;
const share = (number: number, settledAt = Date.now()): SettledShare => ({
  leaseId: 'lse_1',
  budgetId: 'bgt_1',
  windowStart: '2026-11-01 00:00:00',
  number,
  cost: '0.01000000',
  settledAt,
});

describe('replaySettled', () => {
  it('adds the spend of the calls after the lease receipt, moves the receipt up and gives the dead lease back', async () => {
    const { database, statements } = fakeDatabase([
      { call_id: 'lse_1', amount: '0.50000000' },
      { call_id: 'lse_1#2', amount: '0.00000000' },
    ]);
    const result = await replaySettled(database, windows, [share(2), share(3), share(4)], async () => undefined);
    expect(result).toEqual({ added: 2_000_000n, skipped: 0 });
    expect(statements[0]!.values).toEqual(['lse_1', 'lse\\_1#%', 'bgt_1']); // the id's LIKE wildcard escaped
    expect(statements[1]!.values).toEqual(['0.02000000', '0.50000000', 'bgt_1', '2026-11-01 00:00:00']);
    expect(statements.map((statement) => statement.sql.split(' ').slice(0, 3).join(' '))).toEqual([
      'SELECT call_id, amount',
      'UPDATE wp_svc_budget_windows SET',
      'DELETE FROM wp_svc_budget_reservations',
      'DELETE FROM wp_svc_budget_reservations',
      'INSERT INTO wp_svc_budget_reservations',
    ]);
    expect(statements[4]!.values).toEqual(['lse_1#4', 'bgt_1', '2026-11-01 00:00:00']);
  });

  it('adds nothing for calls the receipt covers, and skips shares older than receipts last', async () => {
    const covered = fakeDatabase([{ call_id: 'lse_1#9', amount: '0.00000000' }]);
    expect(await replaySettled(covered.database, windows, [share(8), share(9)], async () => undefined)).toEqual({ added: 0n, skipped: 0 });
    expect(covered.statements).toHaveLength(1);
    const old = fakeDatabase([]);
    const dayAgo = Date.now() - 24 * 3_600_000;
    expect(await replaySettled(old.database, windows, [share(1, dayAgo)], async () => undefined)).toEqual({ added: 0n, skipped: 1 });
    expect(old.statements).toEqual([]);
  });
});
