import type { PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { prefixedId } from '../../support/ids';

export type ActivationStatus = 'active' | 'deactivated';

/** A site a licence activated, with the API key issued to it (docs/commerce.md "Licences and activations"). */
export interface ActivationRecord {
  id: string;
  licenceId: string;
  siteUrl: string;
  /** A staging or development site: takes no seat. */
  staging: boolean;
  apiKeyId: string;
  status: ActivationStatus;
  createdAt: Date;
  updatedAt: Date;
  deactivatedAt: Date | null;
}

type Executor = Pick<PoolConnection, 'execute'>;

function toRecord(row: RowDataPacket): ActivationRecord {
  return {
    id: row.id,
    licenceId: row.license_id,
    siteUrl: row.site_url,
    staging: Number(row.staging) === 1,
    apiKeyId: row.api_key_id,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deactivatedAt: row.deactivated_at,
  };
}

export const ACTIVATION_ID_PATTERN = /^act_[0-9A-Z]{26}$/;

/** The activation table: a licence's sites, active or deactivated. */
export class ActivationStore {
  constructor(private readonly database: Database) {}

  private get table(): string {
    return this.database.table('license_activations');
  }

  /** The licence's active activations, oldest first. */
  async active(executor: Executor, licenceId: string): Promise<ActivationRecord[]> {
    const [rows] = await executor.execute<RowDataPacket[]>(
      `SELECT * FROM ${this.table} WHERE license_id = ? AND status = 'active' ORDER BY created_at, id`,
      [licenceId],
    );
    return rows.map(toRecord);
  }

  /** Every activation of the licence, newest first (the admin view). */
  async forLicence(licenceId: string): Promise<ActivationRecord[]> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT * FROM ${this.table} WHERE license_id = ? ORDER BY created_at DESC, id DESC`,
      [licenceId],
    );
    return rows.map(toRecord);
  }

  async find(id: string, executor: Executor = this.database.pool as never, lock = false): Promise<ActivationRecord | null> {
    const [rows] = await executor.execute<RowDataPacket[]>(`SELECT * FROM ${this.table} WHERE id = ?${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async insert(connection: Executor, licenceId: string, siteUrl: string, staging: boolean, apiKeyId: string): Promise<string> {
    const id = prefixedId('act');
    await connection.execute(
      `INSERT INTO ${this.table} (id, license_id, site_url, staging, api_key_id, status, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, 'active', UTC_TIMESTAMP(3), UTC_TIMESTAMP(3))`,
      [id, licenceId, siteUrl, staging ? 1 : 0, apiKeyId],
    );
    return id;
  }

  /** A re-activation: the site's new key replaces the old one. */
  async replaceKey(connection: Executor, id: string, apiKeyId: string): Promise<void> {
    await connection.execute(`UPDATE ${this.table} SET api_key_id = ?, updated_at = UTC_TIMESTAMP(3) WHERE id = ?`, [apiKeyId, id]);
  }

  async deactivate(connection: Executor, id: string): Promise<void> {
    await connection.execute(
      `UPDATE ${this.table} SET status = 'deactivated', updated_at = UTC_TIMESTAMP(3), deactivated_at = UTC_TIMESTAMP(3)
        WHERE id = ? AND status = 'active'`,
      [id],
    );
  }

  /** The customer's own staging host patterns. */
  async stagingPatterns(customerId: string | null): Promise<string[]> {
    if (customerId === null) return [];
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT pattern FROM ${this.database.table('license_staging_patterns')} WHERE customer_id = ? ORDER BY pattern`,
      [customerId],
    );
    return rows.map((row) => String(row.pattern));
  }

  /** False when the customer had no such pattern. */
  async removeStagingPattern(customerId: string, pattern: string): Promise<boolean> {
    const [result] = await this.database.pool.execute<ResultSetHeader>(
      `DELETE FROM ${this.database.table('license_staging_patterns')} WHERE customer_id = ? AND pattern = ?`,
      [customerId, pattern],
    );
    return result.affectedRows > 0;
  }

  async addStagingPattern(customerId: string, pattern: string): Promise<void> {
    await this.database.pool.execute(
      `INSERT IGNORE INTO ${this.database.table('license_staging_patterns')} (customer_id, pattern, created_at) VALUES (?, ?, UTC_TIMESTAMP(3))`,
      [customerId, pattern],
    );
  }
}
