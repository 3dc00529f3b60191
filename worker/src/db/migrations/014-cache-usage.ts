import type { Migration } from './migration';

/**
 * Cached input, cache writes and reasoning tokens (docs/architecture.md §9): the usage row keeps them and the
 * cache prices it was priced with; the admin's price overrides gain cache-read and cache-write
 * prices (NULL: the catalog's shipped cache price for that model applies). MySQL 8 has no
 * `ADD COLUMN IF NOT EXISTS`, so each column is added only when information_schema does not list
 * it yet: the step stays idempotent on MariaDB and MySQL (as 009).
 */
const COLUMNS: Array<[table: string, column: string, definition: string]> = [
  ['usage', 'cached_tokens', 'INT UNSIGNED NULL AFTER completion_tokens'],
  ['usage', 'cache_write_tokens', 'INT UNSIGNED NULL AFTER cached_tokens'],
  ['usage', 'reasoning_tokens', 'INT UNSIGNED NULL AFTER cache_write_tokens'],
  ['usage', 'price_cache_read_per_mtok', 'DECIMAL(12,6) NULL AFTER price_output_per_mtok'],
  ['usage', 'price_cache_write_per_mtok', 'DECIMAL(12,6) NULL AFTER price_cache_read_per_mtok'],
  ['model_prices', 'cache_read_per_mtok', 'DECIMAL(12,6) NULL AFTER output_per_mtok'],
  ['model_prices', 'cache_write_per_mtok', 'DECIMAL(12,6) NULL AFTER cache_read_per_mtok'],
];

export const cacheUsage: Migration = {
  id: 14,
  name: 'usage and prices: cached, cache-write and reasoning tokens',
  statements: (table) =>
    COLUMNS.flatMap(([name, column, definition]) => {
      const quoted = table(name);
      const bare = quoted.replace(/`/g, '');
      return [
        `SET @svc_hub_014 = IF(
        (SELECT COUNT(*) FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${bare}' AND COLUMN_NAME = '${column}') = 0,
        'ALTER TABLE ${quoted} ADD COLUMN ${column} ${definition}',
        'DO 0')`,
        'PREPARE svc_hub_014 FROM @svc_hub_014',
        'EXECUTE svc_hub_014',
        'DEALLOCATE PREPARE svc_hub_014',
      ];
    }),
};
