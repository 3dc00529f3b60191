import type { ExecuteValues, PoolConnection, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/connections';
import { withTransaction } from '../db/transaction';
import type { Money } from './money';
import type { OrderStatus } from './order-states';

export interface OrderRecord {
  id: string;
  apiKeyId: string;
  packageId: string;
  siteUrl: string;
  status: OrderStatus;
  total: Money;
  store: string | null;
  paymentUrl: string;
  wooOrderId: number | null;
  /** Who buys (migration 023): given at checkout, or the key's site's customer; null when neither. */
  buyer: OrderBuyer | null;
  /** date_modified_gmt of the last WooCommerce state applied; older deliveries are ignored. */
  lastEventAt: Date | null;
  paidAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The buyer a hub order carries (docs/architecture.md §5 "Checkout"): the email in lower case, the name "" when none. */
export interface OrderBuyer {
  email: string;
  name: string;
  /** A WooCommerce customer id on the package's store; only an admin key names one (or the site's customer brings it). */
  customerId: number | null;
}

export type NewOrder = Pick<
  OrderRecord,
  'id' | 'apiKeyId' | 'packageId' | 'siteUrl' | 'total' | 'store' | 'paymentUrl' | 'wooOrderId' | 'buyer'
>;

export interface OrderHistoryEntry {
  status: OrderStatus;
  at: Date;
  /** checkout | webhook | woocommerce | expiry | admin */
  source: string;
  detail: string;
  /** A WooCommerce refund this row records: its id and amount (migration 024). */
  refund: { id: number; amount: string } | null;
}

export interface OrderQuery {
  siteUrl?: string;
  status?: OrderStatus;
  page: number;
  perPage: number;
}

/** A hub order id: `ord_` and a ULID. */
export const ORDER_ID_PATTERN = /^ord_[0-9A-Z]{26}$/;

/** The pool, or a transaction's connection. */
export type Executor = Pick<PoolConnection, 'execute'>;

function buyerOf(row: RowDataPacket): OrderBuyer | null {
  if (row.buyer_email === null || row.buyer_email === undefined) return null;
  const customerId = row.buyer_customer_id === null ? null : Number(row.buyer_customer_id);
  return { email: row.buyer_email, name: row.buyer_name ?? '', customerId };
}

function toRecord(row: RowDataPacket): OrderRecord {
  return {
    id: row.id,
    apiKeyId: row.api_key_id,
    packageId: row.package_id,
    siteUrl: row.site_url,
    status: row.status,
    total: { amount: String(row.total_amount), currency: row.currency },
    store: row.store,
    paymentUrl: row.payment_url,
    wooOrderId: row.woo_order_id === null ? null : Number(row.woo_order_id),
    buyer: buyerOf(row),
    lastEventAt: row.last_event_at,
    paidAt: row.paid_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Orders and their history; every status change is one history row in the same transaction. */
export class OrderStore {
  constructor(private readonly database: Database) {}

  async create(connection: PoolConnection, order: NewOrder): Promise<void> {
    await connection.execute(
      `INSERT INTO ${this.database.table('orders')}
        (id, api_key_id, package_id, site_url, status, total_amount, currency, store, payment_url, woo_order_id,
          buyer_email, buyer_name, buyer_customer_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3))`,
      [
        order.id,
        order.apiKeyId,
        order.packageId,
        order.siteUrl,
        order.total.amount,
        order.total.currency,
        order.store,
        order.paymentUrl,
        order.wooOrderId,
        order.buyer?.email ?? null,
        order.buyer?.name ?? null,
        order.buyer?.customerId ?? null,
      ],
    );
    await this.recordHistory(connection, order.id, 'pending', 'checkout', '');
  }

  async find(id: string, executor: Executor = this.database.pool as never): Promise<OrderRecord | null> {
    const [rows] = await executor.execute<RowDataPacket[]>(`SELECT * FROM ${this.database.table('orders')} WHERE id = ?`, [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async lock(connection: PoolConnection, id: string): Promise<OrderRecord | null> {
    const [rows] = await connection.execute<RowDataPacket[]>(`SELECT * FROM ${this.database.table('orders')} WHERE id = ? FOR UPDATE`, [
      id,
    ]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /**
   * Moves a locked order to `status` with a history row and notes the event time. The
   * WooCommerce order is bound (when none is yet) only by a move to paid: an unpaid order
   * never claims a hub order.
   */
  async transition(
    connection: PoolConnection,
    order: OrderRecord,
    status: OrderStatus,
    event: { source: string; detail: string; wooOrderId?: number | null; eventAt?: Date | null },
  ): Promise<void> {
    await connection.execute(
      `UPDATE ${this.database.table('orders')} SET status = ?,
          paid_at = IF(? = 'paid', UTC_TIMESTAMP(3), paid_at),
          woo_order_id = IF(? = 'paid', COALESCE(woo_order_id, ?), woo_order_id),
          last_event_at = COALESCE(?, last_event_at),
          updated_at = UTC_TIMESTAMP(3)
        WHERE id = ?`,
      [status, status, status, event.wooOrderId ?? null, event.eventAt ?? null, order.id],
    );
    await this.recordHistory(connection, order.id, status, event.source, event.detail);
  }

  /**
   * Remembers a delivery of the order's own WooCommerce order that changed nothing, so older
   * ones after it are ignored. Never binds: only a payment does (transition to paid).
   */
  async noteEvent(connection: PoolConnection, id: string, eventAt: Date | null): Promise<void> {
    await connection.execute(
      `UPDATE ${this.database.table('orders')} SET last_event_at = GREATEST(COALESCE(last_event_at, ?), COALESCE(?, last_event_at))
        WHERE id = ?`,
      [eventAt, eventAt, id],
    );
  }

  async history(id: string): Promise<OrderHistoryEntry[]> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT status, source, detail, refund_id, amount, created_at FROM ${this.database.table('order_history')} WHERE order_id = ? ORDER BY id`,
      [id],
    );
    const refund = (row: RowDataPacket) => (row.refund_id === null ? null : { id: Number(row.refund_id), amount: String(row.amount) });
    return rows.map((row) => ({ status: row.status, at: row.created_at, source: row.source, detail: row.detail, refund: refund(row) }));
  }

  /** Newest first, filtered by site and/or status. */
  async list(query: OrderQuery): Promise<{ items: OrderRecord[]; total: number }> {
    const conditions: string[] = [];
    const values: ExecuteValues[] = [];
    if (query.siteUrl) {
      conditions.push('site_url = ?');
      values.push(query.siteUrl);
    }
    if (query.status) {
      conditions.push('status = ?');
      values.push(query.status);
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const table = this.database.table('orders');
    const [[count]] = await this.database.pool.query<RowDataPacket[]>(`SELECT COUNT(*) AS total FROM ${table} ${where}`, values);
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT * FROM ${table} ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      [...values, query.perPage, (query.page - 1) * query.perPage],
    );
    return { items: rows.map(toRecord), total: Number(count?.total ?? 0) };
  }

  /** Pending orders older than `maxAgeHours` become expired (a late payment still counts). */
  async expireStale(maxAgeHours: number, limit = 100): Promise<number> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT id FROM ${this.database.table('orders')} WHERE status = 'pending' AND created_at < UTC_TIMESTAMP(3) - INTERVAL ? HOUR
        ORDER BY created_at LIMIT ?`,
      [maxAgeHours, limit],
    );
    let expired = 0;
    for (const { id } of rows) {
      await withTransaction(this.database, async (connection) => {
        const order = await this.lock(connection, id);
        if (order?.status !== 'pending') return;
        await this.transition(connection, order, 'expired', { source: 'expiry', detail: `unpaid after ${maxAgeHours} h` });
        expired += 1;
      });
    }
    return expired;
  }

  private async recordHistory(
    connection: PoolConnection,
    orderId: string,
    status: OrderStatus,
    source: string,
    detail: string,
  ): Promise<void> {
    await connection.execute(
      `INSERT INTO ${this.database.table('order_history')} (order_id, status, source, detail, created_at)
       VALUES (?, ?, ?, ?, UTC_TIMESTAMP(3))`,
      [orderId, status, source, detail.slice(0, 500)],
    );
  }
}
