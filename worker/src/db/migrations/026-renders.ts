import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

/**
 * The render log (docs/architecture.md §13, docs/library.md "Rendering"): one row per
 * `POST /svc/v1/image-renders` that reached the renderer — a cache hit too — with who asked
 * (key, site, team, campaign), what (template id and hash, format, size), what it took
 * (bytes, generated layers, duration) and how it ended (`status` ok | invalid | refused |
 * busy | failed, `error_code`). Kept like usage rows (no retention job). The admin screen
 * reads it newest first, per site, template or status.
 */
export const renders: Migration = {
  id: 26,
  name: 'library: the render log',
  statements: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table('renders')} (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
      request_id VARCHAR(128) NOT NULL,
      key_id VARCHAR(40) NOT NULL,
      site_url VARCHAR(255) NOT NULL,
      team VARCHAR(190) NOT NULL DEFAULT '',
      campaign VARCHAR(190) NOT NULL DEFAULT '',
      template_id VARCHAR(40) NOT NULL DEFAULT '',
      template_hash VARCHAR(60) NOT NULL DEFAULT '',
      format VARCHAR(8) NOT NULL DEFAULT '',
      width INT UNSIGNED NOT NULL DEFAULT 0,
      height INT UNSIGNED NOT NULL DEFAULT 0,
      bytes INT UNSIGNED NOT NULL DEFAULT 0,
      cache_hit TINYINT(1) NOT NULL DEFAULT 0,
      generated_layers SMALLINT UNSIGNED NOT NULL DEFAULT 0,
      duration_ms INT UNSIGNED NOT NULL DEFAULT 0,
      status VARCHAR(16) NOT NULL,
      error_code VARCHAR(64) NOT NULL DEFAULT '',
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      KEY created (created_at),
      KEY site_created (site_url(191), created_at),
      KEY template_created (template_id, created_at)
    ) ${TABLE_OPTIONS}`,
  ],
};
