import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

/**
 * AI sold through WooCommerce (docs/architecture.md §11, docs/commerce.md "AI allowances and
 * credits"). `packages` gain: `kind` standard | credit with `credit_amount` (USD) and
 * `credit_scope` site | customer; an AI allowance (`ai_allowance_amount` USD per
 * `ai_allowance_period` month | year | term | total); `overage_mode` stop | bill with
 * `overage_cap`; `markup_percent`. `credit_ledger` holds one row per movement of a credits
 * balance (order +, call −, refund −, adjustment ±; credits do not expire) — the balance is their sum — with a
 * unique (kind, reference) so an order or a refund delivered twice moves nothing twice; a refund's
 * `asked` is its share, of which `amount` is what was unspent then (the rest is taken as leases return).
 * `ai_periods` one row per allowance period of an entitlement (its budget, what it allowed, what
 * was used and billed when it closed: the overage statement). `ai_alerts` the 50/80/100 %
 * crossings of an allowance or credits budget. `site_ai_settings` an admin's per-site markup and the
 * site's AI alert webhook (URL, encrypted signing secret).
 * Safe to repeat.
 */
export const aiCommerce: Migration = {
  id: 22,
  name: 'commerce: AI allowances, credit packs, overage and markup on packages; credit ledger, allowance periods, AI alerts',
  statements: (table) => {
    const packages = table('packages');
    return [
      `SET @svc_hub_022 = IF(
        (SELECT COUNT(*) FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${packages.replace(/`/g, '')}' AND COLUMN_NAME = 'kind') = 0,
        'ALTER TABLE ${packages} ADD COLUMN kind VARCHAR(10) NOT NULL DEFAULT ''standard'' AFTER store,
          ADD COLUMN credit_amount DECIMAL(18,8) NULL AFTER kind, ADD COLUMN credit_scope VARCHAR(10) NULL AFTER credit_amount,
          ADD COLUMN ai_allowance_amount DECIMAL(18,8) NULL AFTER credit_scope, ADD COLUMN ai_allowance_period VARCHAR(10) NULL AFTER ai_allowance_amount,
          ADD COLUMN overage_mode VARCHAR(10) NULL AFTER ai_allowance_period, ADD COLUMN overage_cap DECIMAL(18,8) NULL AFTER overage_mode,
          ADD COLUMN markup_percent DECIMAL(10,4) NULL AFTER overage_cap',
        'DO 0')`,
      'PREPARE svc_hub_022 FROM @svc_hub_022',
      'EXECUTE svc_hub_022',
      'DEALLOCATE PREPARE svc_hub_022',
      `CREATE TABLE IF NOT EXISTS ${table('credit_ledger')} (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        scope_kind VARCHAR(10) NOT NULL,
        scope_value VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
        budget_id VARCHAR(40) NOT NULL,
        kind VARCHAR(12) NOT NULL,
        amount DECIMAL(18,8) NOT NULL,
        asked DECIMAL(18,8) NULL,
        reference VARCHAR(100) CHARACTER SET ascii COLLATE ascii_bin NULL,
        reason VARCHAR(500) NOT NULL DEFAULT '',
        actor VARCHAR(190) NOT NULL DEFAULT '',
        created_at DATETIME(3) NOT NULL,
        PRIMARY KEY (id),
        UNIQUE KEY movement (kind, reference),
        KEY scope (scope_kind, scope_value, id)
      ) ${TABLE_OPTIONS}`,
      `CREATE TABLE IF NOT EXISTS ${table('ai_periods')} (
        id VARCHAR(40) NOT NULL,
        site_url VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
        entitlement_id VARCHAR(40) NOT NULL,
        package_id VARCHAR(64) NOT NULL,
        budget_id VARCHAR(40) NOT NULL,
        period VARCHAR(10) NOT NULL,
        allowance DECIMAL(18,8) NOT NULL,
        overage_mode VARCHAR(10) NOT NULL,
        overage_cap DECIMAL(18,8) NOT NULL DEFAULT 0,
        starts_at DATETIME(3) NOT NULL,
        ends_at DATETIME(3) NULL,
        term_ends_at DATETIME(3) NULL,
        closed_at DATETIME(3) NULL,
        used DECIMAL(18,8) NULL,
        overage DECIMAL(18,8) NULL,
        billed_at DATETIME(3) NULL,
        billed_reference VARCHAR(100) NULL,
        PRIMARY KEY (id),
        KEY open_period (entitlement_id, closed_at),
        KEY site (site_url, starts_at)
      ) ${TABLE_OPTIONS}`,
      `CREATE TABLE IF NOT EXISTS ${table('ai_alerts')} (
        budget_id VARCHAR(40) NOT NULL,
        threshold TINYINT UNSIGNED NOT NULL,
        site_url VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
        role VARCHAR(10) NOT NULL,
        used DECIMAL(18,8) NOT NULL,
        amount DECIMAL(18,8) NOT NULL,
        reached_at DATETIME(3) NOT NULL,
        PRIMARY KEY (budget_id, threshold),
        KEY site (site_url, reached_at)
      ) ${TABLE_OPTIONS}`,
      `CREATE TABLE IF NOT EXISTS ${table('site_ai_settings')} (
        site_url VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
        markup_percent DECIMAL(10,4) NULL,
        alert_url VARCHAR(2048) NULL,
        alert_secret TEXT NULL,
        updated_at DATETIME(3) NOT NULL,
        PRIMARY KEY (site_url)
      ) ${TABLE_OPTIONS}`,
    ];
  },
};
