import type { Migration } from './migration';

/**
 * The webhook audit log keeps attempts over the per-IP failure limit as one row per client
 * address and minute (docs/woocommerce-webhook.md, "Audit log"): `attempts` counts them,
 * `last_received_at` is the newest, and `tally_key` (address and minute; NULL on a row of one
 * attempt) is what concurrent workers add to. Safe to repeat (IF NOT EXISTS).
 */
export const webhookAuditTally: Migration = {
  id: 8,
  name: 'webhook audit: one counted row per address and minute over the failure limit',
  statements: (table) => [
    `ALTER TABLE ${table('webhook_audit')}
       ADD COLUMN IF NOT EXISTS last_received_at DATETIME(3) NULL AFTER received_at,
       ADD COLUMN IF NOT EXISTS attempts INT UNSIGNED NOT NULL DEFAULT 1 AFTER http_status,
       ADD COLUMN IF NOT EXISTS tally_key VARCHAR(100) CHARACTER SET ascii COLLATE ascii_bin NULL AFTER attempts,
       ADD UNIQUE INDEX IF NOT EXISTS tally_key (tally_key)`,
  ],
};
