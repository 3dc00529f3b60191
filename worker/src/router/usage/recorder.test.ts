import type { Database } from '../../db/connections';
import { silentLogger } from '../../support/logger';
import { PendingWrites } from '../../support/pending-writes';
import { insertedRows } from '../__fixtures__/sql-values';
import type { UsageJournal } from './journal';
import { UsageRecorder, type UsageCompletion } from './recorder';

const completion: UsageCompletion = {
  status: 'ok',
  provider: 'openai',
  model: 'openai/gpt-4o-mini',
  attempts: 1,
  promptTokens: 4,
  completionTokens: 5,
  cachedTokens: 2,
  cacheWriteTokens: 0,
  reasoningTokens: 3,
  usageEstimated: false,
  priceInputPerMtok: 0.15,
  priceOutputPerMtok: 0.6,
  priceCacheReadPerMtok: 0.075,
  priceCacheWritePerMtok: 0,
  cost: '0.00000345',
  providerCost: '0.00000350',
  billed: '0.00000438',
  currency: 'USD',
  latencyMs: 12.4,
  firstTokenMs: 3.2,
  errorCode: null,
};

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Whether `promise` has settled once everything already queued has run (a journal write takes two turns). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await nextTurn();
  await nextTurn();
  return done;
}

/** A database whose statements wait until the test lets them return (or fail). */
function gatedDatabase() {
  const statements: Array<{ sql: string; ids: unknown[]; succeed: () => void; fail: () => void }> = [];
  const database = {
    table: (name: string) => `wp_svc_${name}`,
    pool: {
      query: (sql: string, values?: [unknown[][]]) =>
        new Promise((resolve, reject) => {
          const rows = values ? values[0] : insertedRows(sql);
          const kind = sql.trim().split(/\s+/).slice(0, 2).join(' ');
          statements.push({
            sql: kind,
            ids: rows.map((row) => row[0]),
            succeed: () => resolve([{ affectedRows: rows.length }]),
            fail: () => reject(new Error('connection lost')),
          });
        }),
    },
  } as unknown as Database;
  return { database, statements, shape: () => statements.map((statement) => [statement.sql, statement.ids]) };
}

