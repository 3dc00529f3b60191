import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { decrypt, encrypt } from '../../support/encryption';
import type { Problems, Raw } from '../../support/problems';

/** A WooCommerce REST API key pair (WooCommerce → Settings → Advanced → REST API), permission Read. */
export interface RestCredentials {
  consumerKey: string;
  consumerSecret: string;
}

// WooCommerce makes them `ck_`/`cs_` + 40 hex digits; any plain token is accepted, nothing that would break a header.
const KEY_PATTERN = /^ck_[A-Za-z0-9_-]{8,200}$/;
const SECRET_PATTERN = /^cs_[A-Za-z0-9_-]{8,200}$/;

/**
 * `rest_credentials` of a store change: `{consumer_key, consumer_secret}` to set, null to clear;
 * undefined when the field is absent.
 */
export function readRestCredentials(raw: Raw, problems: Problems): RestCredentials | null | undefined {
  if (!Object.hasOwn(raw, 'rest_credentials')) return undefined;
  const value = raw.rest_credentials;
  if (value === null) return null;
  const given = typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {};
  const consumerKey = typeof given.consumer_key === 'string' ? given.consumer_key.trim() : '';
  const consumerSecret = typeof given.consumer_secret === 'string' ? given.consumer_secret.trim() : '';
  if (!KEY_PATTERN.test(consumerKey))
    problems.add('rest_credentials.consumer_key', 'must be the REST API consumer key WooCommerce showed (ck_…)');
  if (!SECRET_PATTERN.test(consumerSecret))
    problems.add('rest_credentials.consumer_secret', 'must be the REST API consumer secret WooCommerce showed (cs_…)');
  return { consumerKey, consumerSecret };
}

/**
 * The REST credentials of each store, sealed with SVC_ENCRYPTION_KEY like its secret (one
 * value holding both halves) and never returned: admins see the last 4 characters of the key.
 */
export class RestCredentialStore {
  constructor(
    private readonly database: Database,
    private readonly encryptionKey: Buffer,
  ) {}

  private get table(): string {
    return this.database.table('stores');
  }

  /** Sets (or with null clears) the credentials; false when there is no such store. */
  async save(storeId: string, credentials: RestCredentials | null): Promise<boolean> {
    const sealed = credentials && encrypt(JSON.stringify([credentials.consumerKey, credentials.consumerSecret]), this.encryptionKey);
    const last4 = credentials ? credentials.consumerKey.slice(-4) : '';
    // Cleared credentials also forget the cursor: credentials set later start from their own first pass.
    const [result] = await this.database.pool.execute(
      `UPDATE ${this.table} SET rest_credentials_encrypted = ?, rest_key_last4 = ?, updated_at = UTC_TIMESTAMP(3),
         reconciled_until = IF(? IS NULL, NULL, reconciled_until), reconcile_result = IF(? IS NULL, '', reconcile_result) WHERE id = ?`,
      [sealed, last4, sealed, sealed, storeId],
    );
    return (result as { affectedRows: number }).affectedRows > 0;
  }

  /** The decrypted credentials of a store, or null when it has none. */
  async read(storeId: string): Promise<RestCredentials | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(`SELECT rest_credentials_encrypted FROM ${this.table} WHERE id = ?`, [
      storeId,
    ]);
    const sealed = rows[0]?.rest_credentials_encrypted as string | null | undefined;
    if (!sealed) return null;
    const [consumerKey, consumerSecret] = JSON.parse(decrypt(sealed, this.encryptionKey)) as [string, string];
    return { consumerKey, consumerSecret };
  }
}
