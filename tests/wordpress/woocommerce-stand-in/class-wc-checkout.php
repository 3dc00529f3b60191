<?php
/**
 * WooCommerce stand-in: WC_Checkout::create_order (includes/class-wc-checkout.php) and the
 * Store API's draft order (the block checkout).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Creates orders from the cart with WooCommerce's hooks.
 */
class WC_Checkout {

	/** @var WC_Checkout|null */
	protected static $instance = null;

	/** @return WC_Checkout */
	public static function instance() {
		if ( null === self::$instance ) {
			self::$instance = new self();
		}
		return self::$instance;
	}

	/**
	 * Classic checkout: a new order from the cart; fires
	 * `woocommerce_checkout_create_order( $order, $data )` before saving and
	 * `woocommerce_checkout_update_order_meta( $order_id, $data )` after.
	 *
	 * @param array $data Posted checkout data.
	 * @return int|WP_Error Order id.
	 */
	public function create_order( $data ) {
		$order_id = apply_filters( 'woocommerce_create_order', null, $this );
		if ( $order_id ) {
			return $order_id;
		}
		try {
			$order = new WC_Order();
			$order->set_created_via( 'checkout' );
			$order->set_customer_id( apply_filters( 'woocommerce_checkout_customer_id', get_current_user_id() ) );
			$order->set_currency( get_woocommerce_currency() );
			self::set_data_from_cart( $order );
			do_action( 'woocommerce_checkout_create_order', $order, $data );
			$order_id = $order->save();
			do_action( 'woocommerce_checkout_update_order_meta', $order_id, $data );
			do_action( 'woocommerce_checkout_order_created', $order );
			WC()->session->set( 'order_awaiting_payment', $order_id );
			return $order_id;
		} catch ( Exception $e ) {
			return new WP_Error( 'checkout-error', $e->getMessage() );
		}
	}

	/**
	 * Block checkout (Store API): a `checkout-draft` order from the cart; fires
	 * `woocommerce_store_api_checkout_update_order_meta( $order )` before saving it, then
	 * moves it to pending as the Store API does when the customer places it.
	 *
	 * @return WC_Order|WP_Error
	 */
	public function create_store_api_order() {
		try {
			$order = new WC_Order();
			$order->set_status( 'checkout-draft' );
			$order->set_created_via( 'store-api' );
			$order->set_currency( get_woocommerce_currency() );
			self::set_data_from_cart( $order );
			do_action( 'woocommerce_store_api_checkout_update_order_meta', $order );
			$order->save();
			$order->update_status( 'pending' );
			return $order;
		} catch ( Exception $e ) {
			return new WP_Error( 'checkout-error', $e->getMessage() );
		}
	}

	/**
	 * Line items and total from the cart (not saved).
	 *
	 * @param WC_Order $order Order.
	 */
	protected static function set_data_from_cart( WC_Order $order ) {
		foreach ( WC()->cart->get_cart() as $item ) {
			$order->add_product( wc_get_product( $item['variation_id'] ? $item['variation_id'] : $item['product_id'] ), $item['quantity'] );
		}
		$order->set_total( WC()->cart->get_total( 'edit' ) );
	}
}
