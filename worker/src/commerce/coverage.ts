import type { PoolConnection, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/connections';
import type { EntitlementRecord } from '../license/entitlement-record';
import type { CoverageTerms } from '../license/coverage-terms';
import { chainPaidPeriods, coversNow, type PaidPeriod } from './coverage-chain';
import { recordRefunds } from './order-refunds';
import type { OrderRecord } from './orders';
import type { PaymentSource } from './payment-result';
import type { WooOrderFacts } from './woo-order';

const DAY_MS = 86_400_000;

/** Why a coverage changes: the history row's reason and actor. */
export interface CoverageCause {
  reason: string;
  actor: string;
}

/**
 * The period each paid hub order covers (table `order_coverage`, docs/commerce.md "Coverage"):
 * recorded when the order is first paid; when a paid order is refunded or cancelled in the
 * store — or reinstated — the entitlement's coverage is the chain of the orders still paid
 * (commerce/coverage-chain.ts), each order's period rewritten to its place in it, and license's
 * CoverageTerms moves the entitlement. In the payment's transaction.
 */
export class OrderCoverage {
  constructor(
    private readonly database: Database,
    private readonly terms: CoverageTerms,
  ) {}

  /** Whether the order was paid before (a paid order cancelled and now reinstated). */
  async wasPaid(connection: PoolConnection, orderId: string): Promise<boolean> {
    const [rows] = await connection.execute<RowDataPacket[]>(`SELECT 1 FROM ${this.database.table('order_coverage')} WHERE order_id = ?`, [
      orderId,
    ]);
    return rows.length > 0;
  }

  /**
   * A first payment: the order covers its package's duration up to the entitlement's new expiry
   * (the purchase extended it from its running expiry, or from now), or for ever.
   */
  async paid(connection: PoolConnection, order: OrderRecord, durationDays: number | null, entitlement: EntitlementRecord): Promise<void> {
    const now = new Date();
    const until = durationDays === null ? null : entitlement.expiresAt;
    const from = until === null ? now : new Date(until.getTime() - durationDays! * DAY_MS);
    // Its place in the chain: the payment, or the start of its period when the purchase started it (the same instant).
    const firstPaidAt = from < now ? from : now;
    await connection.execute(
      `INSERT IGNORE INTO ${this.database.table('order_coverage')}
        (order_id, site_url, package_id, first_paid_at, covers_from, covers_until, updated_at) VALUES (?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(3))`,
      [order.id, order.siteUrl, order.packageId, firstPaidAt, from, until],
    );
  }

  /**
   * A WooCommerce subscription's term moved the entitlement (a renewal, the subscription active
   * or pending-cancel): its hub order now covers to `until`, so a later recompute keeps the term.
   * An order covering for ever stays so.
   */
  async followTerm(connection: PoolConnection, orderId: string, until: Date | null): Promise<void> {
    if (until === null) return;
    await connection.execute(
      `UPDATE ${this.database.table('order_coverage')} SET covers_until = ?, updated_at = UTC_TIMESTAMP(3)
        WHERE order_id = ? AND covers_until IS NOT NULL AND covers_from < ?`,
      [until, orderId, until],
    );
  }

  /** The WooCommerce refunds the order carries, each a history row once (a partial one changes nothing else). */
  refunds(connection: PoolConnection, facts: WooOrderFacts, order: OrderRecord, source: PaymentSource): Promise<number> {
    return recordRefunds(this.database, connection, facts, order, source);
  }

  /** The order's period left the coverage (refunded, cancelled in the store): the entitlement follows what is left. */
  async removed(connection: PoolConnection, order: OrderRecord, cause: CoverageCause) {
    const coverage = await this.recompute(connection, order);
    return this.terms.removed(connection, { siteUrl: order.siteUrl, packageId: order.packageId, ...cause }, coverage);
  }

  /** The order's period is back (the store reinstated it): active again to the end of the coverage. */
  async restored(connection: PoolConnection, order: OrderRecord, cause: CoverageCause) {
    const coverage = await this.recompute(connection, order);
    return this.terms.restored(connection, { siteUrl: order.siteUrl, packageId: order.packageId, ...cause }, coverage);
  }

  /** The site's package orders still paid, chained, their periods rewritten; what they cover now. */
  private async recompute(connection: PoolConnection, order: OrderRecord) {
    const table = this.database.table('order_coverage');
    const [rows] = await connection.execute<RowDataPacket[]>(
      `SELECT c.order_id, c.first_paid_at, c.covers_from, c.covers_until FROM ${table} c
        JOIN ${this.database.table('orders')} o ON o.id = c.order_id
        WHERE c.site_url = ? AND c.package_id = ? AND o.status = 'paid' FOR UPDATE`,
      [order.siteUrl, order.packageId],
    );
    const paid: PaidPeriod[] = rows.map((row) => ({
      orderId: row.order_id,
      firstPaidAt: row.first_paid_at,
      coversFrom: row.covers_from,
      coversUntil: row.covers_until,
    }));
    const chain = chainPaidPeriods(paid);
    for (const period of chain?.periods ?? []) {
      await connection.execute(`UPDATE ${table} SET covers_from = ?, covers_until = ?, updated_at = UTC_TIMESTAMP(3) WHERE order_id = ?`, [
        period.coversFrom,
        period.coversUntil,
        period.orderId,
      ]);
    }
    return coversNow(chain, new Date()) ? { covered: true as const, until: chain!.until } : { covered: false as const };
  }
}
