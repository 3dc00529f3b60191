import type { Database } from '../db/pool';
import type { Logger } from '../support/logger';
import type { PendingWrites } from '../support/pending-writes';

export type UsageStatus = 'open' | 'ok' | 'error' | 'aborted' | 'interrupted';

export interface UsageOpening {
  id: string;
  requestId: string;
  keyId: string;
  team: string;
  campaign: string;
  user: string;
  purpose: string | null;
  kind: 'chat' | 'stream' | 'embeddings';
}

export interface UsageCompletion {
  status: Exclude<UsageStatus, 'open' | 'interrupted'>;
  provider: string | null;
  model: string | null;
  attempts: number;
  promptTokens: number | null;
  completionTokens: number | null;
  usageEstimated: boolean;
  priceInputPerMtok: number | null;
  priceOutputPerMtok: number | null;
  cost: string | null;
  currency: string;
  latencyMs: number;
  firstTokenMs: number | null;
  errorCode: string | null;
}

const FLUSH_EVERY_MS = 200;
/** Rows opened within this window go to the database in one INSERT. */
const OPEN_EVERY_MS = 10;
const OPEN_BATCH_MAX = 200;
/** No call lives longer than this; an open row older than that was left by a crash. */
const STALE_AFTER_MINUTES = 60;

/**
 * One usage row per call. `open` queues the row, inserted within 10 ms together with the other
 * rows opened meanwhile — concurrently with the upstream request, the caller never waits;
 * `complete` queues the final figures, written in batches every 200 ms, after that row's
 * insert. A restart closes this worker's rows left open by the
 * previous process as `interrupted` (usage unknown), so no call goes unrecorded.
 */
export class UsageRecorder {
  private readonly inserts = new Map<string, Promise<unknown>>();
  private opening: Array<UsageOpening & { startedAt: Date }> = [];
  private openBatch: ReturnType<UsageRecorder['deferred']> | null = null;
  private openTimer: NodeJS.Timeout | null = null;
  private queue: Array<{ id: string; completion: UsageCompletion }> = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly pending: PendingWrites,
    private readonly logger: Logger,
    private readonly worker: { name: string; boot: string },
  ) {
    pending.onFlush(() => this.flush());
  }

  open(opening: UsageOpening): void {
    this.opening.push({ ...opening, startedAt: new Date() });
    this.openBatch ??= this.deferred();
    this.inserts.set(opening.id, this.openBatch.promise);
    if (this.opening.length >= OPEN_BATCH_MAX) void this.flushOpens();
    else this.openTimer ??= setTimeout(() => void this.flushOpens(), OPEN_EVERY_MS);
  }

  /** One multi-row INSERT for the rows opened in the last few milliseconds. */
  private async flushOpens(): Promise<void> {
    if (this.openTimer) clearTimeout(this.openTimer);
    this.openTimer = null;
    const rows = this.opening;
    const batch = this.openBatch;
    this.opening = [];
    this.openBatch = null;
    if (rows.length === 0 || !batch) return;
    const insert = this.database.pool.query(
      `INSERT INTO ${this.database.table('usage')}
        (id, request_id, key_id, team, campaign, end_user, purpose, kind, status, worker, boot, started_at) VALUES ?`,
      [rows.map((row) => [row.id, row.requestId, row.keyId, row.team, row.campaign, row.user, row.purpose, row.kind, 'open',
        this.worker.name, this.worker.boot, row.startedAt])],
    );
    insert.then(() => batch.resolve(), batch.reject);
    this.pending.track(insert, (error) => this.logger.error('could not open usage rows', { rows: rows.length, error: String(error) }));
    await insert.catch(() => undefined);
  }

  private deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void } {
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<void>((done, fail) => {
      resolve = done;
      reject = fail;
    });
    promise.catch(() => undefined);
    return { promise, resolve, reject };
  }

  complete(id: string, completion: UsageCompletion): void {
    this.queue.push({ id, completion });
    if (!this.timer) this.timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
  }

  /** Writes every queued completion (also called on shutdown). */
  async flush(): Promise<void> {
    await this.flushOpens();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    await Promise.allSettled(batch.map(({ id }) => this.inserts.get(id)));
    const connection = await this.database.pool.getConnection();
    try {
      await connection.beginTransaction();
      for (const { id, completion: row } of batch) {
        await connection.execute(
          `UPDATE ${this.database.table('usage')} SET status = ?, provider = ?, model = ?, attempts = ?, prompt_tokens = ?,
             completion_tokens = ?, total_tokens = ?, usage_estimated = ?, price_input_per_mtok = ?, price_output_per_mtok = ?,
             cost = ?, currency = ?, latency_ms = ?, first_token_ms = ?, error_code = ?, completed_at = UTC_TIMESTAMP(3)
           WHERE id = ?`,
          [row.status, row.provider, row.model, row.attempts, row.promptTokens, row.completionTokens,
            row.promptTokens === null || row.completionTokens === null ? null : row.promptTokens + row.completionTokens,
            row.usageEstimated ? 1 : 0, row.priceInputPerMtok, row.priceOutputPerMtok, row.cost, row.currency,
            Math.round(row.latencyMs), row.firstTokenMs === null ? null : Math.round(row.firstTokenMs), row.errorCode, id],
        );
      }
      await connection.commit();
      for (const { id } of batch) this.inserts.delete(id);
    } catch (error) {
      await connection.rollback().catch(() => undefined);
      this.queue.unshift(...batch);
      this.logger.error('could not complete usage rows; will retry', { rows: batch.length, error: String(error) });
      if (!this.timer) this.timer = setTimeout(() => void this.flush(), 1000);
    } finally {
      connection.release();
    }
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
}
