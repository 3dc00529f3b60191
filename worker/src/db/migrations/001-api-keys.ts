import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

export const apiKeys: Migration = {
  id: 1,
  name: 'api keys',
  statements: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table('api_keys')} (
      id VARCHAR(40) NOT NULL,
      name VARCHAR(190) NOT NULL DEFAULT '',
      key_hash CHAR(64) NOT NULL,
      display_prefix VARCHAR(32) NOT NULL,
      site_url VARCHAR(255) NOT NULL,
      team VARCHAR(190) NOT NULL,
      scope VARCHAR(10) NOT NULL,
      status VARCHAR(10) NOT NULL DEFAULT 'active',
      rate_limit_per_minute INT UNSIGNED NOT NULL DEFAULT 120,
      webhook_secret_encrypted TEXT NOT NULL,
      webhook_endpoint VARCHAR(500) NULL,
      created_at DATETIME(3) NOT NULL,
      revoked_at DATETIME(3) NULL,
      last_used_at DATETIME(3) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY key_hash (key_hash),
      KEY site_url (site_url(191))
    ) ${TABLE_OPTIONS}`,
  ],
};
