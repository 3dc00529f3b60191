import { aiTermsToJson } from './ai-terms';
import type { OrderBuyer, OrderRecord, OrderHistoryEntry } from './orders';
import type { PackageRecord } from './packages';
import type { SubscriptionRecord } from './subscription-rows';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function packageToJson(record: PackageRecord) {
  return {
    object: 'package',
    package_id: record.packageId,
    name: record.name,
    description: record.description,
    price: record.price,
    features: record.features,
    duration_days: record.durationDays,
    sites: record.sites,
    woo_product_id: record.wooProductId,
    store: record.store,
    ...aiTermsToJson(record),
    status: record.status,
    created_at: iso(record.createdAt),
    updated_at: iso(record.updatedAt),
  };
}

/** The checkout answer (docs/architecture.md §5): no history, no entitlement. */
export function orderToJson(record: OrderRecord) {
  return {
    id: record.id,
    object: 'order',
    status: record.status,
    package_id: record.packageId,
    site_url: record.siteUrl,
    total: record.total,
    payment_url: record.paymentUrl,
    woo_order_id: record.wooOrderId,
    buyer: buyerToJson(record.buyer),
    paid_at: iso(record.paidAt),
    created_at: iso(record.createdAt),
    updated_at: iso(record.updatedAt),
  };
}

/** The order's buyer (docs/commerce.md "Checkout"): `{ email, name, customer_id }` (name and customer_id null when not known), or null. */
const buyerToJson = (buyer: OrderBuyer | null) =>
  buyer === null ? null : { email: buyer.email, name: buyer.name === '' ? null : buyer.name, customer_id: buyer.customerId };

/** A history row; a WooCommerce refund's row adds `refund: { id, amount: Money }` (the order's currency). */
export function historyToJson(entry: OrderHistoryEntry, currency: string) {
  const json = { status: entry.status, at: entry.at.toISOString(), source: entry.source, detail: entry.detail };
  if (!entry.refund) return json;
  return { ...json, refund: { id: entry.refund.id, amount: { amount: moneyAmount(entry.refund.amount), currency } } };
}

/** A stored DECIMAL as money is written (docs/api-notes.md "Money and counts"): two places, more only when they are not zeros. */
const moneyAmount = (stored: string) => stored.replace(/^(-?\d+\.\d\d\d*?)0+$/, '$1');

/** The WooCommerce subscription an order is linked to (docs/commerce.md, "Subscriptions"). */
export function subscriptionToJson(record: SubscriptionRecord) {
  return {
    subscription_id: record.subscriptionId,
    store: record.store,
    status: record.status,
    billing_period: record.billingPeriod || null,
    billing_interval: record.billingInterval,
    paid_until: iso(record.paidUntil),
    end_at: iso(record.endAt),
    renewal_failed_at: iso(record.renewalFailedAt),
    suspended_at: iso(record.suspendedAt),
  };
}
