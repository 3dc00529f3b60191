import type { Migration } from './migration';
import { TABLE_OPTIONS } from './table-options';

/**
 * The Responses API's stored responses (docs/architecture.md §9, docs/api-notes.md "Responses API"): one row
 * per response created with `store` true, readable only with the API key that created it, kept
 * until `expires_at` (SVC_RESPONSES_RETENTION_DAYS) and then purged by the retention job.
 * `request_json` holds the conversation before this response (`history`), this request's own
 * input items and the parameters echoed back; `output_json` the output items; `usage_json` the
 * Responses usage object. Bounded in size by the worker (MAX_STORED_RESPONSE_BYTES), well under
 * MEDIUMTEXT. Safe to repeat (IF NOT EXISTS).
 */
export const responses: Migration = {
  id: 15,
  name: 'router: stored Responses API responses',
  statements: (table) => [
    `CREATE TABLE IF NOT EXISTS ${table('responses')} (
      id VARCHAR(40) NOT NULL,
      api_key_id VARCHAR(40) NOT NULL,
      model VARCHAR(200) NOT NULL,
      status VARCHAR(20) NOT NULL,
      previous_response_id VARCHAR(40) NULL,
      request_json MEDIUMTEXT NOT NULL,
      output_json MEDIUMTEXT NOT NULL,
      usage_json TEXT NULL,
      created_at DATETIME(3) NOT NULL,
      expires_at DATETIME(3) NOT NULL,
      PRIMARY KEY (id),
      KEY key_created (api_key_id, created_at),
      KEY expires (expires_at)
    ) ${TABLE_OPTIONS}`,
  ],
};
