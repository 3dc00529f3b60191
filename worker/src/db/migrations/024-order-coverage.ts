import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

/**
 * Coverage as the union of an entitlement's paid orders (docs/architecture.md §5,
 * docs/commerce.md "Coverage"). `order_coverage`: one row per hub order that was ever paid —
 * its first payment (its place in the chain) and the period it covers now (`covers_until`
 * NULL: for ever); a refund or a cancellation in the store leaves the row and the chain is
 * recomputed from the orders still paid. Orders paid before this step get the period their
 * payment gave them (their package's duration from the payment). `order_history` gains a
 * refund's WooCommerce id and amount: a partial refund is one history row, once per refund id
 * (unique with the order). Safe to repeat.
 */
export const orderCoverage: Migration = {
  id: 24,
  name: 'commerce: the period each paid order covers; refunds on the order history',
  statements: (table) => {
    const history = table('order_history');
    return [
      `CREATE TABLE IF NOT EXISTS ${table('order_coverage')} (
        order_id VARCHAR(40) NOT NULL,
        site_url VARCHAR(255) NOT NULL,
        package_id VARCHAR(64) NOT NULL,
        first_paid_at DATETIME(3) NOT NULL,
        covers_from DATETIME(3) NOT NULL,
        covers_until DATETIME(3) NULL,
        updated_at DATETIME(3) NOT NULL,
        PRIMARY KEY (order_id),
        KEY site_package (site_url(191), package_id)
      ) ${TABLE_OPTIONS}`,
      `INSERT IGNORE INTO ${table('order_coverage')} (order_id, site_url, package_id, first_paid_at, covers_from, covers_until, updated_at)
        SELECT o.id, o.site_url, o.package_id, o.paid_at, o.paid_at,
          IF(p.duration_days IS NULL, NULL, o.paid_at + INTERVAL p.duration_days DAY), UTC_TIMESTAMP(3)
        FROM ${table('orders')} o JOIN ${table('packages')} p ON p.package_id = o.package_id
        WHERE o.paid_at IS NOT NULL`,
      `SET @svc_hub_024 = IF(
        (SELECT COUNT(*) FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${history.replace(/`/g, '')}' AND COLUMN_NAME = 'refund_id') = 0,
        'ALTER TABLE ${history} ADD COLUMN refund_id BIGINT UNSIGNED NULL AFTER detail, ADD COLUMN amount DECIMAL(20,6) NULL AFTER refund_id,
          ADD UNIQUE KEY refund (order_id, refund_id)',
        'DO 0')`,
      'PREPARE svc_hub_024 FROM @svc_hub_024',
      'EXECUTE svc_hub_024',
      'DEALLOCATE PREPARE svc_hub_024',
    ];
  },
};
