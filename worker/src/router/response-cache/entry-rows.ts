import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import type { ChatResult } from '../../providers/types';

/** A cached answer larger than this is not stored (it would not be a cheap hit). */
export const MAX_ENTRY_BYTES = 1_048_576;

export interface CacheLimits {
  /** Most entries one scope keeps (SVC_CACHE_MAX_ENTRIES_PER_SCOPE); the oldest go first. */
  perScope: number;
  /** Most entries in all (SVC_CACHE_MAX_ENTRIES), enforced by the purge job. */
  total: number;
}

/** svc_cache_entries: one cached ChatResult per scope and request hash, until it expires. */
export class CacheEntryStore {
  constructor(
    private readonly database: Database,
    private readonly limits: CacheLimits,
  ) {}

  /** The cached answer, or null (none, or expired — an expired row is never served, whether or not it is purged yet). */
  async find(scope: string, hash: string): Promise<ChatResult | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT result_json FROM ${this.database.table('cache_entries')} WHERE scope = ? AND hash = ? AND expires_at > UTC_TIMESTAMP(3)`,
      [scope, hash],
    );
    return rows[0] ? (JSON.parse(rows[0].result_json) as ChatResult) : null;
  }

  /** Stores (or replaces) an answer, then trims the scope to its limit, oldest first. */
  async save(scope: string, hash: string, model: string, result: ChatResult, ttlSeconds: number): Promise<void> {
    const json = JSON.stringify(result);
    const bytes = Buffer.byteLength(json);
    if (bytes > MAX_ENTRY_BYTES) return;
    const table = this.database.table('cache_entries');
    await this.database.pool.execute(
      `INSERT INTO ${table} (scope, hash, model, result_json, bytes, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3) + INTERVAL ? SECOND)
       ON DUPLICATE KEY UPDATE model = VALUES(model), result_json = VALUES(result_json), bytes = VALUES(bytes),
         created_at = VALUES(created_at), expires_at = VALUES(expires_at)`,
      [scope, hash, model, json, bytes, ttlSeconds],
    );
    await this.database.pool.execute(
      `DELETE FROM ${table} WHERE scope = ? AND created_at < (
         SELECT created_at FROM (SELECT created_at FROM ${table} WHERE scope = ? ORDER BY created_at DESC LIMIT 1 OFFSET ${this.limits.perScope - 1}) AS newest)`,
      [scope, scope],
    );
  }

  /** Deletes expired entries, then the oldest beyond the total limit; returns how many went. */
  async purge(): Promise<number> {
    const table = this.database.table('cache_entries');
    const [expired] = await this.database.pool.execute(`DELETE FROM ${table} WHERE expires_at <= UTC_TIMESTAMP(3) LIMIT 10000`);
    const [beyond] = await this.database.pool.execute(
      `DELETE FROM ${table} WHERE created_at < (
         SELECT created_at FROM (SELECT created_at FROM ${table} ORDER BY created_at DESC LIMIT 1 OFFSET ${this.limits.total - 1}) AS newest)`,
    );
    return (expired as { affectedRows: number }).affectedRows + (beyond as { affectedRows: number }).affectedRows;
  }

  /** How many entries a scope holds now (the admin overview, tests). */
  async count(scope?: string): Promise<number> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT COUNT(*) AS entries FROM ${this.database.table('cache_entries')}${scope === undefined ? '' : ' WHERE scope = ?'}`,
      scope === undefined ? [] : [scope],
    );
    return Number(rows[0]!.entries);
  }
}
