import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a WooCommerce store sends to a webhook URL (docs/external/woocommerce.md, class-wc-webhook.php
 * deliver()): the REST v3 order as wp_json_encode() spells it, the X-WC-Webhook-* headers and
 * base64(HMAC-SHA256(body, key)). `key` is the HMAC key itself — the store's secret after
 * WooCommerce decoded it — so tests state it independently of the hub's decoding.
 */
export const WOO_USER_AGENT = 'WooCommerce/10.0.2 Hookshot (WordPress/7.1)';

/**
 * The REST v3 order's shape — field order, defaults and types — as the WooCommerce stand-in
 * fills it for its own webhook deliveries (tests/wordpress/woocommerce-stand-in/rest-order.json):
 * one description of the payload for both.
 */
const SHAPE = JSON.parse(readFileSync(join(__dirname, '..', 'wordpress', 'woocommerce-stand-in', 'rest-order.json'), 'utf8')) as {
  order: Record<string, unknown>;
  line_item: Record<string, unknown>;
};

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
    ...SHAPE.order,
    id: options.id,
    status: options.status,
    currency,
    date_created: gmt(created),
    date_modified: gmt(options.modifiedAt),
    total,
    customer_id: 3,
    order_key: orderKey,
    billing: {
      ...(SHAPE.order.billing as object),
      first_name: 'Zoë',
      last_name: 'Müller',
      company: 'Client GmbH',
      address_1: 'Hauptstraße 1',
      city: 'Köln',
      postcode: '50667',
      country: 'DE',
      email: 'zoe@client.example',
      phone: '+49 221 000000',
    },
    payment_method: paid ? 'stripe' : '',
    payment_method_title: paid ? 'Credit card' : '',
    transaction_id: paid ? `ch_${randomBytes(8).toString('hex')}` : '',
    customer_ip_address: '203.0.113.50',
    customer_user_agent: 'Mozilla/5.0',
    created_via: 'checkout',
    date_paid: paid ? gmt(paid) : null,
    cart_hash: randomBytes(16).toString('hex'),
    number: String(options.id),
    meta_data: [
      { id: 901, key: 'svc_hub_order_id', value: options.hubOrderId },
      { id: 902, key: 'svc_site_url', value: options.siteUrl },
      { id: 903, key: '_stripe_fee', value: '1.02' },
      { id: 904, key: '_shipping_hash', value: 'd751713988987e9331980363e24189ce' },
    ],
    line_items: [
      {
        ...SHAPE.line_item,
        id: 55,
        name: 'SEO module (30 days)',
        product_id: options.productId ?? 77,
        quantity: 1,
        subtotal: total,
        total,
        sku: 'SEO-30',
        price: Number(total),
      },
    ],
    refunds: options.status === 'refunded' ? [{ id: options.id + 1, reason: 'Customer request', total: `-${total}` }] : [],
    payment_url: `https://shop.example/checkout/order-pay/${options.id}/?pay_for_order=true&key=${orderKey}`,
    needs_payment: paid === null,
    date_created_gmt: gmt(created),
    date_modified_gmt: gmt(options.modifiedAt),
    date_paid_gmt: paid ? gmt(paid) : null,
    _links: {
      self: [{ href: `https://shop.example/wp-json/wc/v3/orders/${options.id}` }],
      collection: [{ href: 'https://shop.example/wp-json/wc/v3/orders' }],
    },
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
    // As WooCommerce makes it (docs/external/woocommerce.md): wp_hash( webhook id . time() ), 32 hex
    // characters, salted — the same for two deliveries in one second, so nothing may deduplicate on it.
    'X-WC-Webhook-Delivery-ID': createHmac('md5', 'wp_hash salt of the store')
      .update(`${options.webhookId ?? 12}${Math.floor(Date.now() / 1000)}`)
      .digest('hex'),
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
