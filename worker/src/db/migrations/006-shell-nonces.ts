import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

export const shellNonces: Migration = {
  id: 6,
  name: 'shell nonces claimed across workers',
  statements: (table) => [
    // One row per accepted shell signature's nonce, until its signature is stale on every worker.
    // The primary key makes a second INSERT of the same nonce fail: that is a replay.
    `CREATE TABLE IF NOT EXISTS ${table('nonces')} (
      nonce CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
      expires_at INT UNSIGNED NOT NULL,
      PRIMARY KEY (nonce),
      KEY expires_at (expires_at)
    ) ${TABLE_OPTIONS}`,
  ],
};
