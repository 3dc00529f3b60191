import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import type { Product } from '../releases/release-rows';

/**
 * Which licences a buyer of the hub's own WooCommerce shop sees in My Account → Licences and
 * in an order's detail and emails (docs/commerce.md "Customer portal"). A customer owns the
 * licences of the sites the customer directory gives them (store '' = WooCommerce on this site);
 * an order shows the licence of its (site, package), once paid.
 */
export class PortalLicences {
  constructor(private readonly database: Database) {}

  /** The licence ids of the shop's WooCommerce customer `wooCustomerId`, newest first. */
  async forCustomer(wooCustomerId: number): Promise<string[]> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT l.id FROM ${this.database.table('licences')} l
         JOIN ${this.database.table('customer_sites')} s ON s.site_url = l.site_url
         JOIN ${this.database.table('customers')} c ON c.id = s.customer_id
        WHERE c.store = '' AND c.woo_customer_id = ? ORDER BY l.created_at DESC, l.id DESC`,
      [wooCustomerId],
    );
    return rows.map((row) => String(row.id));
  }

  /** The licence a paid order of the shop (`wooOrderId`) minted or extended; null when none. */
  async forOrder(wooOrderId: number): Promise<string | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT l.id FROM ${this.database.table('orders')} o
         JOIN ${this.database.table('licences')} l ON l.site_url = o.site_url AND l.package_id = o.package_id
        WHERE o.woo_order_id = ? AND o.store IS NULL AND o.paid_at IS NOT NULL ORDER BY o.created_at LIMIT 1`,
      [wooOrderId],
    );
    return rows[0] ? String(rows[0].id) : null;
  }

  /** The plugin or theme the package delivers (docs/commerce.md "Releases and updates"), or null. */
  async productOf(packageId: string): Promise<Product | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT product_type, product_slug FROM ${this.database.table('packages')} WHERE package_id = ?`,
      [packageId],
    );
    const row = rows[0];
    return row?.product_slug ? { type: row.product_type, slug: row.product_slug } : null;
  }
}
