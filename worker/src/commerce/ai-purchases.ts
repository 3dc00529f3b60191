import type { PoolConnection, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/connections';
import type { AllowanceBook, AllowanceTerms, CreditBook, CreditScope, EntitlementObserver } from '../license/ai-accounts';
import type { EntitlementRecord } from '../license/entitlement-record';
import { decimalToMicros } from './money';
import type { OrderRecord } from './orders';
import type { PackageRecord, PackageStore } from './packages';
import type { WooOrderFacts } from './woo-order';

const UNITS = 100_000_000n;
const toUnits = (decimal: string) => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * UNITS + BigInt(fraction.padEnd(8, '0').slice(0, 8));
};
const fromUnits = (units: bigint) => `${units / UNITS}.${String(units % UNITS).padStart(8, '0')}`;

/** A package's allowance terms, or null when it has none. */
export function allowanceTerms(pkg: PackageRecord): AllowanceTerms | null {
  if (!pkg.aiAllowance) return null;
  const bill = pkg.overage?.mode === 'bill';
  return { ...pkg.aiAllowance, overageMode: bill ? 'bill' : 'stop', overageCap: bill ? pkg.overage!.cap : '0.00000000' };
}

/**
 * What payments mean for AI (docs/commerce.md "AI allowances and credits"), in the payment's
 * transaction: a paid credit package adds its USD to the site's (or its customer's) credits,
 * once per hub order; each WooCommerce refund of it takes its share back — what is unspent of
 * it, once per refund; and every entitlement change moves the package's allowance budget with
 * it (EntitlementStore.observe).
 */
export class AiPurchases implements EntitlementObserver {
  constructor(
    private readonly database: Database,
    private readonly packages: PackageStore,
    private readonly credits: CreditBook,
    private readonly allowances: AllowanceBook,
  ) {}

  async entitlementChanged(connection: PoolConnection, entitlement: EntitlementRecord): Promise<void> {
    if (entitlement.packageId === null) return;
    const pkg = await this.packages.find(entitlement.packageId, connection);
    await this.allowances.follow(connection, entitlement, pkg ? allowanceTerms(pkg) : null);
  }

  /** A hub order just paid. */
  async paid(connection: PoolConnection, order: OrderRecord, pkg: PackageRecord, actor: string): Promise<void> {
    if (pkg.kind !== 'credit' || pkg.creditAmount === null) return;
    const scope = await this.scopeFor(connection, order.siteUrl, pkg);
    await this.credits.credit(connection, {
      scope,
      amount: pkg.creditAmount,
      reference: order.id,
      reason: `order ${order.id} paid: package "${pkg.packageId}"`,
      actor,
    });
  }

  /**
   * The refunds a WooCommerce order of a credit package carries (`refunds[]`), each taking
   * its share of the credits (credit × refund ÷ order total) once; an order refunded without
   * one listed takes the whole credit.
   */
  async refunds(connection: PoolConnection, facts: WooOrderFacts, order: OrderRecord, pkg: PackageRecord, actor: string): Promise<void> {
    if (pkg.kind !== 'credit' || pkg.creditAmount === null) return;
    const scope = await this.credits.creditedScope(connection, order.id);
    if (!scope) return;
    const credit = toUnits(pkg.creditAmount);
    const total = decimalToMicros(order.total.amount) ?? 0n;
    const refunds = facts.refunds ?? [];
    const listed = refunds.length > 0 ? refunds : facts.status === 'refunded' ? [{ id: 0, amount: order.total.amount }] : [];
    for (const refund of listed) {
      const refunded = decimalToMicros(refund.amount) ?? 0n;
      const share = total === 0n || refunded >= total ? credit : (credit * refunded) / total;
      await this.credits.debit(connection, {
        scope,
        amount: fromUnits(share),
        reference: `${order.id}:${refund.id === 0 ? 'full' : refund.id}`,
        reason: `order ${order.id}: WooCommerce refund ${refund.id === 0 ? '(the whole order)' : refund.id} of ${refund.amount} ${order.total.currency}`,
        actor,
      });
    }
  }

  /** The package's credit scope: the site, or the site's customer (the site itself when it has none yet). */
  private async scopeFor(connection: PoolConnection, siteUrl: string, pkg: PackageRecord): Promise<CreditScope> {
    if (pkg.creditScope !== 'customer') return { kind: 'site', value: siteUrl };
    const [rows] = await connection.execute<RowDataPacket[]>(
      `SELECT customer_id FROM ${this.database.table('customer_sites')} WHERE site_url = ?`,
      [siteUrl],
    );
    return rows[0] ? { kind: 'customer', value: rows[0].customer_id } : { kind: 'site', value: siteUrl };
  }
}
