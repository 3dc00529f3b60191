import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * What a WooCommerce store sends to a webhook URL (facts/woocommerce.md, class-wc-webhook.php
 * deliver()): the REST v3 order as wp_json_encode() spells it, the X-WC-Webhook-* headers and
 * base64(HMAC-SHA256(body, key)). `key` is the HMAC key itself — the store's secret after
 * WooCommerce decoded it — so tests state it independently of the hub's decoding.
 */
export const WOO_USER_AGENT = 'WooCommerce/9.4.2 Hookshot (WordPress/6.7.1)';

export interface OrderOptions {
  id: number;
  hubOrderId: string;
  siteUrl: string;
  status: string;
  productId?: number;
  currency?: string;
  total?: string;
  /** date_paid_gmt; null for an unpaid order. */
  paidAt?: Date | null;
  modifiedAt: Date;
  createdAt?: Date;
}

/** PHP's json_encode() without flags: "/" as "\/", every non-ASCII character as \uXXXX. */
export function phpJsonEncode(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** WooCommerce's `*_gmt` spelling: no zone, no fraction. */
const gmt = (date: Date) => date.toISOString().slice(0, 19);

/** A REST v3 order object (wc/v3/orders/{id}) for one product, paid by card when `paidAt` is set. */
export function restOrder(options: OrderOptions) {
  const total = options.total ?? '49.00';
  const currency = options.currency ?? 'EUR';
  const created = options.createdAt ?? new Date(options.modifiedAt.getTime() - 120_000);
  const paid = options.paidAt ?? null;
  const orderKey = `wc_order_${randomBytes(6).toString('hex')}`;
  return {
    id: options.id,
    parent_id: 0,
    status: options.status,
    currency,
    version: '9.4.2',
    prices_include_tax: false,
    date_created: gmt(created),
    date_modified: gmt(options.modifiedAt),
    discount_total: '0.00',
    discount_tax: '0.00',
    shipping_total: '0.00',
    shipping_tax: '0.00',
    cart_tax: '0.00',
    total,
    total_tax: '0.00',
    customer_id: 3,
    order_key: orderKey,
    billing: { first_name: 'Zoë', last_name: 'Müller', company: 'Client GmbH', address_1: 'Hauptstraße 1', address_2: '', city: 'Köln', state: '', postcode: '50667', country: 'DE', email: 'zoe@client.example', phone: '+49 221 000000' },
    shipping: { first_name: '', last_name: '', company: '', address_1: '', address_2: '', city: '', state: '', postcode: '', country: '', phone: '' },
    payment_method: paid ? 'stripe' : '',
    payment_method_title: paid ? 'Credit card' : '',
    transaction_id: paid ? `ch_${randomBytes(8).toString('hex')}` : '',
    customer_ip_address: '203.0.113.50',
    customer_user_agent: 'Mozilla/5.0',
    created_via: 'checkout',
    customer_note: '',
    date_completed: null,
    date_paid: paid ? gmt(paid) : null,
    cart_hash: randomBytes(16).toString('hex'),
    number: String(options.id),
    meta_data: [
      { id: 901, key: 'svc_hub_order_id', value: options.hubOrderId },
      { id: 902, key: 'svc_site_url', value: options.siteUrl },
      { id: 903, key: '_stripe_fee', value: '1.02' },
    ],
    line_items: [
      {
        id: 55,
        name: 'SEO module (30 days)',
        product_id: options.productId ?? 77,
        variation_id: 0,
        quantity: 1,
        tax_class: '',
        subtotal: total,
        subtotal_tax: '0.00',
        total,
        total_tax: '0.00',
        taxes: [],
        meta_data: [],
        sku: 'SEO-30',
        price: Number(total),
        image: { id: '', src: '' },
        parent_name: null,
      },
    ],
    tax_lines: [],
    shipping_lines: [],
    fee_lines: [],
    coupon_lines: [],
    refunds: options.status === 'refunded' ? [{ id: options.id + 1, reason: 'Customer request', total: `-${total}` }] : [],
    payment_url: `https://shop.example/checkout/order-pay/${options.id}/?pay_for_order=true&key=${orderKey}`,
    is_editable: false,
    needs_payment: paid === null,
    needs_processing: true,
    date_created_gmt: gmt(created),
    date_modified_gmt: gmt(options.modifiedAt),
    date_completed_gmt: null,
    date_paid_gmt: paid ? gmt(paid) : null,
    currency_symbol: '€',
    _links: { self: [{ href: `https://shop.example/wp-json/wc/v3/orders/${options.id}` }] },
  };
}

export function wooSignature(body: string | Buffer, key: string): string {
  return createHmac('sha256', key).update(body).digest('base64');
}

export interface DeliveryOptions {
  source: string;
  key: string;
  topic?: string;
  webhookId?: number;
  /** Overrides (null removes a header). */
  headers?: Record<string, string | null>;
}

export interface WebhookRequest {
  method: 'POST';
  headers: Record<string, string>;
  body: string | Buffer;
}

/** The request WooCommerce's deliver() makes: POST, JSON, its User-Agent and the X-WC-Webhook-* headers. */
export function delivery(body: string | Buffer, options: DeliveryOptions): WebhookRequest {
  const topic = options.topic ?? 'order.updated';
  const [resource = '', event = ''] = topic.split('.');
  const headers: Record<string, string | null> = {
    'User-Agent': WOO_USER_AGENT,
    'Content-Type': 'application/json',
    'X-WC-Webhook-Source': options.source,
    'X-WC-Webhook-Topic': topic,
    'X-WC-Webhook-Resource': resource,
    'X-WC-Webhook-Event': event,
    'X-WC-Webhook-Signature': wooSignature(body, options.key),
    'X-WC-Webhook-ID': String(options.webhookId ?? 12),
    // As WooCommerce makes it (facts/woocommerce.md): a hash of the webhook id and the current
    // second — the same for two deliveries in one second, so nothing may deduplicate on it.
    'X-WC-Webhook-Delivery-ID': createHash('md5').update(`${options.webhookId ?? 12}${Math.floor(Date.now() / 1000)}`).digest('hex'),
    ...options.headers,
  };
  const kept = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== null));
  return { method: 'POST', headers: kept, body };
}

/** WooCommerce's ping: form-encoded `webhook_id=<N>`, its User-Agent, no X-WC-Webhook-* header. */
export function ping(webhookId: number): WebhookRequest {
  return {
    method: 'POST',
    headers: { 'User-Agent': WOO_USER_AGENT, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `webhook_id=${webhookId}`,
  };
}
