import type { Database } from './connections';
import { MAX_CLOCK_SKEW_SECONDS, NonceRegistry } from '../support/shell-signing';

/**
 * How long a claimed nonce is kept after its timestamp: twice the freshness window, so a
 * worker whose clock is up to 300 s behind another's still finds the claim while it would
 * accept the signature.
 */
export const NONCE_KEEP_SECONDS = MAX_CLOCK_SKEW_SECONDS * 2;

const PURGE_BATCH = 10_000;

/**
 * Replay protection for shell signatures across every worker on the database (docs/architecture.md §1,
 * §11). A nonce is claimed twice: in this process's memory (the fast path, which refuses a
 * replay to the same worker without a query) and in `{prefix}svc_nonces` with one INSERT on
 * the primary key — a duplicate key there means another worker (or this one, before a
 * restart) already accepted it. Expired rows are purged by a background job.
 */
export class ShellNonceStore {
  private readonly here = new NonceRegistry();

  constructor(private readonly database: Database) {}

  /** False when this worker has accepted the nonce within the window. */
  claimHere(nonce: string, nowSeconds: number): boolean {
    return this.here.claim(nonce, nowSeconds);
  }

  /** False when the nonce is already claimed in the database; throws when the database fails. */
  async claimShared(nonce: string, timestamp: number): Promise<boolean> {
    try {
      await this.database.pool.execute(`INSERT INTO ${this.database.table('nonces')} (nonce, expires_at) VALUES (?, ?)`, [
        nonce,
        timestamp + NONCE_KEEP_SECONDS,
      ]);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'ER_DUP_ENTRY') return false;
      throw error;
    }
  }

  /** Deletes the claims whose signatures are stale everywhere; returns how many. */
  async purgeExpired(nowSeconds: number): Promise<number> {
    let purged = 0;
    for (;;) {
      const [result] = await this.database.pool.execute(
        `DELETE FROM ${this.database.table('nonces')} WHERE expires_at < ? LIMIT ${PURGE_BATCH}`,
        [nowSeconds],
      );
      const deleted = (result as { affectedRows: number }).affectedRows;
      purged += deleted;
      if (deleted < PURGE_BATCH) return purged;
    }
  }
}
