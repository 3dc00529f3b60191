import type { Database } from '../../db/connections';
import { GroupCommit } from '../../support/group-commit';
import type { Logger } from '../../support/logger';
import type { PendingWrites } from '../../support/pending-writes';
import { NO_MARKUP, type MarkupSource } from './billing';
import type { SettledShare } from '../budgets/budget-guard';
import { completionKey, type JournalRow, type UsageJournal } from './journal';
import { replayJournals, type SettledReplay } from './replay';
import { sqlText, sqlTimestamp } from './sql-values';
import { COMPLETION_COLUMNS, completionTuple, OPEN_COLUMNS, type UsageCompletion } from './usage-row';

export type { UsageCompletion, UsageStatus } from './usage-row';

export interface UsageOpening {
  id: string;
  requestId: string;
  keyId: string;
  team: string;
  campaign: string;
  user: string;
  purpose: string | null;
  kind: 'chat' | 'stream' | 'embeddings' | 'responses' | 'messages' | 'images';
}

const FLUSH_EVERY_MS = 200;
/**
 * With a journal, a call still running after this long gets its `open` row in MySQL (not
 * awaited: visibility of long calls and streams); shorter ones are written once, whole, by
 * their completion — at saturation that halves the database's row writes.
 */
const OPEN_AFTER_MS = 1000;
/** The longest an answer waits for its opening insert: a database that hangs does not hold answers. */
const OPEN_WAIT_MAX_MS = 1000;
const OPEN_BATCH_MAX = 500;
/** No call lives longer than this; an open row older than that was left by a crash. */
const STALE_AFTER_MINUTES = 60;

/**
 * One usage row per call, durable before the call's answer leaves (so a `kill -9` loses no
 * answered call). With a journal (usage-journal.ts, the default), `open` queues the row for
 * local disk — the rows of every call opened in one turn of the event loop are appended with
 * one synchronous write right after it, and each answer waits for its row's write, which is
 * done long before — and nothing waits for MySQL: a call still running
 * after 1 s gets its `open` row (most calls' rows are written once, whole, by their
 * completion), and a dead process's journal is replayed by the next worker that looks
 * (replayOrphans). Without a journal (SVC_USAGE_JOURNAL_DIR=off, or a disk that refuses),
 * `open` starts the row's insert at once — concurrently with the upstream
 * request — and returns a promise the answer awaits (CallRecord.opened): one insert in flight
 * at a time, the rows opened meanwhile sent together as one multi-row INSERT when it returns
 * (support/group-commit.ts). A call completed before its opening was sent (an instant answer
 * under load) goes out whole in that same write. If the insert fails (database down) or takes
 * over OPEN_WAIT_MAX_MS, the answer is not held back — availability first — nor are the next
 * ones until an insert succeeds again, and the completion records the row later: only a
 * `kill -9` before that completion is written loses it.
 * `complete` queues the final figures, written every 200 ms as one multi-row upsert that
 * carries the whole row (the opening insert ignores a row that already exists, so the two
 * may land in either order). With a journal, the final record is journaled before the answer
 * leaves (`complete`), so a killed worker's answered calls are written whole by the replay;
 * without one, completions are not awaited and such rows stay `open`, closed as `interrupted`
 * by the sweep. A restart closes this worker's rows
 * left open by the previous process as `interrupted`, and every running worker closes other
 * processes' rows open longer than any call lasts (closeStale), so no row stays open.
 */
/** `startedAt` in epoch milliseconds. */
type OpenRow = UsageOpening & { startedAt: number };
/** `completedAt` in epoch milliseconds: when the call's final record was made, before its answer left. */
type Completed = { row: OpenRow; completion: UsageCompletion; completedAt: number };

const COMPLETION_UPDATES = COMPLETION_COLUMNS.map((column) => `${column} = VALUES(${column})`).join(', ');

