import { canTransition, orderStatusFromWoo } from './order-states';

describe('order states', () => {
  it('allows the transitions of docs/architecture.md §5 and no others', () => {
    expect(canTransition('pending', 'paid')).toBe(true);
    expect(canTransition('failed', 'paid')).toBe(true);
    expect(canTransition('expired', 'paid')).toBe(true);
    expect(canTransition('paid', 'refunded')).toBe(true);
    expect(canTransition('paid', 'pending')).toBe(false);
    expect(canTransition('refunded', 'paid')).toBe(false);
    expect(canTransition('pending', 'refunded')).toBe(false);
    expect(canTransition('cancelled', 'failed')).toBe(false);
  });

  it('lets the store cancel a paid order and reinstate it; a refund stays final', () => {
    expect(canTransition('paid', 'cancelled')).toBe(true);
    expect(canTransition('cancelled', 'paid')).toBe(true);
    expect(canTransition('refunded', 'cancelled')).toBe(false);
    expect(canTransition('cancelled', 'refunded')).toBe(false);
    expect(orderStatusFromWoo('wc-cancelled', new Date())).toBe('cancelled');
  });

  it('maps WooCommerce statuses, paid only with date_paid', () => {
    const paidAt = new Date('2026-11-20T10:00:00Z');
    expect(orderStatusFromWoo('processing', paidAt)).toBe('paid');
    expect(orderStatusFromWoo('wc-completed', paidAt)).toBe('paid');
    expect(orderStatusFromWoo('processing', null)).toBeNull();
    expect(orderStatusFromWoo('on-hold', null)).toBe('pending');
    expect(orderStatusFromWoo('refunded', paidAt)).toBe('refunded');
    expect(orderStatusFromWoo('checkout-draft', null)).toBeNull();
    expect(orderStatusFromWoo('trash', null)).toBeNull();
  });
});
