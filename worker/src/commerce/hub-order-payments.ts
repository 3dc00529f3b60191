import { normaliseSiteUrl } from '../support/site-url';
import { decimalToMicros } from './money';
import type { OrderRecord } from './orders';
import type { PackageRecord } from './packages';
import type { PaymentResult } from './payment-result';
import type { WooOrderFacts } from './woo-order';

/**
 * One hub order a WooCommerce order pays (docs/architecture.md §5): named by its own line
 * items' meta — a cart filled from several pay links pays several hub orders, each line its
 * own — or, when no line names one, by the order's meta (orders from before per-line meta).
 */
export interface HubOrderPayment {
  hubOrderId: string;
  /** `svc_site_url` beside it (null when none was sent). */
  siteUrl: string | null;
  /** Product and variation ids of the lines paying it (every line's for order-level meta). */
  productIds: number[];
  /** What the buyer paid toward it, in millionths: its lines' totals with their tax, or the order's total; null when unreadable. */
  paidMicros: bigint | null;
  /** "line total" or "total", for the reasons. */
  paidAs: string;
  paidText: string;
}

const textOf = (micros: bigint | null, fallback: string): string =>
  micros === null ? fallback : `${micros / 1_000_000n}.${String(micros % 1_000_000n).padStart(6, '0')}`.replace(/0{1,4}$/, '');

/** The hub orders a WooCommerce order pays, each once, sorted by id (rows are locked in that order). */
export function hubOrderPayments(facts: WooOrderFacts): HubOrderPayment[] {
  const named = (facts.lines ?? []).filter((line) => line.hubOrderId !== null);
  if (named.length === 0) {
    if (!facts.hubOrderId) return [];
    const paidMicros = decimalToMicros(facts.total);
    return [
      {
        hubOrderId: facts.hubOrderId,
        siteUrl: facts.siteUrl,
        productIds: facts.productIds,
        paidMicros,
        paidAs: 'total',
        paidText: facts.total,
      },
    ];
  }
  const byId = new Map<string, HubOrderPayment>();
  for (const line of named) {
    const payment = byId.get(line.hubOrderId!) ?? {
      hubOrderId: line.hubOrderId!,
      siteUrl: line.siteUrl,
      productIds: [],
      paidMicros: 0n,
      paidAs: 'line total',
      paidText: '',
    };
    for (const id of [line.productId, line.variationId]) if (id !== null && !payment.productIds.includes(id)) payment.productIds.push(id);
    const lineMicros = decimalToMicros(line.total);
    payment.paidMicros = payment.paidMicros === null || lineMicros === null ? null : payment.paidMicros + lineMicros;
    payment.paidText = textOf(payment.paidMicros, line.total);
    byId.set(payment.hubOrderId, payment);
  }
  return [...byId.values()].sort((a, b) => (a.hubOrderId < b.hubOrderId ? -1 : a.hubOrderId > b.hubOrderId ? 1 : 0));
}

/** Why this payment cannot be the payment of `order`, or null when it can. */
export function paymentMismatch(payment: HubOrderPayment, facts: WooOrderFacts, order: OrderRecord, pkg: PackageRecord): string | null {
  if ((order.store ?? null) !== facts.store) {
    return `the order belongs to ${order.store ?? 'WooCommerce on this site'}, not ${facts.store ?? 'WooCommerce on this site'}`;
  }
  if (order.wooOrderId !== null && order.wooOrderId !== facts.wooOrderId) {
    return `hub order ${order.id} is paid by WooCommerce order ${order.wooOrderId}, not ${facts.wooOrderId}`;
  }
  if (payment.siteUrl !== null && normaliseSiteUrl(payment.siteUrl) !== order.siteUrl) {
    return `svc_site_url ${payment.siteUrl.slice(0, 200)} is not the order's site ${order.siteUrl}`;
  }
  if (pkg.wooProductId === null || !payment.productIds.includes(pkg.wooProductId)) {
    const where = payment.paidAs === 'total' ? 'the line items' : `the lines naming ${order.id}`;
    return `product ${pkg.wooProductId ?? '(none)'} of package "${pkg.packageId}" is not among ${where}`;
  }
  if (facts.currency !== order.total.currency) return `currency ${facts.currency || '(none)'} is not ${order.total.currency}`;
  const price = decimalToMicros(order.total.amount)!;
  if (payment.paidMicros === null || payment.paidMicros < price) {
    return `${payment.paidAs} ${payment.paidText || '(none)'} is below the price ${order.total.amount}`;
  }
  return null;
}

const RANK: PaymentResult['outcome'][] = ['applied', 'no_change', 'ignored_older', 'unmatched'];

/** One result for a WooCommerce order that paid several hub orders: the most telling outcome, every hub order's reason, and each result in `orders`. */
export function combinedResult(results: PaymentResult[]): PaymentResult {
  if (results.length === 1) return results[0]!;
  const outcome = RANK.find((rank) => results.some((result) => result.outcome === rank))!;
  return {
    outcome,
    reason: results.map((result) => `${result.orderId ?? '(no hub order)'}: ${result.outcome}, ${result.reason}`).join('; '),
    orderId: results.find((result) => result.outcome === outcome)!.orderId,
    orders: results.map(({ outcome: each, reason, orderId }) => ({ outcome: each, reason, orderId })),
  };
}
