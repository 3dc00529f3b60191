<?php
/**
 * WooCommerce stand-in: WC_Cart (includes/class-wc-cart.php), the part the checkout uses.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * The cart, kept in the session under `cart` like WooCommerce.
 */
class WC_Cart {

	/**
	 * Adds a product; fires `woocommerce_add_to_cart` and sets the cart cookies.
	 *
	 * @param int   $product_id     Product id.
	 * @param int   $quantity       Quantity.
	 * @param int   $variation_id   Variation id.
	 * @param array $variation      Attributes.
	 * @param array $cart_item_data Extra data.
	 * @return string|false Cart item key.
	 */
	public function add_to_cart( $product_id = 0, $quantity = 1, $variation_id = 0, $variation = array(), $cart_item_data = array() ) {
		$product = wc_get_product( $variation_id ? $variation_id : $product_id );
		if ( ! $product || $quantity <= 0 || ! $product->is_purchasable() ) {
			return false;
		}
		$cart_item_key = md5( $product_id . '_' . $variation_id . '_' . wp_json_encode( $variation ) . '_' . wp_json_encode( $cart_item_data ) );
		$cart          = $this->get_cart();
		if ( isset( $cart[ $cart_item_key ] ) ) {
			$cart[ $cart_item_key ]['quantity'] += (int) $quantity;
		} else {
			$cart[ $cart_item_key ] = array(
				'key'          => $cart_item_key,
				'product_id'   => (int) $product_id,
				'variation_id' => (int) $variation_id,
				'variation'    => $variation,
				'quantity'     => (int) $quantity,
			);
		}
		WC()->session->set( 'cart', $cart );
		do_action( 'woocommerce_add_to_cart', $cart_item_key, $product_id, $quantity, $variation_id, $variation, $cart_item_data );
		// WC_Cart_Session::maybe_set_cart_cookies().
		do_action( 'woocommerce_set_cart_cookies', true );
		return $cart_item_key;
	}

	/** @return array Cart items by key. */
	public function get_cart() {
		$cart = WC()->session ? WC()->session->get( 'cart', array() ) : array();
		return is_array( $cart ) ? $cart : array();
	}

	/** @return bool */
	public function is_empty() {
		return 0 === count( $this->get_cart() );
	}

	/**
	 * The cart's total.
	 *
	 * @param string $context view or edit.
	 * @return string
	 */
	public function get_total( $context = 'view' ) {
		$total = 0.0;
		foreach ( $this->get_cart() as $item ) {
			$product = wc_get_product( $item['variation_id'] ? $item['variation_id'] : $item['product_id'] );
			$total  += $product ? (float) $product->get_price() * $item['quantity'] : 0;
		}
		return wc_format_decimal( $total, wc_get_price_decimals() );
	}

	/**
	 * The cart's hash (WC_Cart_Session::get_cart_hash).
	 *
	 * @return string
	 */
	public function get_cart_hash() {
		$cart = $this->get_cart();
		return $cart ? md5( wp_json_encode( $cart ) . $this->get_total( 'edit' ) ) : '';
	}

	/**
	 * Empties the cart.
	 *
	 * @param bool $clear_persistent_cart Unused.
	 */
	public function empty_cart( $clear_persistent_cart = true ) {
		WC()->session->set( 'cart', null );
	}
}
