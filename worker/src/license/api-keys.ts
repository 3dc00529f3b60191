import type { ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/connections';
import { decrypt, encrypt } from '../support/encryption';
import { prefixedId } from '../support/ids';
import { displayPrefix, generateApiKey, generateWebhookSecret, hashApiKey } from './api-key-format';

export type KeyScope = 'client' | 'admin';
export type KeyStatus = 'active' | 'revoked';

/** An API key as stored: never the key itself, never the webhook secret in clear. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  displayPrefix: string;
  siteUrl: string;
  team: string;
  scope: KeyScope;
  status: KeyStatus;
  rateLimitPerMinute: number;
  /** Calls (chat, streams, embeddings) this key may have in flight at once on one worker. */
  maxConcurrentCalls: number;
  webhookEndpoint: string | null;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

export interface NewApiKey {
  siteUrl: string;
  team: string;
  scope: KeyScope;
  name: string;
  rateLimitPerMinute: number;
  /** Default 20 (migration 009's column default). */
  maxConcurrentCalls?: number;
  /** Where entitlement changes are POSTed; unset: `<site_url>/wp-json/svc-client/v1/entitlement`. */
  webhookEndpoint?: string;
}

/** The limits an admin may change after creation (PATCH /admin/keys/{id}). */
export interface KeyLimits {
  rateLimitPerMinute?: number;
  maxConcurrentCalls?: number;
}

export const DEFAULT_MAX_CONCURRENT_CALLS = 20;

/** Shown exactly once, at creation (and the webhook secret again at rotation). */
export interface IssuedApiKey {
  record: ApiKeyRecord;
  key: string;
  webhookSecret: string;
}

const COLUMNS = `id, name, display_prefix, site_url, team, scope, status, rate_limit_per_minute,
  max_concurrent_calls, webhook_endpoint, created_at, revoked_at, last_used_at`;

function toRecord(row: RowDataPacket): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    displayPrefix: row.display_prefix,
    siteUrl: row.site_url,
    team: row.team,
    scope: row.scope,
    status: row.status,
    rateLimitPerMinute: Number(row.rate_limit_per_minute),
    maxConcurrentCalls: Number(row.max_concurrent_calls),
    webhookEndpoint: row.webhook_endpoint,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
  };
}

/** The API-key table: create (hash only), look up by key, list, revoke, rotate the site secret. */
export class ApiKeyStore {
  constructor(
    private readonly database: Database,
    private readonly encryptionKey: Buffer,
  ) {}

  async create(input: NewApiKey): Promise<IssuedApiKey> {
    const key = generateApiKey();
    const webhookSecret = generateWebhookSecret();
    const id = prefixedId('key');
    await this.database.pool.execute(
      `INSERT INTO ${this.database.table('api_keys')}
        (id, name, key_hash, display_prefix, site_url, team, scope, status, rate_limit_per_minute,
         max_concurrent_calls, webhook_secret_encrypted, webhook_endpoint, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, UTC_TIMESTAMP(3))`,
      [
        id,
        input.name,
        hashApiKey(key),
        displayPrefix(key),
        input.siteUrl,
        input.team,
        input.scope,
        input.rateLimitPerMinute,
        input.maxConcurrentCalls ?? DEFAULT_MAX_CONCURRENT_CALLS,
        encrypt(webhookSecret, this.encryptionKey),
        input.webhookEndpoint ?? null,
      ],
    );
    const record = await this.findById(id);
    if (!record) throw new Error(`API key ${id} vanished right after it was created.`);
    return { record, key, webhookSecret };
  }

  async findByKey(key: string): Promise<ApiKeyRecord | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT ${COLUMNS} FROM ${this.database.table('api_keys')} WHERE key_hash = ?`,
      [hashApiKey(key)],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async findById(id: string): Promise<ApiKeyRecord | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT ${COLUMNS} FROM ${this.database.table('api_keys')} WHERE id = ?`,
      [id],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async list(page: number, perPage: number): Promise<{ items: ApiKeyRecord[]; total: number }> {
    const table = this.database.table('api_keys');
    const [[count]] = await this.database.pool.query<RowDataPacket[]>(`SELECT COUNT(*) AS total FROM ${table}`);
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT ${COLUMNS} FROM ${table} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      [perPage, (page - 1) * perPage],
    );
    return { items: rows.map(toRecord), total: Number(count?.total ?? 0) };
  }

  /** The site's active keys, newest first (propagation signs with each and posts to the newest endpoint). */
  async listActiveForSite(siteUrl: string): Promise<ApiKeyRecord[]> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT ${COLUMNS} FROM ${this.database.table('api_keys')}
        WHERE site_url = ? AND status = 'active' ORDER BY created_at DESC, id DESC`,
      [siteUrl],
    );
    return rows.map(toRecord);
  }

  /** Sets the limits given (revoked keys too, harmlessly); null when the key is unknown. */
  async setLimits(id: string, limits: KeyLimits): Promise<ApiKeyRecord | null> {
    const columns: Array<[string, number | undefined]> = [
      ['rate_limit_per_minute', limits.rateLimitPerMinute],
      ['max_concurrent_calls', limits.maxConcurrentCalls],
    ];
    const given = columns.filter((column): column is [string, number] => column[1] !== undefined);
    if (given.length > 0) {
      await this.database.pool.execute(
        `UPDATE ${this.database.table('api_keys')} SET ${given.map(([name]) => `${name} = ?`).join(', ')} WHERE id = ?`,
        [...given.map(([, value]) => value), id],
      );
    }
    return this.findById(id);
  }

  /** Revokes an active key; returns the record (unchanged when already revoked), null when unknown. */
  async revoke(id: string): Promise<ApiKeyRecord | null> {
    await this.database.pool.execute(
      `UPDATE ${this.database.table('api_keys')} SET status = 'revoked', revoked_at = UTC_TIMESTAMP(3)
        WHERE id = ? AND status = 'active'`,
      [id],
    );
    return this.findById(id);
  }

  /** Issues a new webhook secret for the key's site; the old one stops working at once. */
  async rotateWebhookSecret(id: string): Promise<string | null> {
    const webhookSecret = generateWebhookSecret();
    const [result] = await this.database.pool.execute<ResultSetHeader>(
      `UPDATE ${this.database.table('api_keys')} SET webhook_secret_encrypted = ? WHERE id = ?`,
      [encrypt(webhookSecret, this.encryptionKey), id],
    );
    return result.affectedRows === 1 ? webhookSecret : null;
  }

  async webhookSecret(id: string): Promise<string | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT webhook_secret_encrypted FROM ${this.database.table('api_keys')} WHERE id = ?`,
      [id],
    );
    return rows[0] ? decrypt(rows[0].webhook_secret_encrypted, this.encryptionKey) : null;
  }

  async touchLastUsed(id: string): Promise<void> {
    await this.database.pool.execute(`UPDATE ${this.database.table('api_keys')} SET last_used_at = UTC_TIMESTAMP(3) WHERE id = ?`, [id]);
  }
}
