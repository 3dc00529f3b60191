import type { PoolConnection, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/connections';
import type { BillingPeriod, SubscriptionStatus } from './woo-subscription';

/** A WooCommerce subscription linked to the hub order its parent order paid (table svc_subscriptions). */
export interface SubscriptionRecord {
  /** The store's source URL; null = WooCommerce on this site. */
  store: string | null;
  subscriptionId: number;
  orderId: string;
  status: SubscriptionStatus;
  billingPeriod: BillingPeriod | '';
  billingInterval: number;
  /** The end of the paid term as last known (the next payment date). */
  paidUntil: Date | null;
  endAt: Date | null;
  renewalFailedAt: Date | null;
  suspendedAt: Date | null;
  /** Renewal orders already applied. */
  renewalOrderIds: number[];
  lastEventAt: Date | null;
}

/** What an event changes on a linked subscription (undefined: keep). */
export type SubscriptionUpdate = Partial<Omit<SubscriptionRecord, 'store' | 'subscriptionId' | 'orderId'>>;

const COLUMNS: Record<keyof SubscriptionUpdate, string> = {
  status: 'status',
  billingPeriod: 'billing_period',
  billingInterval: 'billing_interval',
  paidUntil: 'paid_until',
  endAt: 'end_at',
  renewalFailedAt: 'renewal_failed_at',
  suspendedAt: 'suspended_at',
  renewalOrderIds: 'renewal_order_ids',
  lastEventAt: 'last_event_at',
};

/** The `store` column: '' for WooCommerce on this site. */
const storeKey = (store: string | null) => store ?? '';

function toRecord(row: RowDataPacket): SubscriptionRecord {
  return {
    store: row.store === '' ? null : row.store,
    subscriptionId: Number(row.subscription_id),
    orderId: row.order_id,
    status: row.status,
    billingPeriod: row.billing_period,
    billingInterval: Number(row.billing_interval),
    paidUntil: row.paid_until,
    endAt: row.end_at,
    renewalFailedAt: row.renewal_failed_at,
    suspendedAt: row.suspended_at,
    renewalOrderIds: JSON.parse(row.renewal_order_ids) as number[],
    lastEventAt: row.last_event_at,
  };
}

/** Linked subscriptions; every read for a change locks the row inside the caller's transaction. */
export class SubscriptionStore {
  constructor(private readonly database: Database) {}

  async lock(connection: PoolConnection, store: string | null, subscriptionId: number): Promise<SubscriptionRecord | null> {
    const [rows] = await connection.execute<RowDataPacket[]>(
      `SELECT * FROM ${this.database.table('subscriptions')} WHERE store = ? AND subscription_id = ? FOR UPDATE`,
      [storeKey(store), subscriptionId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Whether the subscription is linked, read without locking (a locking read of a missing row would take a gap lock). */
  async exists(connection: PoolConnection, store: string | null, subscriptionId: number): Promise<boolean> {
    const [rows] = await connection.execute<RowDataPacket[]>(
      `SELECT 1 FROM ${this.database.table('subscriptions')} WHERE store = ? AND subscription_id = ?`,
      [storeKey(store), subscriptionId],
    );
    return rows.length > 0;
  }

  /** The subscription linked to a hub order, if any. */
  async findByOrder(
    orderId: string,
    connection: Pick<PoolConnection, 'execute'> = this.database.pool as never,
  ): Promise<SubscriptionRecord | null> {
    const [rows] = await connection.execute<RowDataPacket[]>(`SELECT * FROM ${this.database.table('subscriptions')} WHERE order_id = ?`, [
      orderId,
    ]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** The hub order WooCommerce order `wooOrderId` of `store` paid (bound to it), if any: a subscription's parent order. */
  async orderPaidBy(connection: PoolConnection, store: string | null, wooOrderId: number): Promise<string | null> {
    const [rows] = await connection.execute<RowDataPacket[]>(
      `SELECT id FROM ${this.database.table('orders')} WHERE woo_order_id = ? AND store <=> ? ORDER BY created_at LIMIT 1`,
      [wooOrderId, store],
    );
    return rows[0] ? String(rows[0].id) : null;
  }

  /** Records a subscription first seen for `orderId` (the caller checked it is that order's). */
  async link(connection: PoolConnection, record: SubscriptionRecord): Promise<void> {
    await connection.execute(
      `INSERT INTO ${this.database.table('subscriptions')}
        (store, subscription_id, order_id, status, billing_period, billing_interval, paid_until, end_at, renewal_failed_at,
         suspended_at, renewal_order_ids, last_event_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3))`,
      [
        storeKey(record.store),
        record.subscriptionId,
        record.orderId,
        record.status,
        record.billingPeriod,
        record.billingInterval,
        record.paidUntil,
        record.endAt,
        record.renewalFailedAt,
        record.suspendedAt,
        JSON.stringify(record.renewalOrderIds),
        record.lastEventAt,
      ],
    );
  }

  async update(connection: PoolConnection, record: SubscriptionRecord, update: SubscriptionUpdate): Promise<void> {
    const entries = Object.entries(update).filter(([, value]) => value !== undefined) as [keyof SubscriptionUpdate, unknown][];
    if (entries.length === 0) return;
    const assignments = entries.map(([name]) => `${COLUMNS[name]} = ?`).join(', ');
    const values = entries.map(([name, value]) => (name === 'renewalOrderIds' ? JSON.stringify(value) : value));
    await connection.execute(
      `UPDATE ${this.database.table('subscriptions')} SET ${assignments}, updated_at = UTC_TIMESTAMP(3) WHERE store = ? AND subscription_id = ?`,
      [...(values as (string | number | Date | null)[]), storeKey(record.store), record.subscriptionId],
    );
  }

  /** Subscriptions whose failed renewal is older than `graceDays` and not yet suspended. */
  async overdue(now: Date, graceDays: number, limit = 100): Promise<{ store: string | null; subscriptionId: number }[]> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT store, subscription_id FROM ${this.database.table('subscriptions')}
        WHERE renewal_failed_at IS NOT NULL AND suspended_at IS NULL AND renewal_failed_at <= ? - INTERVAL ? DAY
        ORDER BY renewal_failed_at LIMIT ?`,
      [now, graceDays, limit],
    );
    return rows.map((row) => ({ store: row.store === '' ? null : row.store, subscriptionId: Number(row.subscription_id) }));
  }
}
