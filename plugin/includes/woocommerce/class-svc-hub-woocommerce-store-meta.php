<?php
/**
 * svc-hub on an external WooCommerce store: the hub's order meta, from the pay link to each line.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * A hub's checkout sends the buyer to `{store}/?add-to-cart={product}&svc_hub_order_id=…&
 * svc_site_url=…`. When both values are valid they become cart item data of the item that
 * link adds (two links make two cart lines, each with its own hub order), then order item
 * meta when a checkout — classic or the block checkout's Store API, which both create the
 * lines through `WC_Checkout::create_order_line_items` — turns the cart into an order, so the
 * store's webhook carries each line's hub order back to the hub (docs/architecture.md §5).
 * Nothing is kept in WooCommerce's session: a concurrent request rewriting the session (last
 * writer wins) cannot lose it, and a cart item survives in the logged-in customer's
 * persistent cart. An order paying exactly one hub order also carries the two values as order
 * meta, for hubs that read only those. Invalid values are ignored; nothing else is read from
 * the request. The buyer and the admin see the site readably ("Licence for: https://…").
 */
final class Svc_Hub_Woocommerce_Store_Meta {

	/** Cart item data and item meta keys (the same names as the order meta keys). */
	private const KEYS = array( Svc_Hub_Woocommerce_Order_Facts::META_HUB_ORDER_ID, Svc_Hub_Woocommerce_Order_Facts::META_SITE_URL );

	/**
	 * Hooks into WooCommerce. Call once WooCommerce is loaded.
	 */
	public function register_hooks(): void {
		add_filter( 'woocommerce_add_cart_item_data', array( $this, 'cart_item_data' ), 10, 3 );
		add_filter( 'woocommerce_get_item_data', array( $this, 'cart_item_display' ), 10, 2 );
		add_action( 'woocommerce_checkout_create_order_line_item', array( $this, 'copy_to_line' ), 10, 3 );
		add_action( 'woocommerce_checkout_create_order', array( $this, 'copy_to_order' ), 10, 1 );
		add_action( 'woocommerce_store_api_checkout_update_order_meta', array( $this, 'copy_to_order' ), 10, 1 );
		add_filter( 'woocommerce_order_item_display_meta_key', array( $this, 'display_key' ), 10, 2 );
	}

	/**
	 * `woocommerce_add_cart_item_data` filter: the pay link's valid `svc_hub_order_id` and
	 * `svc_site_url` join the data of the item it adds (the product its `add-to-cart` names).
	 *
	 * @param array $cart_item_data Cart item data.
	 * @param int   $product_id     Product id.
	 * @param int   $variation_id   Variation id.
	 * @return array
	 */
	public function cart_item_data( $cart_item_data, $product_id, $variation_id = 0 ) {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended, SvcHub.Security.NonceVerification.Recommended -- a public pay link; the values are validated and only ever stored as item meta.
		if ( ! isset( $_GET['add-to-cart'], $_GET[ self::KEYS[0] ], $_GET[ self::KEYS[1] ] ) || ! is_string( $_GET[ self::KEYS[0] ] ) || ! is_string( $_GET[ self::KEYS[1] ] ) || ! is_string( $_GET['add-to-cart'] ) ) {
			return $cart_item_data;
		}
		$added        = absint( wp_unslash( $_GET['add-to-cart'] ) );
		$hub_order_id = Svc_Hub_Woocommerce_Order_Facts::hub_order_id( wp_unslash( $_GET[ self::KEYS[0] ] ) );
		$site_url     = Svc_Hub_Woocommerce_Order_Facts::site_url( wp_unslash( $_GET[ self::KEYS[1] ] ) );
		// phpcs:enable
		if ( null === $hub_order_id || null === $site_url || ! in_array( $added, array( (int) $product_id, (int) $variation_id ), true ) ) {
			return $cart_item_data;
		}
		$cart_item_data                  = is_array( $cart_item_data ) ? $cart_item_data : array();
		$cart_item_data[ self::KEYS[0] ] = $hub_order_id;
		$cart_item_data[ self::KEYS[1] ] = $site_url;
		return $cart_item_data;
	}

