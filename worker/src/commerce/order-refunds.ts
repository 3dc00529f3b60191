import type { PoolConnection, ResultSetHeader } from 'mysql2/promise';
import type { Database } from '../db/connections';
import type { OrderRecord } from './orders';
import type { PaymentSource } from './payment-result';
import type { WooOrderFacts } from './woo-order';

/**
 * The refunds a WooCommerce order carries (`refunds[]`, docs/external/woocommerce.md), each one
 * history row on the hub order with its id and amount, once per refund id whichever delivery
 * brings it (unique with the order, migration 024). A partial refund changes nothing else: the
 * licence stays; the order's status follows WooCommerce's (refunded when the whole is).
 * Returns how many were new.
 */
export async function recordRefunds(
  database: Database,
  connection: PoolConnection,
  facts: WooOrderFacts,
  order: OrderRecord,
  source: PaymentSource,
): Promise<number> {
  let recorded = 0;
  for (const refund of facts.refunds ?? []) {
    const [result] = await connection.execute<ResultSetHeader>(
      `INSERT IGNORE INTO ${database.table('order_history')} (order_id, status, source, detail, refund_id, amount, created_at)
       VALUES (?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(3))`,
      [
        order.id,
        order.status,
        source,
        `WooCommerce order ${facts.wooOrderId}: refund ${refund.id} of ${refund.amount} ${order.total.currency}`,
        refund.id,
        refund.amount,
      ],
    );
    recorded += result.affectedRows;
  }
  return recorded;
}
