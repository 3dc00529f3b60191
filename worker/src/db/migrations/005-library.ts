import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

/** Columns shared by samples and assets (the same shape, two tables: two `{type}` families). */
const entryTable = (name: string) => `CREATE TABLE IF NOT EXISTS ${name} (
      id VARCHAR(40) NOT NULL,
      slug VARCHAR(80) NOT NULL,
      type VARCHAR(20) NOT NULL,
      title VARCHAR(190) NOT NULL,
      tags TEXT NOT NULL,
      data MEDIUMTEXT NOT NULL,
      files TEXT NOT NULL,
      status VARCHAR(10) NOT NULL DEFAULT 'active',
      origin VARCHAR(10) NOT NULL,
      version INT UNSIGNED NOT NULL,
      hash VARCHAR(60) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY slug (slug),
      KEY status_type (status, type, slug)
    ) ${TABLE_OPTIONS}`;

/**
 * Image template library (docs/architecture.md §6): templates, samples, editor assets, their SVG files, and
 * the one state row (version, hash, manifest) that every change updates in its transaction.
 * `files` on an item row is the JSON of its files' names, hashes, lengths and static paths
 * (the file bytes live in library_files), so lists need no join.
 */
export const library: Migration = {
  id: 5,
  name: 'library: templates, samples, assets, files, state',
  statements: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table('library_templates')} (
      id VARCHAR(40) NOT NULL,
      slug VARCHAR(80) NOT NULL,
      title VARCHAR(190) NOT NULL,
      category VARCHAR(20) NOT NULL,
      type VARCHAR(30) NOT NULL,
      tags TEXT NOT NULL,
      width SMALLINT UNSIGNED NOT NULL,
      height SMALLINT UNSIGNED NOT NULL,
      format VARCHAR(10) NOT NULL,
      definition MEDIUMTEXT NOT NULL,
      files TEXT NOT NULL,
      status VARCHAR(10) NOT NULL DEFAULT 'active',
      origin VARCHAR(10) NOT NULL,
      version INT UNSIGNED NOT NULL,
      hash VARCHAR(60) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY slug (slug),
      KEY status_category (status, category, slug)
    ) ${TABLE_OPTIONS}`,
    entryTable(table('library_samples')),
    entryTable(table('library_assets')),
    `CREATE TABLE IF NOT EXISTS ${table('library_files')} (
      item_id VARCHAR(40) NOT NULL,
      name VARCHAR(40) NOT NULL,
      hash_hex CHAR(64) NOT NULL,
      media_type VARCHAR(40) NOT NULL,
      length INT UNSIGNED NOT NULL,
      content MEDIUMBLOB NOT NULL,
      PRIMARY KEY (item_id, name),
      KEY hash_hex (hash_hex)
    ) ${TABLE_OPTIONS}`,
    // One row (id 1). Version 0 with an empty hash and manifest is the library before its first
    // change (the library area answers it as the empty manifest). starter_loaded_at: when the
    // shipped starter library was first loaded.
    `CREATE TABLE IF NOT EXISTS ${table('library_state')} (
      id TINYINT UNSIGNED NOT NULL,
      version BIGINT UNSIGNED NOT NULL,
      hash VARCHAR(60) NOT NULL,
      manifest MEDIUMTEXT NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      starter_loaded_at DATETIME(3) NULL,
      starter_hash VARCHAR(60) NULL,
      PRIMARY KEY (id)
    ) ${TABLE_OPTIONS}`,
    `INSERT IGNORE INTO ${table('library_state')} (id, version, hash, manifest, updated_at)
      VALUES (1, 0, '', '', '1970-01-01 00:00:00.000')`,
  ],
};
