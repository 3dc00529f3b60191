import type { ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/connections';
import { ApiError } from '../support/api-error';
import { decrypt, encrypt } from '../support/encryption';
import { prefixedId } from '../support/ids';
import { Problems, type Raw } from '../support/problems';
import { TtlCache } from '../support/ttl-cache';
import { normaliseStoreUrl } from './store-url';
import { signingKeys } from './webhook/woo-signature';

/** A WooCommerce store allowed to call the webhook, as admins see it: never its secret, only the last 4 characters. */
export interface StoreRecord {
  id: string;
  sourceUrl: string;
  secretLast4: string;
  createdAt: Date;
  updatedAt: Date;
  verification: VerificationHealth;
  /** Last 4 characters of the REST consumer key, or null when no REST credentials are stored. */
  restKeyLast4: string | null;
  reconcile: { reconciledUntil: Date | null; startedAt: Date | null; result: string };
  /** Hub orders of this store older than the silent threshold with no verified delivery since they were made. */
  unheardOrders: number;
}

/** How the store's deliveries fared at verification (docs/woocommerce-webhook.md, "Store health"). */
export interface VerificationHealth {
  failuresInRow: number;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  lastFailureReason: string;
}

/** What the webhook needs to verify a delivery from a store. */
export interface StoreKeys {
  id: string;
  sourceUrl: string;
  keys: Buffer[];
}

export const STORE_ID_PATTERN = /^sto_[0-9A-Z]{26}$/;
const MAX_SECRET_LENGTH = 1000;
const CACHE_TTL_MS = 5_000;

/** The secret exactly as entered (WooCommerce's own field, 50 characters by default): 1–1000 characters, untrimmed. */
export function readSecret(raw: Raw, problems: Problems): string {
  const secret = raw.secret;
  if (typeof secret !== 'string' || secret.length === 0 || secret.length > MAX_SECRET_LENGTH) {
    problems.add('secret', `is required: the webhook's secret exactly as WooCommerce shows it (1 to ${MAX_SECRET_LENGTH} characters)`);
    return '';
  }
  return secret;
}

export function readSourceUrl(raw: Raw, problems: Problems): string {
  const source = normaliseStoreUrl(raw.source_url);
  if (source === null) problems.add('source_url', "must be the store's absolute http(s) home URL, as X-WC-Webhook-Source sends it");
  return source ?? '';
}

const last4 = (secret: string) => [...secret].slice(-4).join('');

/**
 * svc_stores: the WooCommerce stores whose signed webhooks the hub accepts (`svc-hub-worker
 * store add`, the admin routes). Secrets are sealed with AES-256-GCM exactly as entered and
 * decoded into HMAC keys only when verifying. The webhook's lookups are cached for 5 s per
 * source; this process forgets on every change, another process's change shows within 5 s
 * (a new store at once: misses are not cached).
 */
export class WebhookStores {
  private readonly cache = new TtlCache<StoreKeys | null>(CACHE_TTL_MS, 1000);

  constructor(
    private readonly database: Database,
    private readonly encryptionKey: Buffer,
    private readonly silentHours = 24,
  ) {}

  private get table(): string {
    return this.database.table('stores');
  }

  async add(raw: Raw): Promise<StoreRecord> {
    const problems = new Problems();
    const sourceUrl = readSourceUrl(raw, problems);
    const secret = readSecret(raw, problems);
    problems.throwIfAny();
    const id = prefixedId('sto');
    try {
      await this.database.pool.execute(
        `INSERT INTO ${this.table} (id, source_url, secret_encrypted, created_at, updated_at) VALUES (?, ?, ?, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3))`,
        [id, sourceUrl, encrypt(secret, this.encryptionKey)],
      );
    } catch (error) {
      if ((error as { code?: string }).code === 'ER_DUP_ENTRY') {
        throw ApiError.conflict('svc_conflict', `A store with the source URL ${sourceUrl} already exists; change its secret instead.`);
      }
      throw error;
    }
    this.cache.delete(sourceUrl);
    return (await this.find(id))!;
  }

  async list(): Promise<StoreRecord[]> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(`${this.select()} ORDER BY store.source_url`, [this.silentHours * 3600]);
    return rows.map((row) => this.toRecord(row));
  }

  /** By id, or by source URL (normalised). */
  async find(idOrSource: string): Promise<StoreRecord | null> {
    const column = STORE_ID_PATTERN.test(idOrSource) ? 'id' : 'source_url';
    const value = column === 'id' ? idOrSource : normaliseStoreUrl(idOrSource);
    if (value === null) return null;
    const [rows] = await this.database.pool.query<RowDataPacket[]>(`${this.select()} WHERE store.${column} = ?`, [
      this.silentHours * 3600,
      value,
    ]);
    return rows[0] ? this.toRecord(rows[0]) : null;
  }

  /** Replaces the secret; null when there is no such store. */
  async rotate(id: string, raw: Raw): Promise<StoreRecord | null> {
    const problems = new Problems();
    const secret = readSecret(raw, problems);
    problems.throwIfAny();
    const store = await this.find(id);
    if (!store) return null;
    await this.database.pool.execute(`UPDATE ${this.table} SET secret_encrypted = ?, updated_at = UTC_TIMESTAMP(3) WHERE id = ?`, [
      encrypt(secret, this.encryptionKey),
      store.id,
    ]);
    this.cache.delete(store.sourceUrl);
    return this.find(store.id);
  }

  /** Removes a store; returns what it was, or null. */
  async remove(idOrSource: string): Promise<StoreRecord | null> {
    const store = await this.find(idOrSource);
    if (!store) return null;
    const [result] = await this.database.pool.execute<ResultSetHeader>(`DELETE FROM ${this.table} WHERE id = ?`, [store.id]);
    this.cache.delete(store.sourceUrl);
    return result.affectedRows > 0 ? store : null;
  }

  /** The HMAC keys of the store at `sourceUrl` (normalised), or null; `fresh` skips the cache. */
  async signingKeys(sourceUrl: string, fresh = false): Promise<StoreKeys | null> {
    if (fresh) this.cache.delete(sourceUrl);
    const keys = await this.cache.get(sourceUrl, () => this.loadKeys(sourceUrl));
    if (keys === null) this.cache.delete(sourceUrl);
    return keys;
  }

  private async loadKeys(sourceUrl: string): Promise<StoreKeys | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT id, source_url, secret_encrypted FROM ${this.table} WHERE source_url = ?`,
      [sourceUrl],
    );
    const row = rows[0];
    return row ? { id: row.id, sourceUrl: row.source_url, keys: signingKeys(decrypt(row.secret_encrypted, this.encryptionKey)) } : null;
  }

  /** Every column, and the count of hub orders unheard of (older than the silent threshold, no verified delivery since). */
  private select(): string {
    return `SELECT store.*, (
        SELECT COUNT(*) FROM ${this.database.table('orders')} hub_order
         WHERE hub_order.store = store.source_url
           AND hub_order.created_at <= UTC_TIMESTAMP(3) - INTERVAL ? SECOND
           AND (store.last_verified_at IS NULL OR hub_order.created_at > store.last_verified_at)
      ) AS unheard_orders
      FROM ${this.table} store`;
  }

  private toRecord(row: RowDataPacket): StoreRecord {
    return {
      id: row.id,
      sourceUrl: row.source_url,
      secretLast4: last4(decrypt(row.secret_encrypted, this.encryptionKey)),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      verification: {
        failuresInRow: Number(row.verify_failures_in_row),
        lastSuccessAt: row.last_verified_at,
        lastFailureAt: row.last_failure_at,
        lastFailureReason: row.last_failure_reason,
      },
      restKeyLast4: row.rest_credentials_encrypted ? row.rest_key_last4 : null,
      reconcile: { reconciledUntil: row.reconciled_until, startedAt: row.reconcile_started_at, result: row.reconcile_result },
      unheardOrders: Number(row.unheard_orders),
    };
  }
}
