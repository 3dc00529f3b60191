<?php
/**
 * WooCommerce stand-in: WC_Cart (includes/class-wc-cart.php) and the part of WC_Cart_Session
 * (includes/class-wc-cart-session.php) the checkout and the session race use.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * The cart, kept in the session under `cart` (and `cart_totals`) like WooCommerce, and for a
 * logged-in customer also in the persistent cart (user meta `_woocommerce_persistent_cart_{blog
 * id}`), written on every add. At `wp_loaded` the cart is loaded from the session: a session
 * without a cart takes the persistent one, and the cart is written back to the session (which
 * makes the session dirty, so the request saves the whole session row at shutdown).
 */
class WC_Cart {

	/**
	 * Hooks WC_Cart_Session::get_cart_from_session.
	 */
	public function __construct() {
		add_action( 'wp_loaded', array( $this, 'get_cart_from_session' ) );
	}

	/**
	 * WC_Cart_Session::get_cart_from_session(): the session's cart, or (none in the session) the
	 * persistent cart merged in; written back to the session when it came from elsewhere or the
	 * session has no totals yet.
	 */
	public function get_cart_from_session() {
		if ( ! WC()->session ) {
			return;
		}
		$cart   = WC()->session->get( 'cart', null );
		$update = false;
		if ( is_null( $cart ) ) {
			$cart   = array_merge( $this->saved_cart(), array() );
			$update = true;
		}
		if ( $update || is_null( WC()->session->get( 'cart_totals', null ) ) ) {
			$this->set_session( (array) $cart );
		}
	}

	/**
	 * Adds a product; fires `woocommerce_add_to_cart` and sets the cart cookies. The item's data
	 * goes through `woocommerce_add_cart_item_data( $cart_item_data, $product_id, $variation_id,
	 * $quantity )` and is part of the item's key: the same product with other data is another line.
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
		$cart_item_data = (array) apply_filters( 'woocommerce_add_cart_item_data', $cart_item_data, $product_id, $variation_id, $quantity );
		$cart_item_key  = $this->generate_cart_id( $product_id, $variation_id, $variation, $cart_item_data );
		$cart           = $this->get_cart();
		if ( isset( $cart[ $cart_item_key ] ) ) {
			$cart[ $cart_item_key ]['quantity'] += (int) $quantity;
		} else {
			$cart[ $cart_item_key ] = array_merge(
				$cart_item_data,
				array(
					'key'          => $cart_item_key,
					'product_id'   => (int) $product_id,
					'variation_id' => (int) $variation_id,
					'variation'    => $variation,
					'quantity'     => (int) $quantity,
				)
			);
		}
		$line_total                              = wc_format_decimal( (float) $product->get_price() * $cart[ $cart_item_key ]['quantity'], wc_get_price_decimals() );
		$cart[ $cart_item_key ]['line_subtotal'] = $line_total;
		$cart[ $cart_item_key ]['line_total']    = $line_total;
		$this->set_session( $cart );
		do_action( 'woocommerce_add_to_cart', $cart_item_key, $product_id, $quantity, $variation_id, $variation, $cart_item_data );
		$this->persistent_cart_update();
		// WC_Cart_Session::maybe_set_cart_cookies().
		do_action( 'woocommerce_set_cart_cookies', true );
		return $cart_item_key;
	}

	/**
	 * WC_Cart::generate_cart_id().
	 *
	 * @param int   $product_id     Product id.
	 * @param int   $variation_id   Variation id.
	 * @param array $variation      Attributes.
	 * @param array $cart_item_data Extra data.
	 * @return string
	 */
	public function generate_cart_id( $product_id, $variation_id = 0, $variation = array(), $cart_item_data = array() ) {
		$id_parts = array( $product_id );
		if ( $variation_id && 0 !== $variation_id ) {
			$id_parts[] = $variation_id;
		}
		if ( is_array( $variation ) && ! empty( $variation ) ) {
			$id_parts[] = wp_json_encode( $variation );
		}
		if ( is_array( $cart_item_data ) && ! empty( $cart_item_data ) ) {
			$id_parts[] = wp_json_encode( $cart_item_data );
		}
		return apply_filters( 'woocommerce_cart_id', md5( implode( '_', $id_parts ) ), $product_id, $variation_id, $variation, $cart_item_data );
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
			$total += (float) ( $item['line_total'] ?? 0 );
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
	 * Empties the cart (and, by default, the persistent cart).
	 *
	 * @param bool $clear_persistent_cart Whether to delete the persistent cart too.
	 */
	public function empty_cart( $clear_persistent_cart = true ) {
		WC()->session->set( 'cart', null );
		WC()->session->set( 'cart_totals', null );
		if ( $clear_persistent_cart && get_current_user_id() ) {
			delete_user_meta( get_current_user_id(), self::persistent_key() );
		}
	}

	/**
	 * WC_Cart_Session::set_session(): the cart and its totals into the session.
	 *
	 * @param array $cart Cart items by key.
	 */
	private function set_session( array $cart ) {
		WC()->session->set( 'cart', $cart );
		$total = 0.0;
		foreach ( $cart as $item ) {
			$total += (float) ( $item['line_total'] ?? 0 );
		}
		WC()->session->set( 'cart_totals', array( 'total' => wc_format_decimal( $total, wc_get_price_decimals() ) ) );
	}

	/**
	 * WC_Cart_Session::persistent_cart_update(): a logged-in customer's cart into user meta.
	 */
	private function persistent_cart_update() {
		if ( get_current_user_id() ) {
			update_user_meta( get_current_user_id(), self::persistent_key(), array( 'cart' => $this->get_cart() ) );
		}
	}

	/** @return array The logged-in customer's persistent cart (WC_Cart_Session::get_saved_cart). */
	private function saved_cart() {
		$saved = get_current_user_id() ? get_user_meta( get_current_user_id(), self::persistent_key(), true ) : array();
		return is_array( $saved ) && isset( $saved['cart'] ) ? array_filter( (array) $saved['cart'] ) : array();
	}

	/** @return string The persistent cart's user meta key. */
	private static function persistent_key() {
		return '_woocommerce_persistent_cart_' . get_current_blog_id();
	}
}
