import type { Migration } from './migration';

const BINARY_TEXT = 'VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL';

/**
 * Client-given identifiers compared byte for byte. Under the tables' utf8mb4_unicode_ci
 * collation two spellings that differ only in case were one value:
 * - `Idempotency-Key` `abc` and `ABC` were one key, so a client's second, different checkout
 *   replayed or conflicted with the first instead of making a new order;
 * - a site URL's path keeps its case (support/site-url.ts), yet `https://host.example/Shop`
 *   read the entitlements (and features) of `https://host.example/shop`.
 * MODIFY is safe to repeat, and no stored rows can collide: the case-insensitive keys already
 * kept them apart, and a binary comparison only tells more values apart.
 */
export const byteExactIdentifiers: Migration = {
  id: 7,
  name: 'byte-exact identifiers: Idempotency-Key and site URLs under a binary collation',
  statements: (table) => [
    `ALTER TABLE ${table('idempotency_keys')} MODIFY idempotency_key ${BINARY_TEXT}`,
    `ALTER TABLE ${table('api_keys')} MODIFY site_url ${BINARY_TEXT}`,
    `ALTER TABLE ${table('entitlements')} MODIFY site_url ${BINARY_TEXT}`,
    `ALTER TABLE ${table('orders')} MODIFY site_url ${BINARY_TEXT}`,
    `ALTER TABLE ${table('outbox')} MODIFY site_url ${BINARY_TEXT}`,
  ],
};
