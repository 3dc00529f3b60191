import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

export const router: Migration = {
  id: 3,
  name: 'llm router: providers, purposes, prices, usage, rate counters',
  statements: (table) => [
    // Provider keys set by the admin (AES-256-GCM); environment keys are never stored.
    `CREATE TABLE IF NOT EXISTS ${table('providers')} (
      name VARCHAR(40) NOT NULL,
      api_key_encrypted TEXT NULL,
      api_key_last4 VARCHAR(4) NULL,
      base_url VARCHAR(500) NULL,
      enabled TINYINT(1) NOT NULL DEFAULT 1,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (name)
    ) ${TABLE_OPTIONS}`,
    `CREATE TABLE IF NOT EXISTS ${table('purposes')} (
      purpose VARCHAR(64) NOT NULL,
      description VARCHAR(500) NOT NULL DEFAULT '',
      models TEXT NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (purpose)
    ) ${TABLE_OPTIONS}`,
    `CREATE TABLE IF NOT EXISTS ${table('model_prices')} (
      model VARCHAR(200) NOT NULL,
      input_per_mtok DECIMAL(12,6) NOT NULL,
      output_per_mtok DECIMAL(12,6) NOT NULL,
      currency CHAR(3) NOT NULL DEFAULT 'USD',
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (model)
    ) ${TABLE_OPTIONS}`,
    // One row per call: opened when it starts, completed when it ends (batched).
    `CREATE TABLE IF NOT EXISTS ${table('usage')} (
      id VARCHAR(40) NOT NULL,
      request_id VARCHAR(128) NOT NULL,
      key_id VARCHAR(40) NOT NULL,
      team VARCHAR(190) NOT NULL DEFAULT '',
      campaign VARCHAR(190) NOT NULL DEFAULT '',
      end_user VARCHAR(190) NOT NULL DEFAULT '',
      purpose VARCHAR(64) NULL,
      kind VARCHAR(12) NOT NULL,
      provider VARCHAR(40) NULL,
      model VARCHAR(200) NULL,
      status VARCHAR(12) NOT NULL,
      attempts INT UNSIGNED NOT NULL DEFAULT 0,
      prompt_tokens INT UNSIGNED NULL,
      completion_tokens INT UNSIGNED NULL,
      total_tokens INT UNSIGNED NULL,
      usage_estimated TINYINT(1) NOT NULL DEFAULT 0,
      price_input_per_mtok DECIMAL(12,6) NULL,
      price_output_per_mtok DECIMAL(12,6) NULL,
      cost DECIMAL(16,8) NULL,
      currency CHAR(3) NOT NULL DEFAULT 'USD',
      latency_ms INT UNSIGNED NULL,
      first_token_ms INT UNSIGNED NULL,
      error_code VARCHAR(64) NULL,
      worker VARCHAR(190) NOT NULL,
      boot VARCHAR(40) NOT NULL,
      started_at DATETIME(3) NOT NULL,
      completed_at DATETIME(3) NULL,
      PRIMARY KEY (id),
      KEY started (started_at),
      KEY key_started (key_id, started_at),
      KEY open_rows (status, worker)
    ) ${TABLE_OPTIONS}`,
    // Requests per key per minute, summed over workers (each adds its count every second).
    `CREATE TABLE IF NOT EXISTS ${table('rate_counters')} (
      key_id VARCHAR(40) NOT NULL,
      window_start INT UNSIGNED NOT NULL,
      requests INT UNSIGNED NOT NULL,
      PRIMARY KEY (key_id, window_start)
    ) ${TABLE_OPTIONS}`,
  ],
};
