import type { Database } from '../../db/connections';
import type { Logger } from '../../support/logger';
import type { SettledShare } from '../budgets/budget-guard';
import type { UsageJournal } from './journal';
import { COMPLETION_COLUMNS, completionTuple, OPEN_COLUMN_COUNT, OPEN_COLUMNS, type UsageCompletion } from './usage-row';
import { sqlText, sqlTimestamp } from './sql-values';

/** Adds a dead process's settled budget shares to their windows, once (router/budgets/lease-replay.ts). */
export interface SettledReplay {
  replaySettled(shares: readonly SettledShare[]): Promise<void>;
}

/** An answered call's journal line (recorder.ts `complete`): its open values, its final record, when it was made, its budget shares. */
interface Answered {
  row: unknown[];
  completion: UsageCompletion;
  completedAt: number;
  settled: SettledShare[];
}

const BATCH_MAX = 500;

/**
 * A completion written over a row only while it is `open` or `interrupted` (or missing): a row the
 * dead process did complete stays as it is. `status` is assigned last, so every condition reads
 * the row's status before this write.
 */
const REPLAY_UPDATES = [...COMPLETION_COLUMNS.filter((column) => column !== 'status'), 'status']
  .map((column) => `${column} = IF(status IN ('open', 'interrupted'), VALUES(${column}), ${column})`)
  .join(', ');

/**
 * Writes the journals processes now gone left behind (recorder.ts, docs/api-notes.md "Usage
 * rows"): each opened call's row as `interrupted` unless it is there (INSERT IGNORE), then each
 * answered call's row whole, as its final record said when its answer left, over an `open` or
 * `interrupted` one; and the answered calls' budget shares to `settlements`, which adds each once.
 * A file is deleted once all of it is written, else kept for the next sweep: every step is
 * idempotent, so any number of workers may replay at once. Returns how many rows were written.
 */
export async function replayJournals(
  database: Database,
  journal: UsageJournal,
  settlements: SettledReplay | null,
  logger: Logger,
): Promise<number> {
  const table = database.table('usage');
  let written = 0;
  for (const orphan of journal.orphans()) {
    const opened = orphan.rows.filter(
      (line): line is unknown[] => Array.isArray(line) && line.length === OPEN_COLUMN_COUNT && typeof line[0] === 'string',
    );
    const answered = orphan.rows.filter(isAnswered);
    try {
      for (let start = 0; start < opened.length; start += BATCH_MAX) {
        const [result] = await database.pool.query(`INSERT IGNORE INTO ${table} (${OPEN_COLUMNS}, status, completed_at) VALUES ?`, [
          opened.slice(start, start + BATCH_MAX).map((values) => [...openValues(values), 'interrupted', new Date()]),
        ]);
        written += (result as { affectedRows: number }).affectedRows;
      }
      for (let start = 0; start < answered.length; start += BATCH_MAX) {
        const tuples = answered
          .slice(start, start + BATCH_MAX)
          .map(({ row, completion, completedAt }) => `(${openTuple(row)}, ${completionTuple(completion, sqlTimestamp(completedAt))})`);
        await database.pool.query(
          `INSERT INTO ${table} (${OPEN_COLUMNS}, ${COMPLETION_COLUMNS.join(', ')}) VALUES ${tuples.join(',\n')} ON DUPLICATE KEY UPDATE ${REPLAY_UPDATES}`,
        );
      }
      written += answered.length;
      const shares = answered.flatMap((line) => line.settled.map((share) => ({ ...share, settledAt: line.completedAt })));
      if (shares.length > 0) {
        if (settlements) await settlements.replaySettled(shares);
        else logger.warn('budget spend in a usage journal not replayed: no budgets here', { path: orphan.path, shares: shares.length });
      }
      journal.discard(orphan.path);
    } catch (error) {
      logger.warn('could not write a usage journal left by a process that is gone; will try again at the next sweep', {
        path: orphan.path,
        error: String(error),
      });
    }
  }
  return written;
}

function isAnswered(line: unknown): line is Answered {
  if (typeof line !== 'object' || line === null || Array.isArray(line)) return false;
  const { row, completion, completedAt, settled } = line as Partial<Answered>;
  return (
    Array.isArray(row) &&
    row.length === OPEN_COLUMN_COUNT &&
    typeof row[0] === 'string' &&
    typeof completion === 'object' &&
    completion !== null &&
    typeof completedAt === 'number' &&
    Array.isArray(settled)
  );
}

/** A journal line's open values as insert values: its `started_at` is epoch ms (or, in a journal an earlier release wrote, ISO text). */
function openValues(values: unknown[]): unknown[] {
  const copy = [...values];
  const startedAt = copy[copy.length - 1];
  copy[copy.length - 1] = typeof startedAt === 'string' || typeof startedAt === 'number' ? new Date(startedAt) : startedAt;
  return copy;
}

/** A journal line's open values as SQL literals (the dead process's worker and boot among them). */
function openTuple(values: unknown[]): string {
  const text = values.slice(0, -1).map((value) => sqlText(typeof value === 'string' ? value : null));
  const startedAt = values[values.length - 1];
  return `${text.join(', ')}, ${sqlTimestamp(typeof startedAt === 'number' ? startedAt : Date.parse(String(startedAt)))}`;
}
