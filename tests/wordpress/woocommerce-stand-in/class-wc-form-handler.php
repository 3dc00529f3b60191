<?php
/**
 * WooCommerce stand-in: WC_Form_Handler::add_to_cart_action (includes/class-wc-form-handler.php).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * `?add-to-cart=<product id>` on any front-end URL adds the product (wp_loaded, priority 20).
 */
class WC_Form_Handler {

	/**
	 * Adds the requested product to the cart (the stand-in never redirects after adding:
	 * WooCommerce's default, `woocommerce_cart_redirect_after_add` = no).
	 *
	 * @param bool $url Unused.
	 */
	public static function add_to_cart_action( $url = false ) {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended
		if ( ! isset( $_REQUEST['add-to-cart'] ) || ! is_numeric( wp_unslash( $_REQUEST['add-to-cart'] ) ) || ! WC()->cart ) {
			return;
		}
		$product_id = apply_filters( 'woocommerce_add_to_cart_product_id', absint( wp_unslash( $_REQUEST['add-to-cart'] ) ) );
		$quantity   = empty( $_REQUEST['quantity'] ) ? 1 : absint( wp_unslash( $_REQUEST['quantity'] ) );
		// phpcs:enable
		if ( apply_filters( 'woocommerce_add_to_cart_validation', true, $product_id, $quantity ) ) {
			WC()->cart->add_to_cart( $product_id, $quantity );
		}
	}
}
