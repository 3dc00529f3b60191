import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

/**
 * WooCommerce Subscriptions (docs/commerce.md, "Subscriptions"): one row per subscription the
 * hub has linked to the hub order its parent order paid, so renewals and status changes find
 * the order and its entitlement. `store` is '' for WooCommerce on this site (a unique key
 * cannot hold NULL). `paid_until`: the end of the paid term as last known (the subscription's
 * next payment date). `renewal_failed_at`: when a renewal failed, until one is paid;
 * `suspended_at`: when the grace period after it ran out and the entitlement was suspended.
 * `renewal_order_ids`: the renewal orders already applied (JSON array), so a repeated delivery
 * extends nothing. Safe to repeat (IF NOT EXISTS).
 */
export const subscriptions: Migration = {
  id: 13,
  name: 'commerce: WooCommerce subscriptions linked to hub orders',
  statements: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table('subscriptions')} (
      store VARCHAR(255) NOT NULL,
      subscription_id BIGINT UNSIGNED NOT NULL,
      order_id VARCHAR(40) NOT NULL,
      status VARCHAR(20) NOT NULL,
      billing_period VARCHAR(10) NOT NULL DEFAULT '',
      billing_interval INT UNSIGNED NOT NULL DEFAULT 1,
      paid_until DATETIME(3) NULL,
      end_at DATETIME(3) NULL,
      renewal_failed_at DATETIME(3) NULL,
      suspended_at DATETIME(3) NULL,
      renewal_order_ids TEXT NOT NULL,
      last_event_at DATETIME(3) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (store(191), subscription_id),
      UNIQUE KEY order_id (order_id),
      KEY renewal_failed (renewal_failed_at)
    ) ${TABLE_OPTIONS}`,
  ],
};
