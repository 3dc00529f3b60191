import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { decrypt, encrypt } from '../../support/encryption';

/** One deployment of a provider's pool: its own key (sealed at rest) and/or base URL, and a weight. */
export interface Deployment {
  provider: string;
  id: string;
  apiKey: string | null;
  apiKeyLast4: string | null;
  baseUrl: string | null;
  weight: number;
}

/** svc_provider_deployments: the pools set with `PUT admin/providers/{name}/pool` or `hub provider pool set`. */
export class DeploymentStore {
  constructor(
    private readonly database: Database,
    private readonly encryptionKey: Buffer,
  ) {}

  /** Every deployment (of one provider when named), keys decrypted — for the worker only, never answered. */
  async list(provider?: string): Promise<Deployment[]> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT * FROM ${this.database.table('provider_deployments')}${provider === undefined ? '' : ' WHERE provider = ?'} ORDER BY provider, id`,
      provider === undefined ? [] : [provider],
    );
    return rows.map((row) => ({
      provider: row.provider,
      id: row.id,
      apiKey: row.api_key_encrypted ? decrypt(row.api_key_encrypted, this.encryptionKey) : null,
      apiKeyLast4: row.api_key_last4,
      baseUrl: row.base_url,
      weight: Number(row.weight),
    }));
  }

  /** Replaces a provider's whole pool in one transaction (an empty list removes it). */
  async replace(provider: string, deployments: Deployment[]): Promise<void> {
    const table = this.database.table('provider_deployments');
    const connection = await this.database.pool.getConnection();
    try {
      await connection.beginTransaction();
      await connection.execute(`DELETE FROM ${table} WHERE provider = ?`, [provider]);
      for (const deployment of deployments) {
        await connection.execute(
          `INSERT INTO ${table} (provider, id, api_key_encrypted, api_key_last4, base_url, weight, updated_at) VALUES (?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(3))`,
          [
            provider,
            deployment.id,
            deployment.apiKey ? encrypt(deployment.apiKey, this.encryptionKey) : null,
            deployment.apiKey ? deployment.apiKey.slice(-4) : null,
            deployment.baseUrl,
            deployment.weight,
          ],
        );
      }
      await connection.commit();
    } catch (error) {
      await connection.rollback().catch(() => undefined);
      throw error;
    } finally {
      connection.release();
    }
  }
}