	/**
	 * `woocommerce_get_item_data` filter: the cart and checkout show which site a line licenses.
	 *
	 * @param array $item_data Name/value pairs shown under the item.
	 * @param array $cart_item The cart item.
	 * @return array
	 */
	public function cart_item_display( $item_data, $cart_item ) {
		$values = self::values_of( $cart_item );
		if ( null !== $values ) {
			$item_data   = is_array( $item_data ) ? $item_data : array();
			$item_data[] = array(
				'key'   => __( 'Licence for', 'svc-hub' ),
				'value' => $values[ self::KEYS[1] ],
			);
		}
		return $item_data;
	}

	/**
	 * `woocommerce_checkout_create_order_line_item( $item, $cart_item_key, $values, $order )`
	 * action: the cart item's values become the line item's meta.
	 *
	 * @param WC_Order_Item_Product $item          The new line item.
	 * @param string                $cart_item_key Cart item key.
	 * @param array                 $values        The cart item.
	 */
	public function copy_to_line( $item, $cart_item_key, $values ): void {
		$values = self::values_of( $values );
		if ( null === $values || ! is_object( $item ) ) {
			return;
		}
		foreach ( $values as $key => $value ) {
			$item->add_meta_data( $key, $value, true );
		}
	}

	/**
	 * `woocommerce_checkout_create_order( $order, $data )` and
	 * `woocommerce_store_api_checkout_update_order_meta( $order )` actions (both after the
	 * lines are made): an order whose lines pay exactly one hub order carries it as order meta
	 * too; one paying several carries none (each line names its own).
	 *
	 * @param WC_Order $order The order being created.
	 */
	public function copy_to_order( $order ): void {
		if ( ! is_object( $order ) ) {
			return;
		}
		$named = array();
		foreach ( $order->get_items() as $item ) {
			$values = self::values_of(
				array(
					self::KEYS[0] => $item->get_meta( self::KEYS[0], true ),
					self::KEYS[1] => $item->get_meta( self::KEYS[1], true ),
				)
			);
			if ( null !== $values ) {
				$named[ $values[ self::KEYS[0] ] ] = $values;
			}
		}
		if ( 1 === count( $named ) ) {
			foreach ( reset( $named ) as $key => $value ) {
				$order->update_meta_data( $key, $value );
			}
		} elseif ( count( $named ) > 1 ) {
			$order->delete_meta_data( self::KEYS[0] );
			$order->delete_meta_data( self::KEYS[1] );
		}
	}

	/**
	 * `woocommerce_order_item_display_meta_key` filter: readable labels for the item meta in
	 * the buyer's order view, emails and the admin's order screen.
	 *
	 * @param string $display_key The key shown.
	 * @param object $meta        The meta entry (key, value).
	 * @return string
	 */
	public function display_key( $display_key, $meta ) {
		$key = is_object( $meta ) && isset( $meta->key ) ? $meta->key : '';
		if ( self::KEYS[1] === $key ) {
			return __( 'Licence for', 'svc-hub' );
		}
		if ( self::KEYS[0] === $key ) {
			return __( 'Licence order', 'svc-hub' );
		}
		return $display_key;
	}

	/**
	 * The valid hub order id and site URL an array carries (cart item or item meta), or null.
	 *
	 * @param mixed $values Cart item data.
	 * @return array<string,string>|null
	 */
	private static function values_of( $values ): ?array {
		if ( ! is_array( $values ) ) {
			return null;
		}
		$hub_order_id = Svc_Hub_Woocommerce_Order_Facts::hub_order_id( $values[ self::KEYS[0] ] ?? null );
		$site_url     = Svc_Hub_Woocommerce_Order_Facts::site_url( $values[ self::KEYS[1] ] ?? null );
		if ( null === $hub_order_id || null === $site_url ) {
			return null;
		}
		return array(
			self::KEYS[0] => $hub_order_id,
			self::KEYS[1] => $site_url,
		);
	}
}
