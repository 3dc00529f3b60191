import type { ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';

/**
 * The shared requests-per-minute counters (svc_rate_counters: one row per key and clock
 * minute), as the rate limiter uses them. Each method is one statement, atomic on the row.
 */
export interface RateCounters {
  /** Adds up to `chunk` to the key's counter without passing `limit`; returns how many were added (0 when full). */
  claim(keyId: string, window: number, chunk: number, limit: number): Promise<number>;
  /** Takes back `amount` claimed and unused (never below 0). */
  giveBack(keyId: string, window: number, amount: number): Promise<void>;
  /** Adds counts admitted without a claim (while the database was unreachable), limit or not. */
  add(window: number, counts: Array<{ keyId: string; count: number }>): Promise<void>;
  /** The counters of `keyIds` in `window` (a key without a row is absent). */
  totals(window: number, keyIds: string[]): Promise<Map<string, number>>;
  /** Deletes the rows of windows before `window`. */
  prune(window: number): Promise<void>;
}

/** RateCounters on MySQL/MariaDB. */
export class MysqlRateCounters implements RateCounters {
  constructor(private readonly database: Database) {}

  /**
   * One INSERT … ON DUPLICATE KEY UPDATE: the row lock makes "add min(chunk, limit − requests)"
   * atomic across workers, and LAST_INSERT_ID(expr) hands the amount added back in the
   * statement's own answer (its insert id), so no second statement can see another value.
   */
  async claim(keyId: string, window: number, chunk: number, limit: number): Promise<number> {
    const [result] = await this.database.pool.query<ResultSetHeader>(
      `INSERT INTO ${this.table()} (key_id, window_start, requests) VALUES (?, ?, LAST_INSERT_ID(LEAST(?, ?)))
       ON DUPLICATE KEY UPDATE requests = requests + LAST_INSERT_ID(LEAST(?, GREATEST(CAST(? AS SIGNED) - CAST(requests AS SIGNED), 0)))`,
      [keyId, window, chunk, limit, chunk, limit],
    );
    return Number(result.insertId);
  }

  async giveBack(keyId: string, window: number, amount: number): Promise<void> {
    await this.database.pool.query(
      `UPDATE ${this.table()} SET requests = requests - LEAST(requests, ?) WHERE key_id = ? AND window_start = ?`,
      [amount, keyId, window],
    );
  }

  async add(window: number, counts: Array<{ keyId: string; count: number }>): Promise<void> {
    await this.database.pool.query(
      `INSERT INTO ${this.table()} (key_id, window_start, requests) VALUES ? ON DUPLICATE KEY UPDATE requests = requests + VALUES(requests)`,
      [counts.map(({ keyId, count }) => [keyId, window, count])],
    );
  }

  async totals(window: number, keyIds: string[]): Promise<Map<string, number>> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT key_id, requests FROM ${this.table()} WHERE window_start = ? AND key_id IN (?)`,
      [window, keyIds],
    );
    return new Map(rows.map((row) => [String(row.key_id), Number(row.requests)]));
  }

  async prune(window: number): Promise<void> {
    await this.database.pool.query(`DELETE FROM ${this.table()} WHERE window_start < ?`, [window]);
  }

  private table(): string {
    return this.database.table('rate_counters');
  }
}
