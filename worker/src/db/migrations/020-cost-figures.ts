import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

/**
 * The figures of a call's cost (docs/architecture.md §11, docs/api-notes.md "Provider-reported
 * cost" and "Billed amount"): a usage row keeps `provider_cost` (what the provider reported it
 * charged, OpenRouter's `usage.cost`) beside the hub's own `cost`, and `billed` (cost × (1 +
 * markup %); NULL: no markup, billed = cost). `provider_prices` holds the admin's default price
 * per provider, for the models the catalog does not price; `model_prices.source` tells the
 * admin's own prices (`admin`) from those a price sync loaded (`openrouter`), which a later sync
 * may replace. MySQL 8 has no `ADD COLUMN IF NOT EXISTS`: each column is added only when
 * information_schema does not list it yet (as 014). Safe to repeat.
 */
const COLUMNS: Array<[table: string, column: string, definition: string]> = [
  ['usage', 'provider_cost', 'DECIMAL(20,8) NULL AFTER cost'],
  ['usage', 'billed', 'DECIMAL(20,8) NULL AFTER provider_cost'],
  ['model_prices', 'source', "VARCHAR(20) NOT NULL DEFAULT 'admin' AFTER currency"],
];

export const costFigures: Migration = {
  id: 20,
  name: 'router: provider-reported cost and billed amount on usage rows, default prices per provider, price sources',
  statements: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table('provider_prices')} (
      provider VARCHAR(40) NOT NULL,
      input_per_mtok DECIMAL(12,6) NOT NULL,
      output_per_mtok DECIMAL(12,6) NOT NULL,
      cache_read_per_mtok DECIMAL(12,6) NULL,
      cache_write_per_mtok DECIMAL(12,6) NULL,
      currency CHAR(3) NOT NULL DEFAULT 'USD',
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (provider)
    ) ${TABLE_OPTIONS}`,
    ...COLUMNS.flatMap(([name, column, definition]) => {
      const quoted = table(name);
      return [
        `SET @svc_hub_020 = IF(
        (SELECT COUNT(*) FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${quoted.replace(/`/g, '')}' AND COLUMN_NAME = '${column}') = 0,
        'ALTER TABLE ${quoted} ADD COLUMN ${column} ${definition.replace(/'/g, "''")}',
        'DO 0')`,
        'PREPARE svc_hub_020 FROM @svc_hub_020',
        'EXECUTE svc_hub_020',
        'DEALLOCATE PREPARE svc_hub_020',
      ];
    }),
  ],
};