export class UsageRecorder {
  /** Rows of calls in flight (opened, not yet completed). */
  private readonly inFlight = new Map<string, OpenRow>();
  private readonly openings = new GroupCommit<OpenRow>((rows) => this.writeOpenings(rows), OPEN_WAIT_MAX_MS);
  /** Opening inserts are failing (logged once until one succeeds again). */
  private openingsFailing = false;
  /** Journaled openings waiting to be sent to MySQL if their calls outlast OPEN_AFTER_MS. */
  private delayed: OpenRow[] = [];
  /** Openings not yet in the journal: written together once this turn of the event loop is done. */
  private journalBatch: OpenRow[] = [];
  /** Resolves the promise the batch's calls wait on before their answers leave. */
  private journalBatchWritten: (() => void) | null = null;
  private journalBatchPromise: Promise<void> = RESOLVED;
  private delayTimer: NodeJS.Timeout | null = null;
  /** Answered calls' final records not yet in the journal: written together at the next check phase, before their answers leave. */
  private answeredBatch: JournalRow[] = [];
  private answeredWritten: (() => void) | null = null;
  private answeredPromise: Promise<void> = RESOLVED;
  /** Replays a dead process's settled budget shares (router/budgets/, wired by router-services.ts); none: its spend is not replayed. */
  settlements: SettledReplay | null = null;
  /** Completions not written yet, by usage id. */
  private queue = new Map<string, Completed>();
  private timer: NodeJS.Timeout | null = null;
  /** This worker's name and boot as SQL literals, the same in every row. */
  private readonly workerLiterals: string;

  constructor(
    private readonly database: Database,
    pending: PendingWrites,
    private readonly logger: Logger,
    private readonly worker: { name: string; boot: string },
    private readonly journal: UsageJournal | null = null,
    /** The sites' resale markups, for each row's `billed` (router/usage/billing.ts). */
    readonly markup: MarkupSource = NO_MARKUP,
  ) {
    pending.onFlush(() => this.flush());
    this.workerLiterals = `${sqlText(worker.name)}, ${sqlText(worker.boot)}`;
  }

  /**
   * Makes the row durable; resolves once it is (journaled, or in MySQL — or its insert failed or
   * hung: see above). Never rejects. The journal is written once per turn of the event loop for
   * every call opened in it, after the upstream requests of those calls left and long before any
   * of their answers can, so neither a call's start nor its answer waits for a write. "After"
   * takes two immediates: undici (7.30+) writes a request on an idle keep-alive connection only
   * in the check phase, from an immediate of its own (idle-socket validation,
   * GHSA-35p6-xmwp-9g52), queued behind one this call scheduled earlier.
   */
  open(opening: UsageOpening): Promise<void> {
    const row: OpenRow = {
      id: opening.id,
      requestId: opening.requestId,
      keyId: opening.keyId,
      team: opening.team,
      campaign: opening.campaign,
      user: opening.user,
      purpose: opening.purpose,
      kind: opening.kind,
      startedAt: Date.now(),
    };
    this.inFlight.set(row.id, row);
    if (!this.journal) return this.openings.add(row);
    this.journalBatch.push(row);
    if (!this.journalBatchWritten) {
      this.journalBatchPromise = new Promise((resolve) => {
        this.journalBatchWritten = resolve;
      });
      setImmediate(() => setImmediate(() => this.writeJournalBatch()));
    }
    return this.journalBatchPromise;
  }

  /** The openings of this turn to the journal in one write — or, when the disk refuses, to MySQL, which their answers then wait for. */
  private writeJournalBatch(): void {
    const written = this.journalBatchWritten;
    if (!written) return; // already written (flush)
    const rows = this.journalBatch;
    this.journalBatch = [];
    this.journalBatchWritten = null;
    if (!this.journal!.append(rows.map((row) => ({ id: row.id, values: this.journalValues(row) })))) {
      void Promise.all(rows.map((row) => this.openings.add(row))).then(() => written());
      return;
    }
    for (const row of rows) this.delayed.push(row);
    this.delayTimer ??= setTimeout(() => this.sendDelayed(), OPEN_AFTER_MS);
    written();
  }

  /**
   * The journaled openings of calls running for OPEN_AFTER_MS (all of them when `everything`),
   * to MySQL as `open` rows — nobody waits for them; ended calls are dropped, younger ones wait.
   */
  private sendDelayed(everything = false): void {
    if (this.delayTimer) clearTimeout(this.delayTimer);
    this.delayTimer = null;
    const due = Date.now() - OPEN_AFTER_MS;
    const waiting: OpenRow[] = [];
    for (const row of this.delayed) {
      if (!this.inFlight.has(row.id)) continue;
      if (everything || row.startedAt <= due) void this.openings.add(row);
      else waiting.push(row);
    }
    this.delayed = waiting;
    if (waiting.length > 0) this.delayTimer = setTimeout(() => this.sendDelayed(), waiting[0]!.startedAt + OPEN_AFTER_MS - Date.now());
  }

