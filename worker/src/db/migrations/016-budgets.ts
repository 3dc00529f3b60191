import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

/**
 * Spend budgets (docs/architecture.md §11, docs/api-notes.md "Budgets"): `budgets` holds each limit (scope
 * key | team | site, period day | month | total, amount in USD, hard or soft, an optional alert
 * URL and its encrypted signing secret); `budget_windows` one row per budget and period window
 * (UTC day, UTC month, or the single total window starting 1970-01-01) with the settled `spent`,
 * the `reserved` estimates of calls in flight and when the 80 % and 100 % alerts were raised;
 * `budget_reservations` one row per call and budget, so settling and the expiry job release
 * each reservation exactly once and a crash leaves none forever. Safe to repeat.
 */
export const budgets: Migration = {
  id: 16,
  name: 'router: budgets, their period windows and reservations',
  statements: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table('budgets')} (
      id VARCHAR(40) NOT NULL,
      scope_kind VARCHAR(10) NOT NULL,
      scope_value VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
      period VARCHAR(10) NOT NULL,
      amount DECIMAL(18,8) NOT NULL,
      hard TINYINT(1) NOT NULL,
      alert_url VARCHAR(2048) NULL,
      alert_secret TEXT NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      KEY scope (scope_kind, scope_value)
    ) ${TABLE_OPTIONS}`,
    `CREATE TABLE IF NOT EXISTS ${table('budget_windows')} (
      budget_id VARCHAR(40) NOT NULL,
      window_start DATETIME NOT NULL,
      spent DECIMAL(18,8) NOT NULL DEFAULT 0,
      reserved DECIMAL(18,8) NOT NULL DEFAULT 0,
      alerted_80_at DATETIME(3) NULL,
      alerted_100_at DATETIME(3) NULL,
      PRIMARY KEY (budget_id, window_start)
    ) ${TABLE_OPTIONS}`,
    `CREATE TABLE IF NOT EXISTS ${table('budget_reservations')} (
      call_id VARCHAR(40) NOT NULL,
      budget_id VARCHAR(40) NOT NULL,
      window_start DATETIME NOT NULL,
      amount DECIMAL(18,8) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      expires_at DATETIME(3) NOT NULL,
      PRIMARY KEY (call_id, budget_id),
      KEY expires (expires_at)
    ) ${TABLE_OPTIONS}`,
  ],
};
