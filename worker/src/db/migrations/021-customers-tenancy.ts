import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

/**
 * Tenancy (docs/architecture.md §11, docs/api-notes.md "Customers and tenancy"): a team is a label
 * within a site. `customers` are the buyers who own sites (`cus_…`, learned from paid WooCommerce
 * orders: a store's customer id, or the billing email of a guest order), `customer_sites` which
 * customer each site belongs to (`source` order | admin: an admin's choice is not overwritten by a
 * later order). `budgets.scope_site` is the site a `team` budget belongs to: a team budget made
 * before it has none, matches no call and is flagged for the admin to re-scope. Cached answers of
 * the old `team:<label>` scope were shared across sites; they are dropped (a `team` scope is now
 * the site and the team). Safe to repeat.
 */
export const customersTenancy: Migration = {
  id: 21,
  name: 'tenancy: customers and their sites, team budgets per site, team cache scopes per site',
  statements: (table) => {
    const budgets = table('budgets');
    return [
      `CREATE TABLE IF NOT EXISTS ${table('customers')} (
        id VARCHAR(40) NOT NULL,
        store VARCHAR(255) NOT NULL DEFAULT '',
        woo_customer_id BIGINT UNSIGNED NULL,
        email VARCHAR(190) NULL,
        name VARCHAR(190) NOT NULL DEFAULT '',
        created_at DATETIME(3) NOT NULL,
        PRIMARY KEY (id),
        UNIQUE KEY store_customer (store, woo_customer_id),
        KEY store_email (store, email)
      ) ${TABLE_OPTIONS}`,
      `CREATE TABLE IF NOT EXISTS ${table('customer_sites')} (
        site_url VARCHAR(255) NOT NULL,
        customer_id VARCHAR(40) NOT NULL,
        source VARCHAR(10) NOT NULL,
        updated_at DATETIME(3) NOT NULL,
        PRIMARY KEY (site_url),
        KEY customer (customer_id)
      ) ${TABLE_OPTIONS}`,
      `SET @svc_hub_021 = IF(
        (SELECT COUNT(*) FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${budgets.replace(/`/g, '')}' AND COLUMN_NAME = 'scope_site') = 0,
        'ALTER TABLE ${budgets} ADD COLUMN scope_site VARCHAR(255) NULL AFTER scope_value',
        'DO 0')`,
      'PREPARE svc_hub_021 FROM @svc_hub_021',
      'EXECUTE svc_hub_021',
      'DEALLOCATE PREPARE svc_hub_021',
      `DELETE FROM ${table('cache_entries')} WHERE scope LIKE 'team:%' AND scope NOT LIKE 'team:site:%'`,
    ];
  },
};
