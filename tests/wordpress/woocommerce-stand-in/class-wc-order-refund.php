<?php
/**
 * WooCommerce stand-in: WC_Order_Refund (includes/class-wc-order-refund.php) and
 * wc_create_refund() (includes/wc-order-functions.php).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * A refund: an order of type `shop_order_refund` whose parent is the refunded order; its
 * amount and reason are kept as its meta `_refund_amount` and `_refund_reason`.
 */
class WC_Order_Refund extends WC_Order {

	/**
	 * @param int $refund Refund id; 0 for a new one.
	 * @throws Exception When the id is not a refund.
	 */
	public function __construct( $refund = 0 ) {
		$this->data['type'] = 'shop_order_refund';
		parent::__construct( $refund );
	}

	/** @return string Amount refunded, decimal string. */
	public function get_amount() {
		return (string) $this->get_meta( '_refund_amount' );
	}

	/** @return string */
	public function get_reason() {
		return (string) $this->get_meta( '_refund_reason' );
	}
}

/**
 * Creates a refund of an order. A refund of everything that remains fires, in this order,
 * `woocommerce_order_fully_refunded( $order_id, $refund_id )`, the status change to
 * `refunded` (`woocommerce_order_status_refunded`, `…_changed`), then
 * `woocommerce_order_refunded( $order_id, $refund_id )`; a partial one
 * `woocommerce_order_partially_refunded` instead of the first two.
 *
 * @param array $args amount, reason, order_id.
 * @return WC_Order_Refund|WP_Error
 */
function wc_create_refund( $args = array() ) {
	$args  = wp_parse_args(
		$args,
		array(
			'amount'   => 0,
			'reason'   => null,
			'order_id' => 0,
		)
	);
	$order = wc_get_order( $args['order_id'] );
	if ( ! $order ) {
		return new WP_Error( 'error', 'Invalid order ID.' );
	}
	$remaining = (float) $order->get_remaining_refund_amount();
	$amount    = (float) wc_format_decimal( $args['amount'], wc_get_price_decimals() );
	if ( $amount <= 0 || $amount > $remaining ) {
		return new WP_Error( 'error', 'Invalid refund amount.' );
	}
	try {
		$refund = new WC_Order_Refund();
		$refund->set_status( 'completed' );
		$refund->set_parent_id( $order->get_id() );
		$refund->set_currency( $order->get_currency() );
		$refund->set_total( -1 * $amount );
		$refund->set_created_via( 'admin' );
		$refund->update_meta_data( '_refund_amount', wc_format_decimal( $amount, wc_get_price_decimals() ) );
		$refund->update_meta_data( '_refund_reason', (string) $args['reason'] );
		$refund->save();
	} catch ( Exception $e ) {
		return new WP_Error( 'error', $e->getMessage() );
	}
	if ( $remaining - $amount > 0 ) {
		do_action( 'woocommerce_order_partially_refunded', $order->get_id(), $refund->get_id() );
	} else {
		do_action( 'woocommerce_order_fully_refunded', $order->get_id(), $refund->get_id() );
		$parent_status = apply_filters( 'woocommerce_order_fully_refunded_status', 'refunded', $order->get_id(), $refund->get_id() );
		if ( $parent_status ) {
			$order->update_status( $parent_status );
		}
	}
	do_action( 'woocommerce_refund_created', $refund->get_id(), $args );
	do_action( 'woocommerce_order_refunded', $order->get_id(), $refund->get_id() );
	return $refund;
}
