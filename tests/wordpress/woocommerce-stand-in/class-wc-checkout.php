<?php
/**
 * WooCommerce stand-in: the classic checkout (includes/class-wc-checkout.php, the
 * `[woocommerce_checkout]` shortcode and `?wc-ajax=checkout`).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Creates orders from the cart with WooCommerce's hooks.
 */
class WC_Checkout {

	/** Nonce action of the checkout form (field `woocommerce-process-checkout-nonce`). */
	public const NONCE_ACTION = 'woocommerce-process_checkout';

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
	 * `POST /?wc-ajax=checkout` (the classic form): checks the nonce, creates the order,
	 * fires `woocommerce_checkout_order_processed`, lets the gateway take the payment and
	 * empties the cart. Answers WooCommerce's JSON `{result, redirect}` or `{result: failure,
	 * messages}`.
	 */
	public function process_checkout() {
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- checked right here.
		$nonce = isset( $_POST['woocommerce-process-checkout-nonce'] ) ? sanitize_text_field( wp_unslash( $_POST['woocommerce-process-checkout-nonce'] ) ) : '';
		if ( ! wp_verify_nonce( $nonce, self::NONCE_ACTION ) ) {
			wp_send_json( array( 'result' => 'failure', 'messages' => 'We were unable to process your order, please try again.' ) );
		}
		if ( WC()->cart->is_empty() ) {
			wp_send_json( array( 'result' => 'failure', 'messages' => 'Sorry, your session has expired.' ) );
		}
		$data = array(
			'billing_email'  => isset( $_POST['billing_email'] ) ? sanitize_email( wp_unslash( $_POST['billing_email'] ) ) : '',
			'payment_method' => isset( $_POST['payment_method'] ) ? sanitize_key( wp_unslash( $_POST['payment_method'] ) ) : '',
		);
		// phpcs:enable
		$gateways = WC()->payment_gateways()->get_available_payment_gateways();
		if ( ! isset( $gateways[ $data['payment_method'] ] ) ) {
			wp_send_json( array( 'result' => 'failure', 'messages' => 'Invalid payment method.' ) );
		}
		$order_id = $this->create_order( $data );
		if ( is_wp_error( $order_id ) ) {
			wp_send_json( array( 'result' => 'failure', 'messages' => $order_id->get_error_message() ) );
		}
		$order = wc_get_order( $order_id );
		do_action( 'woocommerce_checkout_order_processed', $order_id, $data, $order );
		$result = $gateways[ $data['payment_method'] ]->process_payment( $order_id );
		WC()->cart->empty_cart();
		wp_send_json( array_merge( $result, array( 'order_id' => $order_id ) ) );
	}

	/**
	 * A new order from the cart; fires `woocommerce_checkout_create_order( $order, $data )`
	 * once, before its save, and `woocommerce_checkout_update_order_meta( $order_id, $data )`
	 * and `woocommerce_checkout_order_created( $order )` after.
	 *
	 * @param array $data Posted checkout data (billing_email, payment_method).
	 * @return int|WP_Error Order id.
	 */
	public function create_order( $data ) {
		$order_id = apply_filters( 'woocommerce_create_order', null, $this );
		if ( $order_id ) {
			return $order_id;
		}
		try {
			$order    = new WC_Order();
			$gateways = WC()->payment_gateways()->get_available_payment_gateways();
			$order->set_created_via( 'checkout' );
			$order->set_customer_id( apply_filters( 'woocommerce_checkout_customer_id', get_current_user_id() ) );
			$order->set_currency( get_woocommerce_currency() );
			$order->set_billing_email( $data['billing_email'] ?? '' );
			$order->set_payment_method( $gateways[ $data['payment_method'] ?? '' ] ?? '' );
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
	 * A line item per cart item, each through `woocommerce_checkout_create_order_line_item(
	 * $item, $cart_item_key, $values, $order )` before it joins the order (the classic checkout
	 * and the Store API both make their lines here).
	 *
	 * @param WC_Order $order Order.
	 * @param WC_Cart  $cart  Cart.
	 */
	public function create_order_line_items( &$order, $cart ) {
		foreach ( $cart->get_cart() as $cart_item_key => $values ) {
			$product = wc_get_product( $values['variation_id'] ? $values['variation_id'] : $values['product_id'] );
			$item    = new WC_Order_Item_Product(
				array(
					'quantity' => $values['quantity'],
					'subtotal' => $values['line_subtotal'],
					'total'    => $values['line_total'],
				)
			);
			if ( $product ) {
				$item->set_props(
					array(
						'name'         => $product->get_name(),
						'product_id'   => $product->get_parent_id() ? $product->get_parent_id() : $product->get_id(),
						'variation_id' => $product->get_parent_id() ? $product->get_id() : 0,
					)
				);
			}
			do_action( 'woocommerce_checkout_create_order_line_item', $item, $cart_item_key, $values, $order );
			$order->add_item( $item );
		}
	}

	/**
	 * Line items, total and the cart and shipping hashes from the cart (not saved). Items the
	 * order already has are replaced.
	 *
	 * @param WC_Order $order Order.
	 */
	public static function set_data_from_cart( WC_Order $order ) {
		$order->remove_order_items();
		WC()->checkout()->create_order_line_items( $order, WC()->cart );
		$order->set_total( WC()->cart->get_total( 'edit' ) );
		$order->set_cart_hash( WC()->cart->get_cart_hash() );
		$order->update_meta_data( '_shipping_hash', md5( wp_json_encode( array() ) ) );
	}
}
