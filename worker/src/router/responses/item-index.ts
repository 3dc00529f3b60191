import type { ResultSetHeader } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import type { ResponseItem } from './response-item';

/** The most rows one INSERT carries (a response holds at most 1000 input items plus its output). */
const ROWS_PER_INSERT = 500;

/** Item ids worth indexing: the ones input-items.ts keeps or makes ([A-Za-z0-9_-]{1,64}). */
const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A response's own item ids (input, then output), each once. */
export function ownItemIds(response: { input: ResponseItem[]; output: ResponseItem[] }): string[] {
  const ids = [...response.input, ...response.output].map((item) => item.id);
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && ITEM_ID.test(id)))];
}

/**
 * `{prefix}svc_response_items` (migration 018): which stored response holds an item, per API
 * key, so `item_reference` is a primary-key lookup. ResponseStore writes it just before the
 * response and deletes it with the response; the retention purge deletes rows past their
 * response's `expires_at`.
 */
export class ResponseItemIndex {
  readonly table: string;

  constructor(private readonly database: Database) {
    this.table = database.table('response_items');
  }

  /** Indexes the response's own input and output items. */
  async add(response: { id: string; apiKeyId: string; input: ResponseItem[]; output: ResponseItem[] }, expiresAt: Date): Promise<void> {
    const ids = ownItemIds(response);
    for (let start = 0; start < ids.length; start += ROWS_PER_INSERT) {
      const rows = ids.slice(start, start + ROWS_PER_INSERT).map((itemId) => [response.apiKeyId, itemId, response.id, expiresAt]);
      await this.database.pool.query(`INSERT IGNORE INTO ${this.table} (api_key_id, item_id, response_id, expires_at) VALUES ?`, [rows]);
    }
  }

  /** Deletes index rows past their response's retention, in batches; the number deleted. */
  async purgeExpired(now: Date, batchSize: number): Promise<number> {
    let purged = 0;
    for (;;) {
      const [result] = await this.database.pool.query<ResultSetHeader>(
        `DELETE FROM ${this.table} WHERE expires_at <= ? ORDER BY expires_at LIMIT ?`,
        [now, batchSize],
      );
      purged += result.affectedRows;
      if (result.affectedRows < batchSize) return purged;
    }
  }
}
