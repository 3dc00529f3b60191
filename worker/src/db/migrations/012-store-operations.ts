import type { Migration } from './migration';

/**
 * What the hub knows about each WooCommerce store beyond its secret (docs/woocommerce-webhook.md,
 * "Store health" and "Reconcile"): its deliveries' verification health (failures in a row, the
 * last success and failure), its REST credentials (sealed like the secret) and the reconcile
 * job's cursor and lease. The last success starts from the audit log. Safe to repeat.
 */
export const storeOperations: Migration = {
  id: 12,
  name: 'stores: verification health, REST credentials, reconcile cursor and lease',
  statements: (table) => [
    `ALTER TABLE ${table('stores')}
       ADD COLUMN IF NOT EXISTS verify_failures_in_row INT UNSIGNED NOT NULL DEFAULT 0,
       ADD COLUMN IF NOT EXISTS last_verified_at DATETIME(3) NULL,
       ADD COLUMN IF NOT EXISTS last_failure_at DATETIME(3) NULL,
       ADD COLUMN IF NOT EXISTS last_failure_reason VARCHAR(300) NOT NULL DEFAULT '',
       ADD COLUMN IF NOT EXISTS rest_credentials_encrypted TEXT NULL,
       ADD COLUMN IF NOT EXISTS rest_key_last4 VARCHAR(8) NOT NULL DEFAULT '',
       ADD COLUMN IF NOT EXISTS reconciled_until DATETIME(3) NULL,
       ADD COLUMN IF NOT EXISTS reconcile_started_at DATETIME(3) NULL,
       ADD COLUMN IF NOT EXISTS reconcile_lease_until DATETIME(3) NULL,
       ADD COLUMN IF NOT EXISTS reconcile_result VARCHAR(500) NOT NULL DEFAULT ''`,
    `UPDATE ${table('stores')} store SET last_verified_at = (
       SELECT MAX(audit.received_at) FROM ${table('webhook_audit')} audit
        WHERE audit.source = store.source_url AND audit.signature_result = 'valid'
     ) WHERE store.last_verified_at IS NULL`,
  ],
};
