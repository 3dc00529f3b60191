import { randomBytes } from 'node:crypto';
import { restOrder, type OrderOptions } from './woo-webhook';

/**
 * What WooCommerce Subscriptions sends (docs/external/woocommerce.md, "WooCommerce Subscriptions"):
 * `subscription.*` deliveries carry the REST `wc/v3/subscriptions` object; a renewal is an
 * ordinary order (`order.*` deliveries) with parent_id 0 and the meta `_subscription_renewal`.
 * Sign and send them with woo-webhook.ts's delivery().
 */
export interface SubscriptionOptions {
  id: number;
  parentId: number;
  status: string;
  productId?: number;
  currency?: string;
  billingPeriod?: string;
  billingInterval?: number;
  nextPaymentAt?: Date | null;
  endAt?: Date | null;
  modifiedAt: Date;
  /** Meta WooCommerce Subscriptions copied from the parent order at checkout. */
  hubOrderId?: string;
  siteUrl?: string;
}

/** WooCommerce's `*_gmt` spelling: no zone, no fraction; null when unset. */
const gmt = (date: Date | null | undefined) => (date ? date.toISOString().slice(0, 19) : null);

/** A REST wc/v3/subscriptions object for one product. */
export function restSubscription(options: SubscriptionOptions) {
  const currency = options.currency ?? 'EUR';
  const created = new Date(options.modifiedAt.getTime() - 3_600_000);
  const meta = options.hubOrderId
    ? [
        { id: 1901, key: 'svc_hub_order_id', value: options.hubOrderId },
        { id: 1902, key: 'svc_site_url', value: options.siteUrl ?? '' },
      ]
    : [];
  return {
    id: options.id,
    parent_id: options.parentId,
    status: options.status,
    currency,
    version: '9.4.2',
    prices_include_tax: false,
    date_created: gmt(created),
    date_modified: gmt(options.modifiedAt),
    discount_total: '0.00',
    shipping_total: '0.00',
    total: '49.00',
    total_tax: '0.00',
    customer_id: 3,
    order_key: `wc_order_${randomBytes(6).toString('hex')}`,
    billing: { first_name: 'Zoë', last_name: 'Müller', email: 'zoe@client.example', country: 'DE' },
    payment_method: 'stripe',
    payment_method_title: 'Credit card',
    customer_note: '',
    meta_data: [...meta, { id: 1903, key: '_stripe_customer_id', value: 'cus_test' }],
    line_items: [
      {
        id: 65,
        name: 'SEO module (monthly)',
        product_id: options.productId ?? 77,
        variation_id: 0,
        quantity: 1,
        subtotal: '49.00',
        total: '49.00',
        price: 49,
        meta_data: [],
      },
    ],
    billing_period: options.billingPeriod ?? 'month',
    billing_interval: String(options.billingInterval ?? 1),
    start_date_gmt: gmt(created),
    trial_end_date_gmt: null,
    next_payment_date_gmt: gmt(options.nextPaymentAt),
    payment_retry_date_gmt: null,
    last_payment_date_gmt: gmt(created),
    cancelled_date_gmt: options.status === 'pending-cancel' || options.status === 'cancelled' ? gmt(options.modifiedAt) : null,
    end_date_gmt: gmt(options.endAt),
    date_created_gmt: gmt(created),
    date_modified_gmt: gmt(options.modifiedAt),
    _links: { self: [{ href: `https://shop.example/wp-json/wc/v3/subscriptions/${options.id}` }] },
  };
}

/**
 * A renewal order of subscription `subscriptionId` as a REST v3 order: parent_id 0 and the meta
 * `_subscription_renewal`; `copiedHubOrderId`: the parent's `svc_hub_order_id`, which
 * WooCommerce Subscriptions copies onto renewals along with the subscription's meta.
 */
export function restRenewalOrder(
  options: Omit<OrderOptions, 'hubOrderId' | 'siteUrl'> & { subscriptionId: number; copiedHubOrderId?: string; siteUrl?: string },
) {
  const order = restOrder({ ...options, hubOrderId: options.copiedHubOrderId ?? '', siteUrl: options.siteUrl ?? '' });
  const meta = order.meta_data.filter((entry) => entry.value !== '' && (options.copiedHubOrderId || !entry.key.startsWith('svc_')));
  return {
    ...order,
    created_via: 'subscription',
    meta_data: [...meta, { id: 904, key: '_subscription_renewal', value: String(options.subscriptionId) }],
  };
}
