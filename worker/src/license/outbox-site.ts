import type { ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/connections';

/**
 * One site's part of the outbox, as its own key may see it (docs/propagation.md, "What a client
 * site must do"): the newest sequence queued for it, and its queued messages made due now.
 */
export class SiteOutbox {
  constructor(private readonly database: Database) {}

  /**
   * The newest sequence queued for the site (0 when none). Read before the site's summary, it
   * names a state the summary is at least as new as: changes to a site are serialised and queue
   * their message in their own transaction (license/entitlements.ts), so every change numbered
   * up to it is committed and in the summary read next.
   */
  async latestSequence(siteUrl: string): Promise<number> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT MAX(sequence) AS latest FROM ${this.database.table('outbox')} WHERE site_url = ?`,
      [siteUrl],
    );
    return Number(rows[0]?.latest ?? 0);
  }

  /**
   * Makes the site's pending messages due now (a message in flight keeps its lease) and returns
   * how many are pending. The order is kept: a site's messages still go one at a time.
   */
  async redeliverNow(siteUrl: string): Promise<number> {
    const table = this.database.table('outbox');
    await this.database.pool.execute<ResultSetHeader>(
      `UPDATE ${table} SET next_attempt_at = UTC_TIMESTAMP(3)
        WHERE site_url = ? AND status = 'pending' AND next_attempt_at > UTC_TIMESTAMP(3)
          AND (claimed_until IS NULL OR claimed_until < UTC_TIMESTAMP(3))`,
      [siteUrl],
    );
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT COUNT(*) AS pending FROM ${table} WHERE site_url = ? AND status = 'pending'`,
      [siteUrl],
    );
    return Number(rows[0]?.pending ?? 0);
  }
}
