import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

/**
 * The response cache and provider key pools (docs/architecture.md §11, docs/api-notes.md "Response cache",
 * "Provider key pools"): cache policies per purpose or API key; cached answers per scope
 * (`key:<id>`, `team:<team>` or `global`) and request hash, with their expiry; a provider's
 * deployments (key sealed like svc_providers', base URL, weight); cool-downs shared by every
 * worker; and the usage row's `cache_hit` flag (added only when missing, as 014 does: MySQL 8
 * has no `ADD COLUMN IF NOT EXISTS`). Safe to repeat.
 */
export const cachePools: Migration = {
  id: 17,
  name: 'router: response cache, provider key pools and cool-downs',
  statements: (table) => {
    const usage = table('usage');
    return [
      `CREATE TABLE IF NOT EXISTS ${table('cache_policies')} (
        target_type VARCHAR(16) NOT NULL,
        target VARCHAR(190) NOT NULL,
        enabled TINYINT(1) NOT NULL DEFAULT 1,
        scope VARCHAR(16) NOT NULL DEFAULT 'key',
        ttl_seconds INT UNSIGNED NOT NULL,
        any_temperature TINYINT(1) NOT NULL DEFAULT 0,
        updated_at DATETIME(3) NOT NULL,
        PRIMARY KEY (target_type, target)
      ) ${TABLE_OPTIONS}`,
      `CREATE TABLE IF NOT EXISTS ${table('cache_entries')} (
        scope VARCHAR(200) NOT NULL,
        hash CHAR(64) NOT NULL,
        model VARCHAR(200) NOT NULL,
        result_json MEDIUMTEXT NOT NULL,
        bytes INT UNSIGNED NOT NULL,
        created_at DATETIME(3) NOT NULL,
        expires_at DATETIME(3) NOT NULL,
        PRIMARY KEY (scope, hash),
        KEY scope_created (scope, created_at),
        KEY created (created_at),
        KEY expires (expires_at)
      ) ${TABLE_OPTIONS}`,
      `CREATE TABLE IF NOT EXISTS ${table('provider_deployments')} (
        provider VARCHAR(32) NOT NULL,
        id VARCHAR(64) NOT NULL,
        api_key_encrypted TEXT NULL,
        api_key_last4 VARCHAR(4) NULL,
        base_url VARCHAR(500) NULL,
        weight INT UNSIGNED NOT NULL DEFAULT 1,
        updated_at DATETIME(3) NOT NULL,
        PRIMARY KEY (provider, id)
      ) ${TABLE_OPTIONS}`,
      `CREATE TABLE IF NOT EXISTS ${table('provider_cooldowns')} (
        provider VARCHAR(32) NOT NULL,
        deployment VARCHAR(64) NOT NULL,
        cooling_until DATETIME(3) NOT NULL,
        upstream_status SMALLINT UNSIGNED NULL,
        PRIMARY KEY (provider, deployment)
      ) ${TABLE_OPTIONS}`,
      `SET @svc_hub_017 = IF(
        (SELECT COUNT(*) FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${usage.replace(/`/g, '')}' AND COLUMN_NAME = 'cache_hit') = 0,
        'ALTER TABLE ${usage} ADD COLUMN cache_hit TINYINT(1) NOT NULL DEFAULT 0 AFTER usage_estimated',
        'DO 0')`,
      'PREPARE svc_hub_017 FROM @svc_hub_017',
      'EXECUTE svc_hub_017',
      'DEALLOCATE PREPARE svc_hub_017',
    ];
  },
};
