import type { Migration } from './migration';

/**
 * The buyer on a hub order (docs/architecture.md §5 "Checkout", docs/commerce.md "Checkout"):
 * `orders` gain `buyer_email` (lower case, ≤ 100), `buyer_name` (≤ 200, "" when none) and
 * `buyer_customer_id` (the WooCommerce customer id an admin key named; NULL otherwise). All
 * NULL for orders made before this step and for checkouts naming no buyer. Safe to repeat.
 */
export const orderBuyer: Migration = {
  id: 23,
  name: 'commerce: the buyer (email, name, WooCommerce customer id) on hub orders',
  statements: (table) => {
    const orders = table('orders');
    return [
      `SET @svc_hub_023 = IF(
        (SELECT COUNT(*) FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${orders.replace(/`/g, '')}' AND COLUMN_NAME = 'buyer_email') = 0,
        'ALTER TABLE ${orders} ADD COLUMN buyer_email VARCHAR(100) NULL AFTER woo_order_id,
          ADD COLUMN buyer_name VARCHAR(200) NULL AFTER buyer_email, ADD COLUMN buyer_customer_id BIGINT UNSIGNED NULL AFTER buyer_name',
        'DO 0')`,
      'PREPARE svc_hub_023 FROM @svc_hub_023',
      'EXECUTE svc_hub_023',
      'DEALLOCATE PREPARE svc_hub_023',
    ];
  },
};