  /**
   * Writes the journals that processes now gone left behind (replay.ts): an answered call's row as
   * its final record said, one still in flight as `interrupted`, unless its row is already complete;
   * then deletes them. At start and with every usage sweep. Returns how many rows were written.
   */
  replayOrphans(): Promise<number> {
    return this.journal ? replayJournals(this.database, this.journal, this.settlements, this.logger) : Promise.resolve(0);
  }

  /**
   * The call's final record, made before its answer leaves: queued for MySQL (every 200 ms) and,
   * with a journal, appended to it with the call's settled budget shares — the records of every
   * call answered in one turn of the event loop with one write, at its check phase. The answer
   * waits for that write (the promise; never rejects), so a `kill -9` after it keeps the row and
   * the spend it said (replay.ts).
   */
  complete(id: string, completion: UsageCompletion, settled: readonly SettledShare[] = []): Promise<void> {
    const row = this.inFlight.get(id);
    if (!row) {
      this.logger.error('usage completion for a call never opened', { usage_id: id });
      return RESOLVED;
    }
    this.inFlight.delete(id);
    const completedAt = Date.now();
    this.queue.set(id, { row, completion, completedAt });
    this.timer ??= setTimeout(() => void this.writeQueued(), FLUSH_EVERY_MS);
    if (!this.journal) return RESOLVED;
    this.answeredBatch.push({ id: completionKey(id), values: { row: this.journalValues(row), completion, completedAt, settled } });
    if (!this.answeredWritten) {
      this.answeredPromise = new Promise((resolve) => {
        this.answeredWritten = resolve;
      });
      setImmediate(() => this.writeAnswered());
    }
    return this.answeredPromise;
  }

  /** This turn's final records to the journal in one write; when the disk refuses, the answers go out all the same (MySQL has them within 200 ms). */
  private writeAnswered(): void {
    const written = this.answeredWritten;
    if (!written) return;
    const rows = this.answeredBatch;
    this.answeredBatch = [];
    this.answeredWritten = null;
    this.journal!.append(rows);
    written();
  }

  /** At a graceful stop: everything written, the journal is deleted. */
  async close(): Promise<void> {
    await this.flush();
    await this.journalBatchPromise;
    if (this.queue.size === 0) this.journal?.close();
  }

  /** Writes every queued opening and completion (shutdown, the operator CLI). */
  async flush(): Promise<void> {
    this.writeJournalBatch();
    this.writeAnswered();
    this.sendDelayed(true);
    await this.writeQueued();
  }

