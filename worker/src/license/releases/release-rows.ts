import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { prefixedId } from '../../support/ids';
import type { ProductType } from './package-header';
import { compareVersions } from './version-compare';

export type Channel = 'stable' | 'beta';

/** A plugin or theme, as WordPress names it: its folder (docs/commerce.md "Releases and updates"). */
export interface Product {
  type: ProductType;
  slug: string;
}

/** One uploaded version of a product. */
export interface ReleaseRecord {
  id: string;
  product: Product;
  version: string;
  channel: Channel;
  name: string;
  changelog: string;
  requiresWp: string | null;
  requiresPhp: string | null;
  testedWp: string | null;
  sha256: string;
  sizeBytes: number;
  withdrawn: boolean;
  downloads: number;
  createdAt: Date;
}

export type NewRelease = Omit<ReleaseRecord, 'id' | 'withdrawn' | 'downloads' | 'createdAt'>;

export const RELEASE_ID_PATTERN = /^rel_[0-9A-Z]{26}$/;

function toRecord(row: RowDataPacket): ReleaseRecord {
  return {
    id: row.id,
    product: { type: row.product_type, slug: row.product_slug },
    version: row.version,
    channel: row.channel,
    name: row.name,
    changelog: row.changelog,
    requiresWp: row.requires_wp,
    requiresPhp: row.requires_php,
    testedWp: row.tested_wp,
    sha256: row.sha256,
    sizeBytes: Number(row.size_bytes),
    withdrawn: Number(row.withdrawn) === 1,
    downloads: Number(row.downloads),
    createdAt: row.created_at,
  };
}

/** Newest first, by PHP's version_compare. */
export const newestFirst = (a: ReleaseRecord, b: ReleaseRecord) => compareVersions(b.version, a.version);

/** The releases table. */
export class ReleaseStore {
  constructor(private readonly database: Database) {}

  private get table(): string {
    return this.database.table('releases');
  }

  /** The new release's id, or null when the product already has this version. */
  async insert(release: NewRelease): Promise<string | null> {
    const id = prefixedId('rel');
    const [result] = await this.database.pool.execute<RowDataPacket[] & { affectedRows: number }>(
      `INSERT IGNORE INTO ${this.table} (id, product_type, product_slug, version, channel, name, changelog, requires_wp, requires_php,
        tested_wp, sha256, size_bytes, withdrawn, downloads, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3))`,
      [
        id,
        release.product.type,
        release.product.slug,
        release.version,
        release.channel,
        release.name,
        release.changelog,
        release.requiresWp,
        release.requiresPhp,
        release.testedWp,
        release.sha256,
        release.sizeBytes,
      ],
    );
    return (result as unknown as { affectedRows: number }).affectedRows === 1 ? id : null;
  }

  async find(id: string): Promise<ReleaseRecord | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(`SELECT * FROM ${this.table} WHERE id = ?`, [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** A product's releases (withdrawn ones too), newest version first. */
  async forProduct(product: Product): Promise<ReleaseRecord[]> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT * FROM ${this.table} WHERE product_type = ? AND product_slug = ?`,
      [product.type, product.slug],
    );
    return rows.map(toRecord).sort(newestFirst);
  }

  /** Every release, newest upload first (the admin list). */
  async list(limit = 500): Promise<ReleaseRecord[]> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT * FROM ${this.table} ORDER BY created_at DESC, id DESC LIMIT ?`,
      [limit],
    );
    return rows.map(toRecord);
  }

  async setWithdrawn(ids: string[], withdrawn: boolean): Promise<void> {
    if (ids.length === 0) return;
    await this.database.pool.query(`UPDATE ${this.table} SET withdrawn = ?, updated_at = UTC_TIMESTAMP(3) WHERE id IN (?)`, [
      withdrawn ? 1 : 0,
      ids,
    ]);
  }

  async countDownload(id: string): Promise<void> {
    await this.database.pool.execute(`UPDATE ${this.table} SET downloads = downloads + 1 WHERE id = ?`, [id]);
  }
}
