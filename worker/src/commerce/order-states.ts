/** Order states, their transitions and the WooCommerce mapping (docs/architecture.md §5). */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const TRANSITIONS: Record<OrderStatus, OrderStatus[]> = {
  pending: ['paid', 'failed', 'cancelled', 'expired'],
  // A late payment still counts.
  failed: ['paid'],
  cancelled: ['paid'],
  expired: ['paid'],
  // Cancelled in the store: its coverage ends as with a refund; the store may reinstate it (cancelled → paid).
  paid: ['refunded', 'cancelled'],
  refunded: [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/**
 * The order status a WooCommerce order status stands for. `processing`/`completed` count as
 * paid only with `date_paid` set (the robust test of docs/external/woocommerce.md); null when the
 * status says nothing about the payment (e.g. `checkout-draft`, or paid without date_paid).
 */
export function orderStatusFromWoo(wooStatus: string, datePaid: Date | null): OrderStatus | null {
  switch (wooStatus.replace(/^wc-/, '')) {
    case 'processing':
    case 'completed':
      return datePaid ? 'paid' : null;
    case 'pending':
    case 'on-hold':
      return 'pending';
    case 'refunded':
      return 'refunded';
    case 'cancelled':
      return 'cancelled';
    case 'failed':
      return 'failed';
    default:
      return null;
  }
}
