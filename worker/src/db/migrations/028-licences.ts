import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

/**
 * Licences and their activations (docs/architecture.md §12, docs/commerce.md "Licences and
 * activations"). `licences`: one per (buyer's site, package) — the first paid order mints its
 * key, renewals of the same package extend it; `seats` the package's site limit when last paid; the key as a keyed hash (lookup), a display
 * prefix and sealed with the secret box (the buyer sees it again); status and expiry follow the
 * buyer's entitlement. `license_activations`: the sites a licence activated, each with the API
 * key issued to it; `staging` sites take no seat. `license_staging_patterns`: host patterns an
 * admin adds per customer. `hub_signing_keys`: the hub's Ed25519 key pair that signs licence
 * documents, the private key sealed. Safe to repeat.
 */
export const licences: Migration = {
  id: 28,
  name: 'license: licences, activations, staging patterns, the signing key',
  statements: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table('licences')} (
      id VARCHAR(40) NOT NULL,
      key_hash CHAR(64) NOT NULL,
      key_prefix VARCHAR(20) NOT NULL,
      key_encrypted VARCHAR(255) NOT NULL,
      site_url VARCHAR(255) NOT NULL,
      package_id VARCHAR(64) NOT NULL,
      order_id VARCHAR(40) NOT NULL,
      seats INT UNSIGNED NULL,
      status VARCHAR(16) NOT NULL,
      expires_at DATETIME(3) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY key_hash (key_hash),
      UNIQUE KEY site_package (site_url(191), package_id),
      KEY order_id (order_id)
    ) ${TABLE_OPTIONS}`,
    `CREATE TABLE IF NOT EXISTS ${table('license_activations')} (
      id VARCHAR(40) NOT NULL,
      license_id VARCHAR(40) NOT NULL,
      site_url VARCHAR(255) NOT NULL,
      staging TINYINT(1) NOT NULL DEFAULT 0,
      api_key_id VARCHAR(40) NOT NULL,
      status VARCHAR(16) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      deactivated_at DATETIME(3) NULL,
      PRIMARY KEY (id),
      KEY license_status (license_id, status),
      KEY site (site_url(191)),
      KEY api_key (api_key_id)
    ) ${TABLE_OPTIONS}`,
    `CREATE TABLE IF NOT EXISTS ${table('license_staging_patterns')} (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
      customer_id VARCHAR(40) NOT NULL,
      pattern VARCHAR(190) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY customer_pattern (customer_id, pattern)
    ) ${TABLE_OPTIONS}`,
    `CREATE TABLE IF NOT EXISTS ${table('hub_signing_keys')} (
      purpose VARCHAR(32) NOT NULL,
      key_id VARCHAR(40) NOT NULL,
      public_key VARCHAR(64) NOT NULL,
      private_key_encrypted VARCHAR(255) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (purpose)
    ) ${TABLE_OPTIONS}`,
  ],
};
