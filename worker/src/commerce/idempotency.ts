import { createHash } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/connections';
import { ApiError } from '../support/api-error';

export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const RETENTION_HOURS = 24;

export type Claim =
  | { kind: 'new' }
  /** An earlier request with this key and body finished: answer its order again. */
  | { kind: 'replay'; orderId: string };

/** sha256 of the request's meaning (its validated fields), so key order and spacing do not matter. */
export function requestHash(fields: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/**
 * `Idempotency-Key` for checkout, scoped per API key and kept 24 h (docs/architecture.md §5). The first
 * request claims the key with an INSERT (the primary key decides races between workers);
 * concurrent retries wait for it to finish and then replay its order.
 */
export class IdempotencyKeys {
  constructor(
    private readonly database: Database,
    private readonly waitMs = 10_000,
    private readonly pollMs = 25,
  ) {}

  async claim(apiKeyId: string, key: string, hash: string): Promise<Claim> {
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      if (await this.insert(apiKeyId, key, hash)) return { kind: 'new' };
      const row = await this.read(apiKeyId, key);
      if (!row) continue; // expired and purged between the two statements: claim again
      if (row.expired) {
        await this.release(apiKeyId, key);
        continue;
      }
      if (row.request_hash !== hash) {
        throw ApiError.conflict('svc_idempotency_conflict', 'This Idempotency-Key was already used with a different request body.');
      }
      if (row.order_id) return { kind: 'replay', orderId: row.order_id };
      if (Date.now() > deadline) {
        throw new ApiError(
          409,
          'svc_idempotency_in_progress',
          'A request with this Idempotency-Key is still being processed; retry shortly.',
          {},
          { 'Retry-After': '1' },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
  }

  async complete(apiKeyId: string, key: string, orderId: string): Promise<void> {
    await this.database.pool.execute(
      `UPDATE ${this.database.table('idempotency_keys')} SET order_id = ? WHERE api_key_id = ? AND idempotency_key = ?`,
      [orderId, apiKeyId, key],
    );
  }

  /** Frees a claim whose request failed, so a retry may run it again. */
  async release(apiKeyId: string, key: string): Promise<void> {
    await this.database.pool.execute(
      `DELETE FROM ${this.database.table('idempotency_keys')} WHERE api_key_id = ? AND idempotency_key = ?`,
      [apiKeyId, key],
    );
  }

  async purgeExpired(): Promise<number> {
    const [result] = await this.database.pool.query(
      `DELETE FROM ${this.database.table('idempotency_keys')} WHERE created_at < UTC_TIMESTAMP(3) - INTERVAL ${RETENTION_HOURS} HOUR`,
    );
    return (result as { affectedRows: number }).affectedRows;
  }

  private async insert(apiKeyId: string, key: string, hash: string): Promise<boolean> {
    try {
      await this.database.pool.execute(
        `INSERT INTO ${this.database.table('idempotency_keys')} (api_key_id, idempotency_key, request_hash, order_id, created_at)
         VALUES (?, ?, ?, NULL, UTC_TIMESTAMP(3))`,
        [apiKeyId, key, hash],
      );
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'ER_DUP_ENTRY') return false;
      throw error;
    }
  }

  private async read(apiKeyId: string, key: string): Promise<{ request_hash: string; order_id: string | null; expired: boolean } | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT request_hash, order_id, created_at < UTC_TIMESTAMP(3) - INTERVAL ${RETENTION_HOURS} HOUR AS expired
         FROM ${this.database.table('idempotency_keys')} WHERE api_key_id = ? AND idempotency_key = ?`,
      [apiKeyId, key],
    );
    const row = rows[0];
    return row ? { request_hash: row.request_hash, order_id: row.order_id, expired: Boolean(Number(row.expired)) } : null;
  }
}
