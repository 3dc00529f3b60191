import type { Database } from '../../db/connections';

const MAX_REASON_CHARS = 300;

/**
 * Each store's run of deliveries that failed verification (docs/woocommerce-webhook.md, "Store
 * health"): a delivery signed with the store's secret resets the run and dates the last
 * success; one naming the store but signed otherwise adds to it. WooCommerce disables a webhook
 * after more than 5 failures in a row and never re-sends, so a run is the sign that the secret
 * changed on one side — typically a re-save of WooCommerce's form that trimmed it. One UPDATE
 * per delivery; counted in the database, so every worker adds to one run.
 */
export class VerificationHealthRecorder {
  constructor(private readonly database: Database) {}

  private get table(): string {
    return this.database.table('stores');
  }

  async verified(storeId: string, at: Date): Promise<void> {
    await this.database.pool.execute(
      `UPDATE ${this.table} SET verify_failures_in_row = 0, last_verified_at = GREATEST(COALESCE(last_verified_at, ?), ?) WHERE id = ?`,
      [at, at, storeId],
    );
  }

  async rejected(storeId: string, at: Date, reason: string): Promise<void> {
    await this.database.pool.execute(
      `UPDATE ${this.table} SET verify_failures_in_row = verify_failures_in_row + 1, last_failure_at = ?, last_failure_reason = ? WHERE id = ?`,
      [at, reason.slice(0, MAX_REASON_CHARS), storeId],
    );
  }
}
