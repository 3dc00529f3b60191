import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

/** Item ids (`msg_…`, `fc_…`, `fco_…` or a client's own, [A-Za-z0-9_-]{1,64}): compared byte for byte. */
const ITEM_ID = 'VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL';

/**
 * The Responses API's item index (docs/api-notes.md "Responses API"): one row per item a stored
 * response brought in — its own input items and its output items — so that `item_reference`
 * finds the response holding an item by primary key instead of scanning the key's stored JSON.
 * Written with the response, deleted with it (DELETE /responses/{id}, the retention purge: each
 * row carries its response's `expires_at`). An item id may appear in several responses (a
 * resolved reference is stored again as input): the newest kept one answers.
 * The backfill indexes responses stored before this step (JSON_TABLE: MariaDB 10.6+, MySQL 8).
 * Safe to repeat (IF NOT EXISTS, INSERT IGNORE).
 */
export const responseItems: Migration = {
  id: 18,
  name: 'router: index of stored Responses API items',
  statements: (table) => {
    const backfill = (column: string, path: string) =>
      `INSERT IGNORE INTO ${table('response_items')} (api_key_id, item_id, response_id, expires_at)
       SELECT response.api_key_id, item.item_id, response.id, response.expires_at
       FROM ${table('responses')} response,
         JSON_TABLE(response.${column}, '${path}' COLUMNS (item_id VARCHAR(64) CHARACTER SET ascii PATH '$.id')) item
       WHERE item.item_id IS NOT NULL AND item.item_id REGEXP '^[A-Za-z0-9_-]{1,64}$'`;
    return [
      `CREATE TABLE IF NOT EXISTS ${table('response_items')} (
        api_key_id VARCHAR(40) NOT NULL,
        item_id ${ITEM_ID},
        response_id VARCHAR(40) NOT NULL,
        expires_at DATETIME(3) NOT NULL,
        PRIMARY KEY (api_key_id, item_id, response_id),
        KEY response (response_id),
        KEY expires (expires_at)
      ) ${TABLE_OPTIONS}`,
      backfill('output_json', '$[*]'),
      backfill('request_json', '$.input[*]'),
    ];
  },
};
