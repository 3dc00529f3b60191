import { gmtDate, isObject, positiveInteger, productIds } from './woo-order';

/** WooCommerce Subscriptions' statuses (docs/external/woocommerce.md), without the `wc-` prefix. */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'on-hold', 'pending-cancel', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Billing periods of WooCommerce Subscriptions. */
export const BILLING_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/**
 * The facts of a WooCommerce subscription the hub acts on, read from the REST
 * `wc/v3/subscriptions` object: the body of `subscription.*` webhook deliveries, and the shape
 * the shell's WooCommerce bridge sends for the in-process subscription hooks.
 */
export interface WooSubscriptionFacts {
  /** The store's source URL (trailing slash); null = WooCommerce on this site. */
  store: string | null;
  subscriptionId: number;
  status: SubscriptionStatus;
  /** The order that started it (its first payment); 0 when none. */
  parentId: number;
  /** Upper-case; '' when the object names none. */
  currency: string;
  /** '' when the object names none (or an unknown one). */
  billingPeriod: BillingPeriod | '';
  billingInterval: number;
  nextPaymentAt: Date | null;
  endAt: Date | null;
  dateModified: Date | null;
  productIds: number[];
}

const isSubscriptionStatus = (value: string): value is SubscriptionStatus => (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
const isBillingPeriod = (value: unknown): value is BillingPeriod =>
  typeof value === 'string' && (BILLING_PERIODS as readonly string[]).includes(value);

/** The facts of a REST subscription object, or the reason it is not one. */
export function factsFromRestSubscription(subscription: unknown, store: string | null): WooSubscriptionFacts | { error: string } {
  if (!isObject(subscription)) return { error: 'the body is not a subscription object' };
  const id = positiveInteger(subscription.id);
  if (id === null) return { error: 'the subscription has no numeric id' };
  const status = typeof subscription.status === 'string' ? subscription.status.replace(/^wc-/, '') : '';
  if (!isSubscriptionStatus(status))
    return { error: `the subscription's status "${status.slice(0, 40)}" is not a WooCommerce Subscriptions status` };
  return {
    store,
    subscriptionId: id,
    status,
    parentId: positiveInteger(subscription.parent_id) ?? 0,
    currency: typeof subscription.currency === 'string' ? subscription.currency.toUpperCase() : '',
    billingPeriod: isBillingPeriod(subscription.billing_period) ? subscription.billing_period : '',
    billingInterval: positiveInteger(subscription.billing_interval) ?? 1,
    nextPaymentAt: gmtDate(subscription.next_payment_date_gmt),
    endAt: gmtDate(subscription.end_date_gmt),
    dateModified: gmtDate(subscription.date_modified_gmt),
    productIds: productIds(subscription),
  };
}

/** `from` moved on by `interval` billing periods (a month from Jan 31 is Feb 28/29, as WooCommerce Subscriptions counts). */
export function addBillingPeriods(from: Date, period: BillingPeriod, interval: number): Date {
  const date = new Date(from.getTime());
  if (period === 'day') date.setUTCDate(date.getUTCDate() + interval);
  else if (period === 'week') date.setUTCDate(date.getUTCDate() + 7 * interval);
  else {
    const months = period === 'year' ? 12 * interval : interval;
    const day = date.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + months);
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, lastDay));
  }
  return date;
}
