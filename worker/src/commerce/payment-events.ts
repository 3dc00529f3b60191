import type { PoolConnection } from 'mysql2/promise';
import type { CustomerDirectory } from '../license/customers/customer-directory';
import type { EntitlementStore } from '../license/entitlements';
import type { EntitlementGate } from '../license/gate';
import type { LicenceStore } from '../license/licences/licence-rows';
import type { AiPurchases } from './ai-purchases';
import type { OrderCoverage } from './coverage';
import { combinedResult, hubOrderPayments, paymentMismatch, type HubOrderPayment } from './hub-order-payments';
import { canTransition, orderStatusFromWoo } from './order-states';
import { ORDER_ID_PATTERN, type OrderRecord, type OrderStore } from './orders';
import type { PackageRecord, PackageStore } from './packages';
import type { PaymentResult, PaymentSource } from './payment-result';
import type { SubscriptionEvents } from './subscription-events';
import type { WooOrderFacts } from './woo-order';
import type { WooSubscriptionFacts } from './woo-subscription';

const unmatched = (reason: string, orderId: string | null = null): PaymentResult => ({ outcome: 'unmatched', reason, orderId });

/**
 * Applies a WooCommerce order's state to each hub order it pays for (docs/architecture.md §5): matches
 * them by meta `svc_hub_order_id` — each line item's own, or the order's when no line has one
 * (commerce/hub-order-payments.ts) — checks each (store, its lines' product, currency, its lines'
 * total with tax against the price, site), lets only a
 * paying WooCommerce order claim (bind) a hub order that none has claimed yet, ignores a
 * delivery older than the last one applied, moves the order through its state machine and
 * switches the entitlement — order, entitlement, history and outbox in one transaction.
 */
export class PaymentEvents {
  constructor(
    private readonly orders: OrderStore,
    private readonly packages: PackageStore,
    private readonly entitlements: EntitlementStore,
    private readonly gate: EntitlementGate,
    private readonly subscriptions: SubscriptionEvents,
    private readonly customers: Pick<CustomerDirectory, 'learnFromOrder' | 'changed'>,
    private readonly ai: AiPurchases,
    private readonly coverage: OrderCoverage,
    private readonly licences: Pick<LicenceStore, 'paid'>,
  ) {}

  /**
   * A WooCommerce order's state. A renewal order of WooCommerce Subscriptions (meta
   * `_subscription_renewal`) goes to its subscription, whatever hub order id it carries
   * (WooCommerce Subscriptions copies the parent's meta onto renewals).
   */
  async applyWooOrder(facts: WooOrderFacts, source: PaymentSource): Promise<PaymentResult> {
    if (facts.renewalOf) return this.subscriptions.applyRenewal(facts, source);
    const payments = hubOrderPayments(facts);
    if (payments.length === 0) return unmatched('the order has no svc_hub_order_id meta');
    // Every hub order the WooCommerce order pays, in one transaction; rows locked in id order.
    const results = await this.entitlements.transaction(async (connection) => {
      const each: (PaymentResult & { siteUrl?: string })[] = [];
      for (const payment of payments) each.push(await this.applyPayment(connection, facts, payment, source));
      return each;
    });
    for (const result of results) if (result.outcome === 'applied' && result.siteUrl) this.gate.forget(result.siteUrl);
    if (results.some((result) => result.outcome === 'applied' && result.siteUrl)) this.customers.changed();
    return combinedResult(results.map(({ outcome, reason, orderId }) => ({ outcome, reason, orderId })));
  }

  /** One hub order's share of a WooCommerce order: matched, checked (per line), claimed, applied. */
  private async applyPayment(
    connection: PoolConnection,
    facts: WooOrderFacts,
    payment: HubOrderPayment,
    source: PaymentSource,
  ): Promise<PaymentResult & { siteUrl?: string }> {
    const hubOrderId = payment.hubOrderId;
    if (!ORDER_ID_PATTERN.test(hubOrderId)) return unmatched(`svc_hub_order_id "${hubOrderId.slice(0, 60)}" is not a hub order id`);
    const order = await this.orders.lock(connection, hubOrderId);
    if (!order) return unmatched(`no hub order ${hubOrderId}`);
    const pkg = await this.packages.find(order.packageId, connection); // on the transaction's connection: no second one while the order is locked
    const mismatch = pkg ? paymentMismatch(payment, facts, order, pkg) : `package "${order.packageId}" no longer exists`;
    if (mismatch) return unmatched(mismatch, order.id);
    const unclaimed = this.unclaimed(facts, order);
    if (unclaimed) return { outcome: 'no_change', reason: unclaimed, orderId: order.id };
    return this.apply(connection, facts, order, pkg!, source);
  }

  /** A WooCommerce subscription's state (docs/commerce.md, "Subscriptions"). */
  applySubscription(facts: WooSubscriptionFacts, source: PaymentSource): Promise<PaymentResult> {
    return this.subscriptions.applySubscription(facts, source);
  }

