import type { Migration } from './index';

/** The per-key cap on calls in flight at once (docs/api-notes.md, "Limits per key"). */
export const keyConcurrency: Migration = {
  id: 9,
  name: 'api keys: concurrent calls cap',
  statements: (table) => [
    `ALTER TABLE ${table('api_keys')} ADD COLUMN IF NOT EXISTS max_concurrent_calls INT UNSIGNED NOT NULL DEFAULT 20 AFTER rate_limit_per_minute`,
  ],
};
