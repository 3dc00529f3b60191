<?php
/**
 * svc-hub on an external WooCommerce store: the hub's order meta, from the pay link to the order.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * A hub's checkout sends the buyer to `{store}/?add-to-cart={product}&svc_hub_order_id=…&
 * svc_site_url=…`. When both values are valid they are kept in the visitor's WooCommerce
 * session, then copied into the order's meta when the checkout creates it (classic
 * checkout and the block checkout's Store API), so the store's webhook carries them back
 * to the hub. Invalid values are ignored; nothing else is read from the request.
 *
 * The session keeps them until an order carrying them has been placed: the block checkout
 * fires its meta hook while the page merely renders, on a draft it does not save, and again
 * when the buyer places the order (docs/external/woocommerce.md, "Observed on a real store"); the
 * classic checkout fires its hook once, before its save.
 */
final class Svc_Hub_Woocommerce_Store_Meta {

	/** Session keys (the same names as the meta keys). */
	private const KEYS = array( Svc_Hub_Woocommerce_Order_Facts::META_HUB_ORDER_ID, Svc_Hub_Woocommerce_Order_Facts::META_SITE_URL );

	/**
	 * Hooks into WooCommerce. Call once WooCommerce is loaded.
	 */
	public function register_hooks(): void {
		// Before WC_Form_Handler::add_to_cart_action (wp_loaded, 20), which may redirect and exit.
		add_action( 'wp_loaded', array( $this, 'remember' ), 10 );
		add_action( 'woocommerce_checkout_create_order', array( $this, 'copy_to_order' ), 10, 2 );
		add_action( 'woocommerce_checkout_order_created', array( $this, 'forget' ), 10, 1 );
		add_action( 'woocommerce_store_api_checkout_update_order_meta', array( $this, 'copy_to_order' ), 10, 1 );
		add_action( 'woocommerce_store_api_checkout_order_processed', array( $this, 'placed' ), 10, 1 );
	}

	/**
	 * `wp_loaded` action: keeps valid `svc_hub_order_id` and `svc_site_url` query values in
	 * the WooCommerce session.
	 */
	public function remember(): void {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended, SvcHub.Security.NonceVerification.Recommended -- a public pay link; the values are validated and only ever stored as order meta.
		if ( ! isset( $_GET[ self::KEYS[0] ], $_GET[ self::KEYS[1] ] ) || ! is_string( $_GET[ self::KEYS[0] ] ) || ! is_string( $_GET[ self::KEYS[1] ] ) ) {
			return;
		}
		$hub_order_id = Svc_Hub_Woocommerce_Order_Facts::hub_order_id( wp_unslash( $_GET[ self::KEYS[0] ] ) );
		$site_url     = Svc_Hub_Woocommerce_Order_Facts::site_url( wp_unslash( $_GET[ self::KEYS[1] ] ) );
		// phpcs:enable
		$session = self::session();
		if ( null === $hub_order_id || null === $site_url || null === $session ) {
			return;
		}
		if ( method_exists( $session, 'has_session' ) && ! $session->has_session() && method_exists( $session, 'set_customer_session_cookie' ) ) {
			$session->set_customer_session_cookie( true );
		}
		$session->set( self::KEYS[0], $hub_order_id );
		$session->set( self::KEYS[1], $site_url );
	}

	/**
	 * `woocommerce_checkout_create_order( $order, $data )` and
	 * `woocommerce_store_api_checkout_update_order_meta( $order )` actions: copies the
	 * session's values into the order. The session keeps them: the Store API fires this hook
	 * on a draft it never saves when the checkout page renders.
	 *
	 * @param WC_Order $order The order being created.
	 * @param array    $data  Checkout data (classic checkout only).
	 */
	public function copy_to_order( $order, $data = array() ): void {
		$values = self::remembered();
		if ( null === $values || ! is_object( $order ) ) {
			return;
		}
		foreach ( $values as $key => $value ) {
			$order->update_meta_data( $key, $value );
		}
	}

	/**
	 * `woocommerce_store_api_checkout_order_processed( $order )` action: the placed order
	 * (saved) carries the values — written now if a hook order we do not know left them out
	 * — and the session forgets them.
	 *
	 * @param WC_Order $order The placed order.
	 */
	public function placed( $order ): void {
		$values = self::remembered();
		if ( null === $values || ! is_object( $order ) ) {
			return;
		}
		if ( $order->get_meta( self::KEYS[0] ) !== $values[ self::KEYS[0] ] || $order->get_meta( self::KEYS[1] ) !== $values[ self::KEYS[1] ] ) {
			$this->copy_to_order( $order );
			$order->save();
		}
		$this->forget( $order );
	}

	/**
	 * `woocommerce_checkout_order_created( $order )` action (classic checkout, after its save),
	 * and after a Store API placement: forgets the values once the order carrying them is
	 * stored, so a later purchase in the same session is not attributed to the hub order.
	 *
	 * @param WC_Order $order The saved order.
	 */
	public function forget( $order ): void {
		$session = self::session();
		if ( null === $session || ! is_object( $order ) || null === Svc_Hub_Woocommerce_Order_Facts::hub_order_id( $order->get_meta( self::KEYS[0] ) ) ) {
			return;
		}
		$session->set( self::KEYS[0], null );
		$session->set( self::KEYS[1], null );
	}

	/**
	 * The valid values the session holds, or null.
	 *
	 * @return array<string,string>|null
	 */
	private static function remembered(): ?array {
		$session = self::session();
		if ( null === $session ) {
			return null;
		}
		$hub_order_id = Svc_Hub_Woocommerce_Order_Facts::hub_order_id( $session->get( self::KEYS[0] ) );
		$site_url     = Svc_Hub_Woocommerce_Order_Facts::site_url( $session->get( self::KEYS[1] ) );
		if ( null === $hub_order_id || null === $site_url ) {
			return null;
		}
		return array(
			self::KEYS[0] => $hub_order_id,
			self::KEYS[1] => $site_url,
		);
	}

	/**
	 * WooCommerce's session, or null (admin, REST without a session, CLI).
	 *
	 * @return object|null
	 */
	private static function session(): ?object {
		if ( ! function_exists( 'WC' ) ) {
			return null;
		}
		$session = WC()->session;
		return is_object( $session ) ? $session : null;
	}
}
