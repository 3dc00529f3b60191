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
/** No call lives longer than this; an open row older than that was left by a crash. */
const STALE_AFTER_MINUTES = 60;

/**
 * One usage row per call. `open` inserts the row concurrently with the upstream request (the
 * caller does not wait); `complete` queues the final figures, written in batches every
 * 200 ms, after that row's insert. A restart closes this worker's rows left open by the
 * previous process as `interrupted` (usage unknown), so no call goes unrecorded.
 */
export class UsageRecorder {
  private readonly inserts = new Map<string, Promise<unknown>>();
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
    const insert = this.database.pool.execute(
      `INSERT INTO ${this.database.table('usage')}
        (id, request_id, key_id, team, campaign, end_user, purpose, kind, status, worker, boot, started_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, UTC_TIMESTAMP(3))`,
      [opening.id, opening.requestId, opening.keyId, opening.team, opening.campaign, opening.user, opening.purpose,
        opening.kind, this.worker.name, this.worker.boot],
    );
    this.inserts.set(opening.id, insert);
    this.pending.track(insert, (error) => this.logger.error('could not open a usage row', { usage_id: opening.id, error: String(error) }));
  }

  complete(id: string, completion: UsageCompletion): void {
    this.queue.push({ id, completion });
    if (!this.timer) this.timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
  }

  /** Writes every queued completion (also called on shutdown). */
  async flush(): Promise<void> {
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
