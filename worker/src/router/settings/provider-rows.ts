import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { decrypt, encrypt } from '../../support/encryption';

/** A provider's settings as the admin stored them (the key sealed; only its last 4 shown). */
export interface StoredProvider {
  name: string;
  apiKey: string | null;
  apiKeyLast4: string | null;
  baseUrl: string | null;
  enabled: boolean;
  updatedAt: Date;
}

export interface ProviderChange {
  apiKey?: string | null;
  baseUrl?: string | null;
  enabled?: boolean;
}

/** svc_providers: keys and base URLs set with `svc-hub-worker provider set` (`npm run hub -- provider set` in a checkout) or the admin screen. */
export class ProviderStore {
  constructor(
    private readonly database: Database,
    private readonly encryptionKey: Buffer,
  ) {}

  async list(): Promise<StoredProvider[]> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(`SELECT * FROM ${this.database.table('providers')} ORDER BY name`);
    return rows.map((row) => ({
      name: row.name,
      apiKey: row.api_key_encrypted ? decrypt(row.api_key_encrypted, this.encryptionKey) : null,
      apiKeyLast4: row.api_key_last4,
      baseUrl: row.base_url,
      enabled: Boolean(row.enabled),
      updatedAt: row.updated_at,
    }));
  }

  async find(name: string): Promise<StoredProvider | undefined> {
    return (await this.list()).find((provider) => provider.name === name);
  }

  /**
   * Creates or updates one provider row; fields left undefined keep their value. Callers check
   * the change first (provider-settings.ts): a stored key never follows a changed base URL.
   */
  async save(name: string, change: ProviderChange): Promise<void> {
    const current = await this.find(name);
    const apiKey = change.apiKey === undefined ? (current?.apiKey ?? null) : change.apiKey;
    const baseUrl = change.baseUrl === undefined ? (current?.baseUrl ?? null) : change.baseUrl;
    const enabled = change.enabled ?? current?.enabled ?? true;
    await this.database.pool.execute(
      `INSERT INTO ${this.database.table('providers')} (name, api_key_encrypted, api_key_last4, base_url, enabled, updated_at)
       VALUES (?, ?, ?, ?, ?, UTC_TIMESTAMP(3))
       ON DUPLICATE KEY UPDATE api_key_encrypted = VALUES(api_key_encrypted), api_key_last4 = VALUES(api_key_last4),
         base_url = VALUES(base_url), enabled = VALUES(enabled), updated_at = VALUES(updated_at)`,
      [name, apiKey ? encrypt(apiKey, this.encryptionKey) : null, apiKey ? apiKey.slice(-4) : null, baseUrl, enabled ? 1 : 0],
    );
  }

  async remove(name: string): Promise<boolean> {
    const [result] = await this.database.pool.execute(`DELETE FROM ${this.database.table('providers')} WHERE name = ?`, [name]);
    return (result as { affectedRows: number }).affectedRows > 0;
  }
}
