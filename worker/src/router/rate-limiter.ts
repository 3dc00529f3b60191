import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/pool';
import type { Logger } from '../support/logger';

interface KeyWindow {
  window: number;
  /** Requests counted by all workers in this window, as of the last sync. */
  shared: number;
  /** Requests this worker admitted since the last sync. */
  local: number;
}

/**
 * Requests per key per minute (DESIGN §4): each worker counts in memory and, every second,
 * adds its count to the shared MySQL counter and reads the total back. A request is admitted
 * while `shared + local < limit`, so N workers stay within the limit plus one second's slack,
 * without a database round trip on the request path.
 */
export class RateLimiter {
  private readonly keys = new Map<string, KeyWindow>();
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    private readonly syncMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Admits one request, or says how many seconds remain in the window. */
  take(keyId: string, limit: number): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const time = this.now();
    const window = Math.floor(time / 60_000);
    let state = this.keys.get(keyId);
    if (!state || state.window !== window) {
      state = { window, shared: 0, local: 0 };
      this.keys.set(keyId, state);
    }
    if (state.shared + state.local >= limit) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * 60_000 - time) / 1000)) };
    }
    state.local += 1;
    return { allowed: true };
  }

  start(): void {
    this.timer = setInterval(() => void this.sync(), this.syncMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sync();
  }

  /** Pushes local counts and pulls the totals (one statement each way). */
  sync(): Promise<void> {
    this.syncing ??= this.push().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async push(): Promise<void> {
    const window = Math.floor(this.now() / 60_000);
    for (const [keyId, state] of this.keys) if (state.window < window) this.keys.delete(keyId);
    if (this.keys.size === 0) return;
    const table = this.database.table('rate_counters');
    const deltas = [...this.keys].filter(([, state]) => state.local > 0).map(([keyId, state]) => ({ keyId, state, count: state.local }));
    try {
      if (deltas.length > 0) {
        await this.database.pool.query(
          `INSERT INTO ${table} (key_id, window_start, requests) VALUES ? ON DUPLICATE KEY UPDATE requests = requests + VALUES(requests)`,
          [deltas.map(({ keyId, count }) => [keyId, window, count])],
        );
        // Pushed counts move from local to shared at once: until the total is read back, the
        // window still counts them (else the read's round trip admits them a second time).
        for (const { state, count } of deltas) {
          state.local -= count;
          state.shared += count;
        }
      }
      const [rows] = await this.database.pool.query<RowDataPacket[]>(
        `SELECT key_id, requests FROM ${table} WHERE window_start = ? AND key_id IN (?)`,
        [window, [...this.keys.keys()]],
      );
      for (const row of rows) {
        const state = this.keys.get(row.key_id);
        if (state && state.window === window) state.shared = Number(row.requests);
      }
      if (Math.random() < 0.02) await this.database.pool.query(`DELETE FROM ${table} WHERE window_start < ?`, [window - 2]);
    } catch (error) {
      this.logger.warn('rate-limit sync failed; counting locally', { error: String(error) });
    }
  }
}
