import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

/**
 * Commerce and license hub (docs/architecture.md §5): packages, orders and their history, checkout
 * idempotency, WooCommerce stores, the webhook audit log, and the propagation outbox.
 */
export const commerce: Migration = {
  id: 4,
  name: 'commerce: packages, orders, idempotency, stores, webhook audit, outbox',
  statements: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table('packages')} (
      package_id VARCHAR(64) NOT NULL,
      name VARCHAR(190) NOT NULL,
      description TEXT NOT NULL,
      price_amount DECIMAL(12,2) NOT NULL,
      currency CHAR(3) NOT NULL,
      features TEXT NOT NULL,
      duration_days INT UNSIGNED NULL,
      woo_product_id BIGINT UNSIGNED NULL,
      store VARCHAR(255) NULL,
      status VARCHAR(10) NOT NULL DEFAULT 'active',
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (package_id),
      KEY status (status)
    ) ${TABLE_OPTIONS}`,
    // last_event_at: date_modified_gmt of the last WooCommerce state applied (older ones are ignored).
    `CREATE TABLE IF NOT EXISTS ${table('orders')} (
      id VARCHAR(40) NOT NULL,
      api_key_id VARCHAR(40) NOT NULL,
      package_id VARCHAR(64) NOT NULL,
      site_url VARCHAR(255) NOT NULL,
      status VARCHAR(12) NOT NULL,
      total_amount DECIMAL(12,2) NOT NULL,
      currency CHAR(3) NOT NULL,
      store VARCHAR(255) NULL,
      payment_url VARCHAR(1000) NOT NULL,
      woo_order_id BIGINT UNSIGNED NULL,
      last_event_at DATETIME(3) NULL,
      paid_at DATETIME(3) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      KEY site_status (site_url(191), status),
      KEY status_created (status, created_at),
      KEY api_key (api_key_id)
    ) ${TABLE_OPTIONS}`,
    `CREATE TABLE IF NOT EXISTS ${table('order_history')} (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
      order_id VARCHAR(40) NOT NULL,
      status VARCHAR(12) NOT NULL,
      source VARCHAR(40) NOT NULL,
      detail VARCHAR(500) NOT NULL DEFAULT '',
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      KEY order_id (order_id, id)
    ) ${TABLE_OPTIONS}`,
    // One row per (API key, Idempotency-Key); order_id NULL while the first request is running.
    `CREATE TABLE IF NOT EXISTS ${table('idempotency_keys')} (
      api_key_id VARCHAR(40) NOT NULL,
      idempotency_key VARCHAR(255) NOT NULL,
      request_hash CHAR(64) NOT NULL,
      order_id VARCHAR(40) NULL,
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (api_key_id, idempotency_key),
      KEY created_at (created_at)
    ) ${TABLE_OPTIONS}`,
    // A WooCommerce store that may call the webhook: its home URL (with trailing slash) and secret.
    `CREATE TABLE IF NOT EXISTS ${table('stores')} (
      id VARCHAR(40) NOT NULL,
      source_url VARCHAR(255) NOT NULL,
      secret_encrypted TEXT NOT NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      UNIQUE KEY source_url (source_url(191))
    ) ${TABLE_OPTIONS}`,
    `CREATE TABLE IF NOT EXISTS ${table('webhook_audit')} (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
      received_at DATETIME(3) NOT NULL,
      client_ip VARCHAR(45) NOT NULL,
      source VARCHAR(255) NOT NULL DEFAULT '',
      topic VARCHAR(100) NOT NULL DEFAULT '',
      delivery_id VARCHAR(100) NOT NULL DEFAULT '',
      webhook_id VARCHAR(40) NOT NULL DEFAULT '',
      headers TEXT NOT NULL,
      body MEDIUMBLOB NOT NULL,
      body_bytes INT UNSIGNED NOT NULL,
      body_sha256 CHAR(64) NOT NULL,
      signature_result VARCHAR(20) NOT NULL,
      reason VARCHAR(500) NOT NULL DEFAULT '',
      outcome VARCHAR(20) NOT NULL,
      http_status SMALLINT UNSIGNED NOT NULL,
      order_id VARCHAR(40) NULL,
      woo_order_id BIGINT UNSIGNED NULL,
      expires_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      KEY ip_time (client_ip, received_at),
      KEY result_time (signature_result, received_at),
      KEY expires_at (expires_at)
    ) ${TABLE_OPTIONS}`,
    // One message per entitlement change; id is the Standard Webhooks webhook-id.
    // claimed_until: a delivering worker's lease (claimed under FOR UPDATE SKIP LOCKED).
    `CREATE TABLE IF NOT EXISTS ${table('outbox')} (
      id VARCHAR(40) NOT NULL,
      sequence BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
      site_url VARCHAR(255) NOT NULL,
      event_type VARCHAR(64) NOT NULL,
      payload MEDIUMTEXT NOT NULL,
      status VARCHAR(12) NOT NULL DEFAULT 'pending',
      attempts INT UNSIGNED NOT NULL DEFAULT 0,
      next_attempt_at DATETIME(3) NOT NULL,
      claimed_until DATETIME(3) NULL,
      last_http_status SMALLINT UNSIGNED NULL,
      last_error VARCHAR(500) NULL,
      created_at DATETIME(3) NOT NULL,
      delivered_at DATETIME(3) NULL,
      PRIMARY KEY (id),
      UNIQUE KEY sequence (sequence),
      KEY due (status, next_attempt_at),
      KEY site (site_url(191), sequence)
    ) ${TABLE_OPTIONS}`,
    `CREATE TABLE IF NOT EXISTS ${table('outbox_attempts')} (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
      message_id VARCHAR(40) NOT NULL,
      attempt INT UNSIGNED NOT NULL,
      endpoint VARCHAR(500) NOT NULL,
      started_at DATETIME(3) NOT NULL,
      duration_ms INT UNSIGNED NOT NULL,
      http_status SMALLINT UNSIGNED NULL,
      error VARCHAR(500) NULL,
      response_excerpt VARCHAR(1000) NULL,
      PRIMARY KEY (id),
      KEY message (message_id, attempt)
    ) ${TABLE_OPTIONS}`,
  ],
};
