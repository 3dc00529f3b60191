import type { PoolConnection, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { prefixedId } from '../../support/ids';

/** A buyer who owns sites (docs/api-notes.md "Customers and tenancy"). */
export interface CustomerRecord {
  id: string;
  /** The store's source URL; null = WooCommerce on this site. */
  store: string | null;
  /** WooCommerce's customer id; null for a guest (known by the billing email). */
  wooCustomerId: number | null;
  email: string | null;
  name: string;
  createdAt: Date;
  /** The sites it owns, sorted. */
  sites: string[];
}

/** Who paid a WooCommerce order, as the order says (docs/external/woocommerce.md: customer_id, billing). */
export interface Buyer {
  store: string | null;
  /** customer_id; null (0 in WooCommerce) for a guest. */
  wooCustomerId: number | null;
  /** The billing email, lower case; null when the order has none. */
  email: string | null;
  name: string;
}

/** Who set a site's customer: a paid order, or an admin (whom a later order does not overrule). */
export type SiteSource = 'order' | 'admin';

export const CUSTOMER_ID_PATTERN = /^cus_[0-9A-Z]{26}$/;

const COLUMNS =
  'c.id, c.store, c.woo_customer_id, c.email, c.name, c.created_at, GROUP_CONCAT(s.site_url ORDER BY s.site_url SEPARATOR "\\n") AS sites';

function toRecord(row: RowDataPacket): CustomerRecord {
  return {
    id: row.id,
    store: row.store === '' ? null : row.store,
    wooCustomerId: row.woo_customer_id === null ? null : Number(row.woo_customer_id),
    email: row.email ?? null,
    name: row.name,
    createdAt: row.created_at,
    sites: row.sites ? String(row.sites).split('\n') : [],
  };
}

/** svc_customers and svc_customer_sites: who owns which site. */
export class CustomerStore {
  constructor(private readonly database: Database) {}

  private select(where: string): string {
    return `SELECT ${COLUMNS} FROM ${this.database.table('customers')} c
      LEFT JOIN ${this.database.table('customer_sites')} s ON s.customer_id = c.id ${where} GROUP BY c.id ORDER BY c.created_at, c.id`;
  }

  async list(): Promise<CustomerRecord[]> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(this.select(''));
    return rows.map(toRecord);
  }

  async find(id: string): Promise<CustomerRecord | null> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(this.select('WHERE c.id = ?'), [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Every site that has a customer → its customer id (what CustomerDirectory caches). */
  async siteMap(): Promise<Map<string, string>> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT site_url, customer_id FROM ${this.database.table('customer_sites')}`,
    );
    return new Map(rows.map((row) => [row.site_url as string, row.customer_id as string]));
  }

  /** Gives the site to the customer (an admin's choice stays until an admin changes it); false when the customer does not exist. */
  async assign(siteUrl: string, customerId: string, source: SiteSource, connection?: PoolConnection): Promise<boolean> {
    const runner = connection ?? this.database.pool;
    const [found] = await runner.query<RowDataPacket[]>(`SELECT id FROM ${this.database.table('customers')} WHERE id = ?`, [customerId]);
    if (found.length === 0) return false;
    const update =
      source === 'admin'
        ? "customer_id = VALUES(customer_id), source = 'admin', updated_at = VALUES(updated_at)"
        : "customer_id = IF(source = 'admin', customer_id, VALUES(customer_id)), updated_at = IF(source = 'admin', updated_at, VALUES(updated_at))";
    await runner.query(
      `INSERT INTO ${this.database.table('customer_sites')} (site_url, customer_id, source, updated_at) VALUES (?, ?, ?, UTC_TIMESTAMP(3))
       ON DUPLICATE KEY UPDATE ${update}`,
      [siteUrl, customerId, source],
    );
    return true;
  }

  /**
   * The buyer of a paid order as a customer, inside the payment's transaction: found by the
   * store's customer id (one row per store and id, whatever the race), or for a guest by the
   * billing email; created when new, its email and name kept up to date. Null when the order
   * names neither.
   */
  async learn(connection: PoolConnection, buyer: Buyer): Promise<string | null> {
    const table = this.database.table('customers');
    const store = buyer.store ?? '';
    if (buyer.wooCustomerId !== null) {
      await connection.query(
        `INSERT INTO ${table} (id, store, woo_customer_id, email, name, created_at) VALUES (?, ?, ?, ?, ?, UTC_TIMESTAMP(3))
         ON DUPLICATE KEY UPDATE email = COALESCE(VALUES(email), email), name = IF(VALUES(name) = '', name, VALUES(name))`,
        [prefixedId('cus'), store, buyer.wooCustomerId, buyer.email, buyer.name],
      );
      const [rows] = await connection.query<RowDataPacket[]>(`SELECT id FROM ${table} WHERE store = ? AND woo_customer_id = ?`, [
        store,
        buyer.wooCustomerId,
      ]);
      return rows[0]!.id as string;
    }
    if (buyer.email === null) return null;
    const [rows] = await connection.query<RowDataPacket[]>(
      `SELECT id FROM ${table} WHERE store = ? AND email = ? AND woo_customer_id IS NULL ORDER BY created_at, id LIMIT 1`,
      [store, buyer.email],
    );
    const existing = rows[0]?.id as string | undefined;
    if (existing) {
      if (buyer.name !== '') await connection.query(`UPDATE ${table} SET name = ? WHERE id = ?`, [buyer.name, existing]);
      return existing;
    }
    const id = prefixedId('cus');
    await connection.query(
      `INSERT INTO ${table} (id, store, woo_customer_id, email, name, created_at) VALUES (?, ?, NULL, ?, ?, UTC_TIMESTAMP(3))`,
      [id, store, buyer.email, buyer.name],
    );
    return id;
  }
}
