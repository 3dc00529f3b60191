import type { PoolConnection } from 'mysql2/promise';
import type { OrderRecord, OrderStore } from './orders';
import type { PackageRecord, PackageStore } from './packages';
import type { PaymentResult } from './payment-result';
import type { SubscriptionRecord, SubscriptionStore } from './subscription-rows';
import type { WooSubscriptionFacts } from './woo-subscription';

/** A subscription the hub knows, with the hub order its parent order paid and that order's package. */
export interface LinkedSubscription {
  subscription: SubscriptionRecord;
  order: OrderRecord;
  pkg: PackageRecord;
}

/** What an event names: the store and its subscription id, and what it says about products and currency. */
export interface SubscriptionReference {
  store: string | null;
  subscriptionId: number;
  /** null: the event names none (a deletion, the grace job): the subscription was checked when it was linked. */
  productIds: number[] | null;
  /** '' when the event names none. */
  currency: string;
}

const unmatched = (reason: string, orderId: string | null = null): PaymentResult => ({ outcome: 'unmatched', reason, orderId });
const storeName = (store: string | null) => store ?? 'WooCommerce on this site';

/**
 * Finds (and, first seen, records) which hub order a WooCommerce subscription belongs to:
 * the one its parent order paid — the parent carries `svc_hub_order_id` and binds the hub order
 * when it pays, as any order does. A subscription the hub cannot link is `unmatched` and changes
 * nothing; so is an event whose products or currency are not the hub order's (checks as for orders).
 */
export class SubscriptionLinks {
  constructor(
    private readonly orders: OrderStore,
    private readonly packages: PackageStore,
    private readonly subscriptions: SubscriptionStore,
  ) {}

  /** The linked subscription, locked; `first` (the subscription's own facts) links one not yet known. */
  async lock(
    connection: PoolConnection,
    reference: SubscriptionReference,
    first?: WooSubscriptionFacts,
  ): Promise<LinkedSubscription | PaymentResult> {
    const linked = await this.subscriptions.exists(connection, reference.store, reference.subscriptionId);
    const known = linked ? await this.subscriptions.lock(connection, reference.store, reference.subscriptionId) : null;
    const found = known ?? (first ? await this.link(connection, first) : unmatched(this.unknown(reference)));
    if ('outcome' in found) return found;
    const order = await this.orders.lock(connection, found.orderId);
    const pkg = order && (await this.packages.find(order.packageId, connection));
    if (!order || !pkg) return unmatched(`hub order ${found.orderId} or its package no longer exists`, found.orderId);
    const mismatch = this.mismatch(reference, order, pkg);
    if (mismatch) return unmatched(mismatch, order.id);
    return { subscription: found, order, pkg };
  }

  private unknown(reference: SubscriptionReference): string {
    return `subscription ${reference.subscriptionId} of ${storeName(reference.store)} is not linked to a hub order (its parent order has not paid one)`;
  }

  private async link(connection: PoolConnection, facts: WooSubscriptionFacts): Promise<SubscriptionRecord | PaymentResult> {
    if (facts.parentId === 0) return unmatched(`subscription ${facts.subscriptionId} has no parent order`);
    const orderId = await this.subscriptions.orderPaidBy(connection, facts.store, facts.parentId);
    if (!orderId) {
      return unmatched(
        `no hub order is paid by WooCommerce order ${facts.parentId} of ${storeName(facts.store)}, the parent of subscription ${facts.subscriptionId}`,
      );
    }
    // The hub order's row lock serialises two first events of one subscription: the second then finds it linked.
    const order = await this.orders.lock(connection, orderId);
    const meanwhile = await this.subscriptions.lock(connection, facts.store, facts.subscriptionId);
    if (meanwhile) return meanwhile;
    const pkg = order && (await this.packages.find(order.packageId, connection));
    // Checked before it is recorded: a subscription for another product never links.
    const mismatch = order && pkg ? this.mismatch(facts, order, pkg) : `hub order ${orderId} or its package no longer exists`;
    if (mismatch) return unmatched(mismatch, orderId);
    const other = await this.subscriptions.findByOrder(orderId, connection);
    if (other)
      return unmatched(`hub order ${orderId} belongs to subscription ${other.subscriptionId}, not ${facts.subscriptionId}`, orderId);
    const record: SubscriptionRecord = {
      store: facts.store,
      subscriptionId: facts.subscriptionId,
      orderId,
      status: facts.status,
      billingPeriod: facts.billingPeriod,
      billingInterval: facts.billingInterval,
      paidUntil: null,
      endAt: null,
      renewalFailedAt: null,
      suspendedAt: null,
      renewalOrderIds: [],
      lastEventAt: null,
    };
    await this.subscriptions.link(connection, record);
    return record;
  }

  private mismatch(reference: SubscriptionReference, order: OrderRecord, pkg: PackageRecord): string | null {
    if ((order.store ?? null) !== reference.store)
      return `the order belongs to ${storeName(order.store)}, not ${storeName(reference.store)}`;
    if (reference.productIds === null) return null;
    if (pkg.wooProductId === null || !reference.productIds.includes(pkg.wooProductId)) {
      return `product ${pkg.wooProductId ?? '(none)'} of package "${pkg.packageId}" is not among the line items`;
    }
    if (reference.currency !== '' && reference.currency !== order.total.currency)
      return `currency ${reference.currency} is not ${order.total.currency}`;
    return null;
  }
}
