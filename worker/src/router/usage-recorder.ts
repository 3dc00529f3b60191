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
  kind: 'chat' | 'stream' | 'embeddings' | 'responses';
}

export interface UsageCompletion {
  status: Exclude<UsageStatus, 'open' | 'interrupted'>;
  provider: string | null;
  model: string | null;
  attempts: number;
  promptTokens: number | null;
  completionTokens: number | null;
  /** Of promptTokens: read from and written to the provider's cache; of completionTokens: reasoning. */
  cachedTokens: number | null;
  cacheWriteTokens: number | null;
  reasoningTokens: number | null;
  usageEstimated: boolean;
  priceInputPerMtok: number | null;
  priceOutputPerMtok: number | null;
  priceCacheReadPerMtok: number | null;
  priceCacheWritePerMtok: number | null;
  cost: string | null;
  currency: string;
  latencyMs: number;
  firstTokenMs: number | null;
  errorCode: string | null;
  /** Answered from the response cache (cost 0; response-cache/). */
  cacheHit?: boolean;
}

const FLUSH_EVERY_MS = 200;
/** Rows opened within this window go to the database in one INSERT. */
const OPEN_EVERY_MS = 10;
const OPEN_BATCH_MAX = 200;
/** No call lives longer than this; an open row older than that was left by a crash. */
const STALE_AFTER_MINUTES = 60;

/**
 * One usage row per call. `open` queues the row, inserted within 10 ms together with the other
 * rows opened meanwhile — concurrently with the upstream request, the caller never waits.
 * `complete` queues the final figures, written every 200 ms as one multi-row upsert that
 * carries the whole row: the call is recorded even when its opening insert failed or has not
 * landed yet (the opening insert ignores a row that already exists). A restart closes this
 * worker's rows left open by the previous process as `interrupted`, and every running worker
 * closes other processes' rows open longer than any call lasts (closeStale), so no row stays open.
 */
type OpenRow = UsageOpening & { startedAt: Date };

const OPEN_COLUMNS = 'id, request_id, key_id, team, campaign, end_user, purpose, kind, worker, boot, started_at';
const COMPLETION_COLUMNS = [
  'status', 'provider', 'model', 'attempts', 'prompt_tokens', 'completion_tokens', 'total_tokens',
  'cached_tokens', 'cache_write_tokens', 'reasoning_tokens', 'usage_estimated',
  'price_input_per_mtok', 'price_output_per_mtok', 'price_cache_read_per_mtok', 'price_cache_write_per_mtok',
  'cost', 'currency', 'latency_ms', 'first_token_ms', 'error_code', 'completed_at', 'cache_hit',
];

export class UsageRecorder {
  /** Rows of calls in flight (opened, not yet completed and written). */
  private readonly inFlight = new Map<string, OpenRow>();
  private opening: OpenRow[] = [];
  private openTimer: NodeJS.Timeout | null = null;
  private queue: Array<{ row: OpenRow; completion: UsageCompletion }> = [];
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
    const row = { ...opening, startedAt: new Date() };
    this.inFlight.set(row.id, row);
    this.opening.push(row);
    if (this.opening.length >= OPEN_BATCH_MAX) void this.flushOpens();
    else this.openTimer ??= setTimeout(() => void this.flushOpens(), OPEN_EVERY_MS);
  }

  complete(id: string, completion: UsageCompletion): void {
    const row = this.inFlight.get(id);
    if (!row) return this.logger.error('usage completion for a call never opened', { usage_id: id });
    this.inFlight.delete(id);
    this.queue.push({ row, completion });
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
  }

  /** Writes every queued opening and completion (also called on shutdown). */
  async flush(): Promise<void> {
    await this.flushOpens();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    try {
      await this.database.pool.query(
        `INSERT INTO ${this.database.table('usage')} (${OPEN_COLUMNS}, ${COMPLETION_COLUMNS.join(', ')}) VALUES ?
         ON DUPLICATE KEY UPDATE ${COMPLETION_COLUMNS.map((column) => `${column} = VALUES(${column})`).join(', ')}`,
        [batch.map(({ row, completion }) => [...this.openValues(row), ...completionValues(completion)])],
      );
    } catch (error) {
      this.queue.unshift(...batch);
      this.logger.error('could not complete usage rows; will retry', { rows: batch.length, error: String(error) });
      this.timer ??= setTimeout(() => void this.flush(), 1000);
    }
  }

  /** One multi-row INSERT for the rows opened in the last few milliseconds. */
  private async flushOpens(): Promise<void> {
    if (this.openTimer) clearTimeout(this.openTimer);
    this.openTimer = null;
    const rows = this.opening.filter((row) => this.inFlight.has(row.id)); // completed ones are written whole
    this.opening = [];
    if (rows.length === 0) return;
    const insert = this.database.pool.query(
      `INSERT IGNORE INTO ${this.database.table('usage')} (${OPEN_COLUMNS}, status) VALUES ?`,
      [rows.map((row) => [...this.openValues(row), 'open'])],
    );
    this.pending.track(insert, (error) => this.logger.warn('could not open usage rows (their completion still records them)', { rows: rows.length, error: String(error) }));
    await insert.catch(() => undefined);
  }

  private openValues(row: OpenRow): unknown[] {
    return [row.id, row.requestId, row.keyId, row.team, row.campaign, row.user, row.purpose, row.kind, this.worker.name, this.worker.boot, row.startedAt];
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
   * While running (worker/src/router/usage-sweep.ts): rows another process opened more than
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

function completionValues(row: UsageCompletion): unknown[] {
  const total = row.promptTokens === null || row.completionTokens === null ? null : row.promptTokens + row.completionTokens;
  return [row.status, row.provider, row.model, row.attempts, row.promptTokens, row.completionTokens, total,
    row.cachedTokens, row.cacheWriteTokens, row.reasoningTokens,
    row.usageEstimated ? 1 : 0, row.priceInputPerMtok, row.priceOutputPerMtok, row.priceCacheReadPerMtok, row.priceCacheWritePerMtok,
    row.cost, row.currency,
    Math.round(row.latencyMs), row.firstTokenMs === null ? null : Math.round(row.firstTokenMs), row.errorCode, new Date(), row.cacheHit ? 1 : 0];
}
