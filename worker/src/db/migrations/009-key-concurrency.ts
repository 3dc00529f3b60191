import type { Migration } from './migration';

/**
 * The per-key cap on calls in flight at once (docs/api-notes.md, "Limits per key"). MySQL 8
 * has no `ADD COLUMN IF NOT EXISTS` (MariaDB has), so the column is added only when
 * information_schema does not list it yet: the step stays idempotent on both (migrate.ts).
 */
export const keyConcurrency: Migration = {
  id: 9,
  name: 'api keys: concurrent calls cap',
  statements: (table) => {
    const quoted = table('api_keys');
    const bare = quoted.replace(/`/g, '');
    return [
      `SET @svc_hub_009 = IF(
        (SELECT COUNT(*) FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${bare}' AND COLUMN_NAME = 'max_concurrent_calls') = 0,
        'ALTER TABLE ${quoted} ADD COLUMN max_concurrent_calls INT UNSIGNED NOT NULL DEFAULT 20 AFTER rate_limit_per_minute',
        'DO 0')`,
      'PREPARE svc_hub_009 FROM @svc_hub_009',
      'EXECUTE svc_hub_009',
      'DEALLOCATE PREPARE svc_hub_009',
    ];
  },
};
