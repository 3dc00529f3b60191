import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

/** `ALTER TABLE … ADD COLUMN` once: the column's absence checked in information_schema (027's way). */
function addColumn(packages: string, column: string, definition: string, step: string): string[] {
  return [
    `SET @svc_hub_029 = IF(
      (SELECT COUNT(*) FROM information_schema.COLUMNS
        WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${packages.replace(/`/g, '')}' AND COLUMN_NAME = '${column}') = 0,
      'ALTER TABLE ${packages} ADD COLUMN ${column} ${definition}',
      'DO 0')`,
    `PREPARE svc_hub_029_${step} FROM @svc_hub_029`,
    `EXECUTE svc_hub_029_${step}`,
    `DEALLOCATE PREPARE svc_hub_029_${step}`,
  ];
}

/**
 * Releases and updates (docs/architecture.md §12, docs/commerce.md "Releases and updates"): a
 * package names the plugin or theme it delivers (`product_type`, `product_slug`; several
 * packages may deliver one product) and where a lapsed buyer renews (`renewal_url`).
 * `releases`: one per (product, version), the zip stored content-addressed on disk by its
 * sha256, its requirements and channel; `withdrawn` releases are never offered (rollback);
 * `downloads` counts completed downloads. Safe to repeat.
 */
export const releases: Migration = {
  id: 29,
  name: 'license: releases of a package’s plugin or theme',
  statements: (table) => {
    const packages = table('packages');
    return [
      ...addColumn(packages, 'product_type', 'VARCHAR(8) NULL', 'type'),
      ...addColumn(packages, 'product_slug', 'VARCHAR(100) NULL', 'slug'),
      ...addColumn(packages, 'renewal_url', 'VARCHAR(255) NULL', 'renewal'),
      `CREATE TABLE IF NOT EXISTS ${table('releases')} (
        id VARCHAR(40) NOT NULL,
        product_type VARCHAR(8) NOT NULL,
        product_slug VARCHAR(100) NOT NULL,
        version VARCHAR(40) NOT NULL,
        channel VARCHAR(8) NOT NULL,
        name VARCHAR(190) NOT NULL,
        changelog MEDIUMTEXT NOT NULL,
        requires_wp VARCHAR(20) NULL,
        requires_php VARCHAR(20) NULL,
        tested_wp VARCHAR(20) NULL,
        sha256 CHAR(64) NOT NULL,
        size_bytes INT UNSIGNED NOT NULL,
        withdrawn TINYINT(1) NOT NULL DEFAULT 0,
        downloads INT UNSIGNED NOT NULL DEFAULT 0,
        created_at DATETIME(3) NOT NULL,
        updated_at DATETIME(3) NOT NULL,
        PRIMARY KEY (id),
        UNIQUE KEY product_version (product_type, product_slug, version)
      ) ${TABLE_OPTIONS}`,
    ];
  },
};
