import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import type { Product } from './release-rows';

/** Where a site that may not download stands for one product. */
export interface Coverage {
  /** The site's entitlement to a package that delivers the product is active and unexpired now. */
  covered: boolean;
  /** A delivering package's renewal link (the one the site held, else any), or null. */
  renewalUrl: string | null;
}

/**
 * Which packages deliver which product (migration 029's columns on `packages`) and whether a
 * site's entitlements cover one now (docs/commerce.md "Releases and updates"). An activated
 * site holds its own entitlement to the licence's package (licences/licence-follower.ts), so
 * the site's entitlement rows are the whole answer.
 */
export class ProductCoverage {
  constructor(private readonly database: Database) {}

  /** The package delivers the product from now on; false when no package has this id, or it delivers another one. */
  async bind(packageId: string, product: Product, renewalUrl: string | null): Promise<'bound' | 'unknown' | 'other'> {
    const packages = this.database.table('packages');
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT product_type, product_slug FROM ${packages} WHERE package_id = ?`,
      [packageId],
    );
    const row = rows[0];
    if (!row) return 'unknown';
    if (row.product_slug !== null && (row.product_type !== product.type || row.product_slug !== product.slug)) return 'other';
    await this.database.pool.execute(
      `UPDATE ${packages} SET product_type = ?, product_slug = ?, renewal_url = COALESCE(?, renewal_url) WHERE package_id = ?`,
      [product.type, product.slug, renewalUrl, packageId],
    );
    return 'bound';
  }

  /** The packages that deliver each product, keyed `{type}/{slug}` (the admin's release list). */
  async deliverers(): Promise<Map<string, string[]>> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT package_id, product_type, product_slug FROM ${this.database.table('packages')}
        WHERE product_slug IS NOT NULL ORDER BY package_id`,
    );
    const byProduct = new Map<string, string[]>();
    for (const row of rows) {
      const key = `${row.product_type}/${row.product_slug}`;
      byProduct.set(key, [...(byProduct.get(key) ?? []), row.package_id]);
    }
    return byProduct;
  }

  async coverage(siteUrl: string, product: Product, now = new Date()): Promise<Coverage> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT p.renewal_url, e.status, e.expires_at FROM ${this.database.table('packages')} p
        LEFT JOIN ${this.database.table('entitlements')} e ON e.package_id = p.package_id AND e.site_url = ?
        WHERE p.product_type = ? AND p.product_slug = ?`,
      [siteUrl, product.type, product.slug],
    );
    const live = (row: RowDataPacket) => row.status === 'active' && (row.expires_at === null || new Date(row.expires_at) > now);
    const held = rows.find((row) => row.status !== null && row.renewal_url) ?? rows.find((row) => row.renewal_url);
    return { covered: rows.some(live), renewalUrl: held?.renewal_url ?? null };
  }
}
