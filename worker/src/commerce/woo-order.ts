import { decimalToMicros } from './money';
import { buyerOf, type WooBuyer } from './woo-buyer';

/** One line item of a WooCommerce order, with the hub order its own meta names (docs/architecture.md §5). */
export interface WooOrderLine {
  /** `product_id` (null when not a stored id). */
  productId: number | null;
  /** `variation_id` (null for none). */
  variationId: number | null;
  /** What the buyer paid for the line: `total` + `total_tax`, exactly, as a decimal string ("" when unreadable). */
  total: string;
  /** Item meta `svc_hub_order_id`. */
  hubOrderId: string | null;
  /** Item meta `svc_site_url`. */
  siteUrl: string | null;
}

/**
 * The facts of a WooCommerce order the hub acts on, read from WooCommerce's REST v3 order
 * object (docs/external/woocommerce.md) — the webhook's body, and the shape the shell's WooCommerce
 * bridge sends for in-process events.
 */
export interface WooOrderFacts {
  /** The store's source URL (trailing slash); null = WooCommerce on this site. */
  store: string | null;
  wooOrderId: number;
  /** Without the `wc-` prefix. */
  status: string;
  currency: string;
  total: string;
  datePaid: Date | null;
  dateModified: Date | null;
  /** product_id and variation_id of every line item. */
  productIds: number[];
  /** The line items, each with its own hub order meta (a cart of several pay links pays several hub orders); absent = none known. */
  lines?: WooOrderLine[];
  /** Order meta `svc_hub_order_id` (orders from before per-line meta, and orders paying exactly one hub order). */
  hubOrderId: string | null;
  /** Order meta `svc_site_url`. */
  siteUrl: string | null;
  /** Meta `_subscription_renewal`: the WooCommerce subscription a renewal order renews (docs/commerce.md, "Subscriptions"). */
  renewalOf?: number | null;
  /** Who paid: customer_id and billing (commerce/woo-buyer.ts); the site's customer is learned from it when the order pays. */
  buyer?: WooBuyer;
  /** `refunds[]`: each refund's id and amount (positive; REST writes it negative). */
  refunds?: { id: number; amount: string }[];
}

type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** WooCommerce's `*_gmt` fields have no zone ("2026-11-20T10:00:00"); they are UTC. */
export function gmtDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value === '') return null;
  const text = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The value of the first `meta_data` entry named `key`, as sent (undefined when none). */
export function rawMetaValue(order: Json, key: string): unknown {
  if (!Array.isArray(order.meta_data)) return undefined;
  return order.meta_data.find((meta): meta is Json => isObject(meta) && meta.key === key)?.value;
}

/** A WooCommerce id we can store and compare: a positive integer a double holds exactly (2^64 once made a 500 at the BIGINT column). */
export const isStoredId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0;

export function metaValue(order: Json, key: string): string | null {
  const value = rawMetaValue(order, key);
  return typeof value === 'string' && value !== '' ? value : null;
}

export function productIds(order: Json): number[] {
  if (!Array.isArray(order.line_items)) return [];
  const ids = new Set<number>();
  for (const item of order.line_items) {
    if (!isObject(item)) continue;
    for (const id of [item.product_id, item.variation_id]) if (isStoredId(id)) ids.add(id);
  }
  return [...ids];
}

/** `a + b` for two non-negative decimal strings, exactly; "" when either is not one. */
function sumOfDecimals(a: unknown, b: unknown): string {
  const first = decimalToMicros(a);
  const second = b === undefined || b === null || b === '' ? 0n : decimalToMicros(b);
  if (first === null || second === null) return '';
  const micros = first + second;
  return `${micros / 1_000_000n}.${String(micros % 1_000_000n).padStart(6, '0')}`.replace(/0{1,4}$/, '');
}

/** `line_items[]` with each line's total (tax included) and its own `svc_hub_order_id` / `svc_site_url` meta. */
export function linesOf(order: Json): WooOrderLine[] {
  if (!Array.isArray(order.line_items)) return [];
  return order.line_items.filter(isObject).map((item) => ({
    productId: isStoredId(item.product_id) ? item.product_id : null,
    variationId: isStoredId(item.variation_id) ? item.variation_id : null,
    total: sumOfDecimals(item.total, item.total_tax),
    hubOrderId: metaValue(item, 'svc_hub_order_id'),
    siteUrl: metaValue(item, 'svc_site_url'),
  }));
}

/** A whole number above 0 written as digits (WooCommerce stores ids in meta as strings), or null. */
export function positiveInteger(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^[1-9]\d{0,18}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null;
}

/** `refunds[{id, total}]` with the total made positive; entries without a stored id or a decimal total are left out. */
export function refundsOf(order: Json): { id: number; amount: string }[] {
  if (!Array.isArray(order.refunds)) return [];
  const refunds: { id: number; amount: string }[] = [];
  for (const refund of order.refunds) {
    if (!isObject(refund) || !isStoredId(refund.id)) continue;
    const total = typeof refund.total === 'number' ? String(refund.total) : refund.total;
    if (typeof total !== 'string' || !/^-?\d{1,12}(\.\d{1,6})?$/.test(total.trim())) continue;
    refunds.push({ id: refund.id, amount: total.trim().replace(/^-/, '') });
  }
  return refunds;
}

/** The facts of a REST v3 order object, or the reason it is not one. */
export function factsFromRestOrder(order: unknown, store: string | null): WooOrderFacts | { error: string } {
  if (!isObject(order)) return { error: 'the body is not an order object' };
  const id = order.id;
  if (!isStoredId(id)) return { error: 'the order has no numeric id' };
  if (typeof order.status !== 'string' || order.status === '') return { error: 'the order has no status' };
  const total = typeof order.total === 'number' ? String(order.total) : order.total;
  return {
    store,
    wooOrderId: id,
    status: order.status.replace(/^wc-/, ''),
    currency: typeof order.currency === 'string' ? order.currency.toUpperCase() : '',
    total: typeof total === 'string' ? total : '',
    datePaid: gmtDate(order.date_paid_gmt) ?? gmtDate(order.date_paid),
    dateModified: gmtDate(order.date_modified_gmt),
    productIds: productIds(order),
    lines: linesOf(order),
    hubOrderId: metaValue(order, 'svc_hub_order_id'),
    siteUrl: metaValue(order, 'svc_site_url'),
    renewalOf: positiveInteger(rawMetaValue(order, '_subscription_renewal')),
    buyer: buyerOf(order),
    refunds: refundsOf(order),
  };
}