  /** Writes the queued completions (every 200 ms), after any opening insert in flight. */
  private async writeQueued(): Promise<void> {
    await this.openings.drain();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.queue.values()];
    this.queue = new Map();
    const error = await this.writeCompletions(batch);
    if (error) this.logger.error('could not complete usage rows; will retry', { rows: batch.length, error: String(error) });
  }

  /** One multi-row upsert of whole rows; on failure (returned) they go back to the queue, retried in a second. */
  private async writeCompletions(batch: Completed[]): Promise<unknown> {
    if (batch.length === 0) return null;
    try {
      const tuples = batch.map(
        ({ row, completion, completedAt }) => `(${this.openTuple(row)}, ${completionTuple(completion, sqlTimestamp(completedAt))})`,
      );
      await this.database.pool.query(
        `INSERT INTO ${this.database.table('usage')} (${OPEN_COLUMNS}, ${COMPLETION_COLUMNS.join(', ')}) VALUES ${tuples.join(',\n')}
         ON DUPLICATE KEY UPDATE ${COMPLETION_UPDATES}`,
      );
      this.journal?.confirm(batch.flatMap(({ row }) => [row.id, completionKey(row.id)]));
      return null;
    } catch (error) {
      for (const entry of batch) if (!this.queue.has(entry.row.id)) this.queue.set(entry.row.id, entry);
      this.timer ??= setTimeout(() => void this.writeQueued(), 1000);
      return error;
    }
  }

  /**
   * One group-commit batch: rows still in flight as `open` (INSERT IGNORE: a completion may
   * have landed first), rows already completed whole (their completion taken off the queue).
   */
  private async writeOpenings(rows: OpenRow[]): Promise<void> {
    const completed: Completed[] = [];
    const open: OpenRow[] = [];
    for (const row of rows) {
      const entry = this.queue.get(row.id);
      if (entry) {
        this.queue.delete(row.id);
        completed.push(entry);
      } else open.push(row);
    }
    const writes = [this.writeCompletions(completed)];
    for (let start = 0; start < open.length; start += OPEN_BATCH_MAX)
      writes.push(this.insertOpen(open.slice(start, start + OPEN_BATCH_MAX)));
    const error = (await Promise.all(writes)).find((failure) => failure !== null);
    if (error === undefined && this.openingsFailing) this.logger.info('usage rows are written before their answers again');
    if (error !== undefined && !this.openingsFailing) {
      this.logger.warn('could not open usage rows: answers go out without waiting, their completions record them', {
        rows: rows.length,
        error: String(error),
      });
    }
    this.openingsFailing = error !== undefined;
    if (error !== undefined) throw error; // the next callers do not wait (GroupCommit) until an insert succeeds
  }

  private async insertOpen(rows: OpenRow[]): Promise<unknown> {
    try {
      const tuples = rows.map((row) => `(${this.openTuple(row)}, 'open')`);
      await this.database.pool.query(
        `INSERT IGNORE INTO ${this.database.table('usage')} (${OPEN_COLUMNS}, status) VALUES ${tuples.join(',\n')}`,
      );
      this.journal?.confirm(rows.map((row) => row.id));
      return null;
    } catch (error) {
      return error;
    }
  }

  /** The open columns' values, as a journal line holds them (`started_at` in epoch ms). */
  private journalValues(row: OpenRow): unknown[] {
    return [
      row.id,
      row.requestId,
      row.keyId,
      row.team,
      row.campaign,
      row.user,
      row.purpose,
      row.kind,
      this.worker.name,
      this.worker.boot,
      row.startedAt,
    ];
  }

  /** The open columns' values as SQL literals (usage-sql.ts). */
  private openTuple(row: OpenRow): string {
    return `${sqlText(row.id)}, ${sqlText(row.requestId)}, ${sqlText(row.keyId)}, ${sqlText(row.team)}, ${sqlText(row.campaign)}, ${sqlText(row.user)}, ${sqlText(row.purpose)}, ${sqlText(row.kind)}, ${this.workerLiterals}, ${sqlTimestamp(row.startedAt)}`;
  }

  /** At start: rows this worker's earlier process (or any stale one) left open → interrupted. */
  async closeInterrupted(): Promise<number> {
    const [result] = await this.database.pool.execute(
      `UPDATE ${this.database.table('usage')} SET status = 'interrupted', completed_at = UTC_TIMESTAMP(3)
        WHERE status = 'open' AND ((worker = ? AND boot <> ?) OR started_at < UTC_TIMESTAMP(3) - INTERVAL ${STALE_AFTER_MINUTES} MINUTE)`,
      [this.worker.name, this.worker.boot],
    );
    return (result as { affectedRows: number }).affectedRows;
  }

  /**
   * While running (worker/src/router/usage/sweep.ts): rows another process opened more than
   * `staleAfterMs` ago and never closed → interrupted. A worker killed for good (kill -9, a lost
   * host) never restarts to close its own rows; any live worker does it. This process's own rows
   * are left alone (its calls in flight complete them), and a call that does end after all
   * overwrites the row with its real figures (the completion upsert carries the whole row).
   */
  async closeStale(staleAfterMs: number): Promise<number> {
    const [result] = await this.database.pool.execute(
      `UPDATE ${this.database.table('usage')} SET status = 'interrupted', completed_at = UTC_TIMESTAMP(3)
        WHERE status = 'open' AND started_at < UTC_TIMESTAMP(3) - INTERVAL ? MICROSECOND AND NOT (worker = ? AND boot = ?)`,
      [String(staleAfterMs * 1000), this.worker.name, this.worker.boot],
    );
    return (result as { affectedRows: number }).affectedRows;
  }
}

const RESOLVED = Promise.resolve();