  /** A deleted WooCommerce subscription. */
  applySubscriptionDeleted(store: string | null, subscriptionId: number, source: PaymentSource): Promise<PaymentResult> {
    return this.subscriptions.applyDeleted(store, subscriptionId, source);
  }

  /**
   * Why this WooCommerce order may not act on `order` yet, or null. A hub order not yet bound
   * to a WooCommerce order is claimed only by one that pays: anyone can put a hub order id into
   * an unpaid or draft order (it travels in the pay URL), and that must neither bind the hub
   * order (the real payment would then be `unmatched`) nor move it or its event time.
   */
  private unclaimed(facts: WooOrderFacts, order: OrderRecord): string | null {
    if (order.wooOrderId !== null) return null;
    if (orderStatusFromWoo(facts.status, facts.datePaid) === 'paid') return null;
    const state = `"${facts.status.slice(0, 40)}"${facts.datePaid ? '' : ' without date_paid'}`;
    return `WooCommerce order ${facts.wooOrderId} is ${state}: an unpaid order does not claim hub order ${order.id} (only a paying one binds it)`;
  }

  private async apply(
    connection: PoolConnection,
    facts: WooOrderFacts,
    order: OrderRecord,
    pkg: PackageRecord,
    source: PaymentSource,
  ): Promise<PaymentResult & { siteUrl?: string }> {
    const base = { orderId: order.id };
    if (facts.dateModified && order.lastEventAt && facts.dateModified < order.lastEventAt) {
      return {
        ...base,
        outcome: 'ignored_older',
        reason: `modified ${facts.dateModified.toISOString()}, before the last applied ${order.lastEventAt.toISOString()}`,
      };
    }
    const actor = facts.store !== null ? `woocommerce:${facts.store}` : 'woocommerce:this-site';
    if (order.wooOrderId !== null) {
      // Each refund is a history row with its amount, once (a partial one leaves the licence as it is).
      await this.coverage.refunds(connection, facts, order, source);
      // A credit package's refunds take back their share of the credits, once each, whatever the order's status does.
      await this.ai.refunds(connection, facts, order, pkg, actor);
    }
    const target = orderStatusFromWoo(facts.status, facts.datePaid);
    const noChange = async (reason: string): Promise<PaymentResult> => {
      await this.orders.noteEvent(connection, order.id, facts.dateModified);
      return { ...base, outcome: 'no_change', reason };
    };
    if (target === null)
      return noChange(`WooCommerce status "${facts.status}"${facts.datePaid ? '' : ' without date_paid'} does not move the order`);
    if (target === order.status) return noChange(`the order is already ${order.status}`);
    if (!canTransition(order.status, target)) return noChange(`an order cannot go from ${order.status} to ${target}`);

    const detail = `WooCommerce order ${facts.wooOrderId} ${facts.status}`;
    await this.orders.transition(connection, order, target, { source, detail, wooOrderId: facts.wooOrderId, eventAt: facts.dateModified });
    if (target === 'paid' && (await this.coverage.wasPaid(connection, order.id))) {
      // A paid order the store cancelled, reinstated: its period is back (docs/commerce.md "Coverage").
      await this.coverage.restored(connection, order, { reason: `order ${order.id} reinstated in store (${detail})`, actor });
    } else if (target === 'paid') {
      const purchase = await this.entitlements.applyPurchase(connection, {
        siteUrl: order.siteUrl,
        packageId: pkg.packageId,
        features: pkg.features,
        durationDays: pkg.durationDays,
        reason: `order ${order.id} paid (${detail})`,
        actor,
      });
      await this.coverage.paid(connection, order, pkg.durationDays, purchase.entitlement);
      // The buyer's licence key: minted by the first paid order of the package, extended by the next (docs/commerce.md "Licences and activations").
      if (pkg.kind !== 'credit') await this.licences.paid(connection, order, pkg.sites, purchase.entitlement);
      // Whoever paid owns the site from now on, unless an admin said otherwise (license/customers/).
      if (facts.buyer) await this.customers.learnFromOrder(connection, order.siteUrl, { store: facts.store, ...facts.buyer });
      // A credit package credits the site, or the customer just learned (docs/commerce.md "AI allowances and credits").
      await this.ai.paid(connection, order, pkg, actor);
    } else if (target === 'refunded' || (target === 'cancelled' && order.status === 'paid')) {
      // Its period leaves the coverage; revoked only when nothing paid covers now (docs/architecture.md §5).
      const why = target === 'refunded' ? 'refunded' : 'cancelled in store';
      await this.coverage.removed(connection, order, { reason: `order ${order.id} ${why} (${detail})`, actor });
    }
    return { ...base, outcome: 'applied', reason: `order ${order.status} → ${target}`, siteUrl: order.siteUrl };
  }
}
