import { TABLE_OPTIONS } from './table-options';
import type { Migration } from './migration';

export const entitlements: Migration = {
  id: 2,
  name: 'entitlements and their history',
  statements: (table) => [
    // One row per (site_url, package_id); manual grants have package_id NULL (many allowed).
    `CREATE TABLE IF NOT EXISTS ${table('entitlements')} (
      id VARCHAR(40) NOT NULL,
      site_url VARCHAR(255) NOT NULL,
      package_id VARCHAR(100) NULL,
      status VARCHAR(12) NOT NULL,
      features TEXT NOT NULL,
      expires_at DATETIME(3) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY site_package (site_url(191), package_id),
      KEY site_status (site_url(191), status)
    ) ${TABLE_OPTIONS}`,
    `CREATE TABLE IF NOT EXISTS ${table('entitlement_history')} (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
      entitlement_id VARCHAR(40) NOT NULL,
      from_status VARCHAR(12) NULL,
      to_status VARCHAR(12) NOT NULL,
      reason VARCHAR(500) NOT NULL,
      actor VARCHAR(190) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      KEY entitlement (entitlement_id, id)
    ) ${TABLE_OPTIONS}`,
  ],
};
