import { createHash } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import type { DownloadGrant } from './download-token';

/**
 * One use per download link (docs/commerce.md "Releases and updates"): the first download claims
 * the token (its SHA-256, never the token itself), any later use of it is refused. The claim is
 * one INSERT on the primary key, so two downloads racing on one link cannot both win, on one
 * worker or many. Claims whose tokens expired are pruned as new ones are made.
 */
export class DownloadClaims {
  constructor(private readonly database: Database) {}

  private get table(): string {
    return this.database.table('release_download_claims');
  }

  /** True when this is the link's first use (now claimed); false when it was used before. */
  async claim(token: string, grant: DownloadGrant): Promise<boolean> {
    const hash = createHash('sha256').update(token).digest('hex');
    const [result] = await this.database.pool.execute<RowDataPacket[] & { affectedRows: number }>(
      `INSERT IGNORE INTO ${this.table} (token_hash, release_id, expires_at, claimed_at)
       VALUES (?, ?, ?, UTC_TIMESTAMP(3))`,
      [hash, grant.releaseId, new Date(grant.expiresAt * 1000)],
    );
    await this.database.pool.execute(`DELETE FROM ${this.table} WHERE expires_at < UTC_TIMESTAMP(3) - INTERVAL 1 HOUR LIMIT 50`);
    return result.affectedRows === 1;
  }
}