function fakeDatabase(failFirst: boolean) {
  const statements: Array<{ sql: string; rows: unknown[][] }> = [];
  let calls = 0;
  const database = {
    table: (name: string) => `wp_svc_${name}`,
    pool: {
      query: async (sql: string, values?: [unknown[][]]) => {
        const rows = values ? values[0] : insertedRows(sql);
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
  const opening = {
    id: 'usg_1',
    requestId: 'req_1',
    keyId: 'key_1',
    team: 'growth',
    campaign: 'spring',
    user: '',
    purpose: null,
    kind: 'chat' as const,
  };
  const worker = { name: 'host:8787', boot: 'b1' };

  it('records the whole call with its completion even when the opening insert failed', async () => {
    const { database, statements } = fakeDatabase(true);
    const recorder = new UsageRecorder(database, new PendingWrites(), silentLogger, worker);
    await recorder.open(opening); // the opening insert runs (and fails): the answer is not held back
    recorder.complete('usg_1', completion);
    await recorder.flush();
    expect(statements).toHaveLength(1);
    expect(statements[0]!.sql).toMatch(/^INSERT INTO wp_svc_usage .*ON DUPLICATE KEY UPDATE/s);
    const [row] = statements[0]!.rows;
    expect(row!.slice(0, 11)).toEqual([
      'usg_1',
      'req_1',
      'key_1',
      'growth',
      'spring',
      '',
      null,
      'chat',
      'host:8787',
      'b1',
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/),
    ]);
    expect(row!.slice(11, 18)).toEqual(['ok', 'openai', 'openai/gpt-4o-mini', 1, 4, 5, 9]);
    const named = Object.fromEntries(
      statements[0]!.sql
        .match(/\(([^)]*)\) VALUES/)![1]!
        .split(',')
        .map((column, index) => [column.trim(), row![index]]),
    );
    expect(named).toMatchObject({
      cached_tokens: 2,
      cache_write_tokens: 0,
      reasoning_tokens: 3,
      price_cache_read_per_mtok: 0.075,
      price_cache_write_per_mtok: 0,
      cost: '0.00000345',
      provider_cost: '0.00000350',
      billed: '0.00000438',
      currency: 'USD',
    });
  });

  it('resolves an opening only once its row is in the database', async () => {
    const { database, statements, shape } = gatedDatabase();
    const recorder = new UsageRecorder(database, new PendingWrites(), silentLogger, worker);
    const opened = recorder.open(opening);
    expect(shape()).toEqual([['INSERT IGNORE', ['usg_1']]]); // sent at once, no timer
    expect(await settled(opened)).toBe(false);
    statements[0]!.succeed();
    expect(await settled(opened)).toBe(true);
  });

  it('sends the rows opened during an insert as one INSERT when it returns; a row completed before that goes out whole, once', async () => {
    const { database, statements, shape } = gatedDatabase();
    const recorder = new UsageRecorder(database, new PendingWrites(), silentLogger, worker);
    const first = recorder.open(opening);
    const second = recorder.open({ ...opening, id: 'usg_2' });
    const third = recorder.open({ ...opening, id: 'usg_3' });
    recorder.complete('usg_2', completion); // an instant answer, waiting for its row
    statements[0]!.succeed();
    expect(await settled(first)).toBe(true);
    expect(shape()).toEqual([
      ['INSERT IGNORE', ['usg_1']],
      ['INSERT INTO', ['usg_2']], // whole (ON DUPLICATE KEY UPDATE), its completion taken off the queue
      ['INSERT IGNORE', ['usg_3']],
    ]);
    expect(await settled(second)).toBe(false);
    statements[1]!.succeed();
    expect(await settled(second)).toBe(false); // the batch is one unit: usg_3's insert is still out
    statements[2]!.succeed();
    expect(await Promise.all([settled(second), settled(third)])).toEqual([true, true]);
    const flushed = recorder.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(shape()).toHaveLength(3); // nothing left to complete: usg_2 was written once
    await flushed;
  });

  it('lets the answers go while openings fail (logged once), still tries each row and keeps the completion for the next flush', async () => {
    const { database, statements, shape } = gatedDatabase();
    const warnings: string[] = [];
    const logger = { ...silentLogger, warn: (message: string) => void warnings.push(message) };
    const recorder = new UsageRecorder(database, new PendingWrites(), logger, worker);
    const first = recorder.open(opening);
    const second = recorder.open({ ...opening, id: 'usg_2' });
    recorder.complete('usg_2', completion);
    statements[0]!.fail();
    await first;
    statements[1]!.fail(); // usg_2 whole, in the opening batch: goes back to the completion queue
    await second;
    expect(warnings).toHaveLength(1);
    const during = recorder.open({ ...opening, id: 'usg_3' });
    expect(await settled(during)).toBe(true); // the database is failing: answers stop waiting for it
    expect(shape()[2]).toEqual(['INSERT IGNORE', ['usg_3']]); // still tried
    statements[2]!.succeed();
    const flushed = recorder.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(shape()[3]).toEqual(['INSERT INTO', ['usg_2']]);
    statements[3]!.succeed();
    await flushed;
  });
});

