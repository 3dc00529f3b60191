/** What a WooCommerce order event did: the webhook's audit outcome. */
export type PaymentOutcome = 'applied' | 'no_change' | 'ignored_older' | 'unmatched';

export interface PaymentResult {
  outcome: PaymentOutcome;
  /** One line for the audit log and the worker log. */
  reason: string;
  orderId: string | null;
  /** Each hub order's own result when one WooCommerce order paid several (commerce/hub-order-payments.ts). */
  orders?: { outcome: PaymentOutcome; reason: string; orderId: string | null }[];
}

/**
 * Where the event came from: `webhook` (another store, signed), `reconcile` (another store's
 * order pulled through its REST API) or `woocommerce` (this site, in-process).
 */
export type PaymentSource = 'webhook' | 'reconcile' | 'woocommerce';
