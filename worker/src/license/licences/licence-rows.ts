import type { PoolConnection, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { decrypt, encrypt } from '../../support/encryption';
import { prefixedId } from '../../support/ids';
import type { EntitlementRecord } from '../entitlement-record';
import { generateLicenceKey, hashLicenceKey, licenceKeyPrefix } from './licence-key';

/** A licence as stored: never the key in clear (docs/commerce.md "Licences and activations"). */
export interface LicenceRecord {
  id: string;
  keyPrefix: string;
  /** The buyer's site: the one whose paid orders cover the licence. */
  siteUrl: string;
  packageId: string;
  /** The order that minted it. */
  orderId: string;
  /** Production sites it may activate (the package's `sites` when last paid); null: unlimited. */
  seats: number | null;
  /** The buyer's entitlement's status: active, suspended, expired, revoked. */
  status: string;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

type Executor = Pick<PoolConnection, 'execute'>;

function toRecord(row: RowDataPacket): LicenceRecord {
  return {
    id: row.id,
    keyPrefix: row.key_prefix,
    siteUrl: row.site_url,
    packageId: row.package_id,
    orderId: row.order_id,
    seats: row.seats === null ? null : Number(row.seats),
    status: row.status,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The licence table: one licence per (buyer's site, package), minted by the first paid order
 * and extended by the next ones (their coverage chains onto the same entitlement); its status
 * and expiry follow that entitlement (licences/licence-follower.ts).
 */
export class LicenceStore {
  constructor(
    private readonly database: Database,
    private readonly secret: Buffer,
  ) {}

  private get table(): string {
    return this.database.table('licences');
  }

  /** A paid order's licence, in the payment's transaction: minted with a new key, or the existing one following the entitlement. */
  async paid(
    connection: PoolConnection,
    order: { id: string; siteUrl: string; packageId: string },
    seats: number | null,
    entitlement: EntitlementRecord,
  ): Promise<void> {
    const key = generateLicenceKey();
    await connection.execute(
      `INSERT INTO ${this.table} (id, key_hash, key_prefix, key_encrypted, site_url, package_id, order_id, seats, status, expires_at,
        created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3))
        ON DUPLICATE KEY UPDATE seats = VALUES(seats)`,
      [
        prefixedId('lic'),
        hashLicenceKey(key, this.secret),
        licenceKeyPrefix(key),
        encrypt(key, this.secret),
        order.siteUrl,
        order.packageId,
        order.id,
        seats,
        entitlement.status,
        entitlement.expiresAt,
      ],
    );
    await this.follow(connection, order.siteUrl, order.packageId, entitlement);
  }

  /** The licence of (site, package) takes the entitlement's status and expiry; the licence, or null when there is none. */
  async follow(connection: Executor, siteUrl: string, packageId: string, entitlement: EntitlementRecord): Promise<LicenceRecord | null> {
    await connection.execute(
      `UPDATE ${this.table} SET status = ?, expires_at = ?, updated_at = UTC_TIMESTAMP(3) WHERE site_url = ? AND package_id = ?`,
      [entitlement.status, entitlement.expiresAt, siteUrl, packageId],
    );
    const [rows] = await connection.execute<RowDataPacket[]>(`SELECT * FROM ${this.table} WHERE site_url = ? AND package_id = ?`, [
      siteUrl,
      packageId,
    ]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** The licence whose key hashes to `hash` (the caller compares in constant time), or null. */
  async findByKeyHash(hash: string): Promise<(LicenceRecord & { keyHash: string }) | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(`SELECT * FROM ${this.table} WHERE key_hash = ?`, [hash]);
    return rows[0] ? { ...toRecord(rows[0]), keyHash: rows[0].key_hash } : null;
  }

  hashKey(key: string): string {
    return hashLicenceKey(key, this.secret);
  }

  async find(id: string, executor: Executor = this.database.pool as never, lock = false): Promise<LicenceRecord | null> {
    const [rows] = await executor.execute<RowDataPacket[]>(`SELECT * FROM ${this.table} WHERE id = ?${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** The licence a paid order of (site, package) belongs to, with its key in clear (the order's detail shows it). */
  async forOrder(order: { siteUrl: string; packageId: string }): Promise<{ licence: LicenceRecord; key: string } | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(`SELECT * FROM ${this.table} WHERE site_url = ? AND package_id = ?`, [
      order.siteUrl,
      order.packageId,
    ]);
    return rows[0] ? { licence: toRecord(rows[0]), key: decrypt(rows[0].key_encrypted, this.secret) } : null;
  }

  /** The licence's key in clear (admin). */
  async key(id: string): Promise<string | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(`SELECT key_encrypted FROM ${this.table} WHERE id = ?`, [id]);
    return rows[0] ? decrypt(rows[0].key_encrypted, this.secret) : null;
  }

  async list(page: number, perPage: number): Promise<{ items: LicenceRecord[]; total: number }> {
    const [[count]] = await this.database.pool.query<RowDataPacket[]>(`SELECT COUNT(*) AS total FROM ${this.table}`);
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT * FROM ${this.table} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      [perPage, (page - 1) * perPage],
    );
    return { items: rows.map(toRecord), total: Number(count?.total ?? 0) };
  }
}