describe('UsageRecorder with a journal', () => {
  const opening = {
    id: 'usg_1',
    requestId: 'req_1',
    keyId: 'key_1',
    team: 'growth',
    campaign: 'spring',
    user: '',
    purpose: null,
    kind: 'chat' as const,
  };
  const worker = { name: 'host:8787', boot: 'b1' };

  /** A journal that keeps what it is told (router/usage/journal.ts is tested on disk beside it). */
  function fakeJournal(accepts = true) {
    const appended: string[][] = [];
    const lines: unknown[] = [];
    const confirmed: string[] = [];
    const journal = {
      append: (rows: { id: string; values: unknown }[]) =>
        accepts ? (appended.push(rows.map((row) => row.id)), lines.push(...rows.map((row) => row.values)), true) : false,
      confirm: (ids: Iterable<string>) => void confirmed.push(...ids),
      orphans: () => [
        {
          path: '/journal/dead.jsonl',
          rows: [['usg_9', 'req_9', 'key_1', 'e2e', '', '', null, 'chat', 'host:9', 'b0', '2026-11-24T20:00:00.000Z']],
        },
      ],
      discard: jest.fn(),
      close: jest.fn(),
    } as unknown as UsageJournal;
    return { journal, appended, lines, confirmed };
  }

  afterEach(() => jest.useRealTimers());

  it('answers without waiting for MySQL once the row is journaled, and confirms it when written', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const { database, shape, statements } = gatedDatabase();
    const { journal, appended, confirmed } = fakeJournal();
    const recorder = new UsageRecorder(database, new PendingWrites(), silentLogger, worker, journal);
    expect(await settled(recorder.open(opening))).toBe(true);
    expect(appended).toEqual([['usg_1']]);
    expect(shape()).toEqual([]); // nothing sent yet: only a call still running after 1 s gets an open row
    await jest.advanceTimersByTimeAsync(999);
    expect(shape()).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(shape()).toEqual([['INSERT IGNORE', ['usg_1']]]);
    statements[0]!.succeed();
    await Promise.resolve();
    await Promise.resolve();
    expect(confirmed).toEqual(['usg_1']);
  });

  it('journals the calls opened in one turn of the event loop with one write, after their upstream requests left, before any of them can answer', async () => {
    const { database, shape } = gatedDatabase();
    const { journal, appended } = fakeJournal();
    const recorder = new UsageRecorder(database, new PendingWrites(), silentLogger, worker, journal);
    const events: string[] = [];
    const first = recorder.open(opening);
    const second = recorder.open({ ...opening, id: 'usg_2' });
    // What undici does with a request on an idle keep-alive connection: it writes it from an immediate.
    setImmediate(() => events.push(`upstream requests written, journal lines: ${appended.length}`));
    expect(appended).toEqual([]); // nothing written while the turn that opened them runs
    let answered = false;
    void Promise.all([first, second]).then(() => (answered = true));
    await Promise.resolve();
    expect(answered).toBe(false);
    await nextTurn();
    await nextTurn();
    expect(events).toEqual(['upstream requests written, journal lines: 0']);
    expect(appended).toEqual([['usg_1', 'usg_2']]);
    expect(answered).toBe(true);
    await recorder.open({ ...opening, id: 'usg_3' });
    expect(appended).toEqual([['usg_1', 'usg_2'], ['usg_3']]);
    expect(shape()).toEqual([]);
  });

  it('writes the journal at once when flushed (shutdown), without waiting for the turn to end', async () => {
    const { database } = fakeDatabase(false);
    const { journal, appended } = fakeJournal();
    const recorder = new UsageRecorder(database, new PendingWrites(), silentLogger, worker, journal);
    void recorder.open(opening);
    const flushed = recorder.flush();
    expect(appended).toEqual([['usg_1']]);
    await flushed;
    await nextTurn();
    await nextTurn();
    expect(appended).toEqual([['usg_1']]); // the turn's own write finds nothing left
  });

  it('sends no opening for a call answered within a second: its completion writes it whole and confirms it', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    const { database, shape, statements } = gatedDatabase();
    const { journal, confirmed } = fakeJournal();
    const recorder = new UsageRecorder(database, new PendingWrites(), silentLogger, worker, journal);
    await recorder.open(opening);
    recorder.complete('usg_1', completion);
    await jest.advanceTimersByTimeAsync(200);
    expect(shape()).toEqual([['INSERT INTO', ['usg_1']]]);
    statements[0]!.succeed();
    await Promise.resolve();
    await Promise.resolve();
    expect(confirmed).toEqual(['usg_1', 'usg_1/answered']);
  });

  it("journals an answered call's final record and budget shares with one write per turn, and the answers wait for it", async () => {
    const { database } = gatedDatabase();
    const { journal, appended, lines } = fakeJournal();
    const recorder = new UsageRecorder(database, new PendingWrites(), silentLogger, worker, journal);
    await recorder.open(opening);
    await recorder.open({ ...opening, id: 'usg_2' });
    const share = { leaseId: 'lse_1', budgetId: 'bgt_1', windowStart: '2026-11-24 00:00:00', number: 7, cost: '0.00000350' };
    const first = recorder.complete('usg_1', completion, [share]);
    const second = recorder.complete('usg_2', { ...completion, status: 'error' });
    expect(appended).toEqual([['usg_1'], ['usg_2']]); // nothing more written while the turn that answered runs
    expect(await settled(Promise.all([first, second]))).toBe(true);
    expect(appended).toEqual([['usg_1'], ['usg_2'], ['usg_1/answered', 'usg_2/answered']]);
    expect(lines.at(-2)).toMatchObject({ completion, settled: [share] });
    expect((lines.at(-2) as { row: unknown[] }).row.slice(0, 10)).toEqual([
      'usg_1',
      'req_1',
      'key_1',
      'growth',
      'spring',
      '',
      null,
      'chat',
      'host:8787',
      'b1',
    ]);
    expect(lines.at(-1)).toMatchObject({ completion: { status: 'error' }, settled: [] });
  });

  it('waits for MySQL as without a journal when the disk refuses', async () => {
    const { database, statements } = gatedDatabase();
    const { journal } = fakeJournal(false);
    const recorder = new UsageRecorder(database, new PendingWrites(), silentLogger, worker, journal);
    const opened = recorder.open(opening);
    expect(await settled(opened)).toBe(false);
    statements[0]!.succeed();
    expect(await settled(opened)).toBe(true);
  });

  it("writes a dead process's journal as interrupted rows (never over a row already there), then deletes it", async () => {
    const { database, statements } = fakeDatabase(false);
    const { journal } = fakeJournal();
    const recorder = new UsageRecorder(database, new PendingWrites(), silentLogger, worker, journal);
    expect(await recorder.replayOrphans()).toBe(1);
    expect(statements[0]!.sql).toContain('INSERT IGNORE');
    const row = statements[0]!.rows[0]!;
    expect(row.slice(0, 10)).toEqual(['usg_9', 'req_9', 'key_1', 'e2e', '', '', null, 'chat', 'host:9', 'b0']);
    expect(row[10]).toEqual(new Date('2026-11-24T20:00:00.000Z'));
    expect(row[11]).toBe('interrupted');
    expect(journal.discard).toHaveBeenCalledWith('/journal/dead.jsonl');
  });

  it('skips journal lines that are not rows, and keeps a journal it could not write for the next sweep', async () => {
    const { journal } = fakeJournal();
    const orphan = {
      path: '/journal/dead.jsonl',
      rows: [['usg_9', 'req_9', 'key_1', 'e2e', '', '', null, 'chat', 'host:9', 'b0', '2026-11-24T20:00:00.000Z'], ['torn'], [42]],
    };
    (journal as unknown as { orphans: () => unknown[] }).orphans = () => [orphan];
    const written = fakeDatabase(false);
    expect(await new UsageRecorder(written.database, new PendingWrites(), silentLogger, worker, journal).replayOrphans()).toBe(1);
    expect(written.statements[0]!.rows.map((row) => row[0])).toEqual(['usg_9']);
    (journal.discard as jest.Mock).mockClear();
    const down = fakeDatabase(true);
    expect(await new UsageRecorder(down.database, new PendingWrites(), silentLogger, worker, journal).replayOrphans()).toBe(0);
    expect(journal.discard).not.toHaveBeenCalled();
  });
});
