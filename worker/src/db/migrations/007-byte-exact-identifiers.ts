import type { Migration } from './index';

/**
 * Client-given identifiers compared byte for byte. `Idempotency-Key` was compared under the
 * table's utf8mb4_unicode_ci collation, so `abc` and `ABC` were one key: a client's second,
 * different checkout replayed or conflicted with the first instead of making a new order.
 * The key is visible ASCII (IDEMPOTENCY_KEY_PATTERN), so a binary collation loses nothing;
 * MODIFY is safe to repeat, and no stored rows can collide (the old key already kept them apart).
 */
export const byteExactIdentifiers: Migration = {
  id: 7,
  name: 'byte-exact identifiers: Idempotency-Key under a binary collation',
  statements: (table) => [
    `ALTER TABLE ${table('idempotency_keys')}
       MODIFY idempotency_key VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL`,
  ],
};
