<?php
/**
 * WooCommerce stand-in: the Store API's checkout route (the block checkout), as observed on
 * WooCommerce 10.0.2 (src/StoreApi/Routes/V1/Checkout.php).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * `GET /wc/store/v1/checkout` (run while the block checkout page renders) creates or updates
 * the session's `checkout-draft` order from the cart and saves it (an update, so an
 * `order.updated` delivery is queued even for a new draft), then fires
 * `woocommerce_store_api_checkout_update_order_meta( $order )` WITHOUT saving again: meta set
 * there is lost. `POST /wc/store/v1/checkout` (placing the order; header `Nonce`) does the
 * same, then takes the request's billing and payment method, saves, fires
 * `woocommerce_store_api_checkout_order_processed( $order )`, sets it `pending` and lets
 * the gateway take the payment. Cookie-authenticated like the real Store API (no
 * X-WP-Nonce needed: it answers rest_authentication_errors itself).
 */
final class Svc_Stand_In_Store_Api_Checkout {

	/** Nonce action of the `Nonce` header. */
	public const NONCE_ACTION = 'wc_store_api';

	/** Session key of the draft order's id. */
	private const DRAFT_KEY = 'store_api_draft_order';

	/**
	 * Hooks in.
	 */
	public static function register(): void {
		add_action( 'rest_api_init', array( self::class, 'routes' ) );
		add_filter( 'rest_authentication_errors', array( self::class, 'authenticate' ), 90 );
	}

	/**
	 * `rest_api_init`.
	 */
	public static function routes(): void {
		register_rest_route(
			'wc/store/v1',
			'/checkout',
			array(
				array(
					'methods'             => 'GET',
					'callback'            => array( self::class, 'get' ),
					'permission_callback' => '__return_true',
				),
				array(
					'methods'             => 'POST',
					'callback'            => array( self::class, 'post' ),
					'permission_callback' => '__return_true',
				),
			)
		);
	}

	/**
	 * `rest_authentication_errors`: the Store API keeps the cookie's user without X-WP-Nonce.
	 *
	 * @param mixed $result Earlier result.
	 * @return mixed
	 */
	public static function authenticate( $result ) {
		$route = isset( $GLOBALS['wp']->query_vars['rest_route'] ) ? (string) $GLOBALS['wp']->query_vars['rest_route'] : '';
		return null === $result && 0 === strpos( $route, '/wc/store/' ) ? true : $result;
	}

	/**
	 * `GET /wc/store/v1/checkout`.
	 *
	 * @return WP_REST_Response
	 */
	public static function get(): WP_REST_Response {
		if ( WC()->cart->is_empty() ) {
			return self::error( 'woocommerce_rest_cart_empty', 'Cannot create order from empty cart.', 400 );
		}
		return self::response( self::create_or_update_draft_order() );
	}

	/**
	 * `POST /wc/store/v1/checkout {billing_address: {email}, payment_method}`.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function post( WP_REST_Request $request ): WP_REST_Response {
		if ( ! wp_verify_nonce( (string) $request->get_header( 'Nonce' ), self::NONCE_ACTION ) ) {
			return self::error( 'woocommerce_rest_missing_nonce', 'Missing the Nonce header. This endpoint requires a valid nonce.', 401 );
		}
		if ( WC()->cart->is_empty() ) {
			return self::error( 'woocommerce_rest_cart_empty', 'Cannot create order from empty cart.', 400 );
		}
		$gateways = WC()->payment_gateways()->get_available_payment_gateways();
		$method   = (string) $request->get_param( 'payment_method' );
		if ( ! isset( $gateways[ $method ] ) ) {
			return self::error( 'woocommerce_rest_checkout_invalid_payment_method', 'The selected payment method is not available.', 400 );
		}
		$order   = self::create_or_update_draft_order();
		$billing = (array) $request->get_param( 'billing_address' );
		$order->set_billing_email( (string) ( $billing['email'] ?? '' ) );
		$order->set_payment_method( $gateways[ $method ] );
		do_action( 'woocommerce_store_api_checkout_update_order_from_request', $order, $request );
		$order->save();
		do_action( 'woocommerce_store_api_checkout_order_processed', $order );
		$order->update_status( 'pending' );
		$result = $gateways[ $method ]->process_payment( $order->get_id() );
		WC()->session->set( self::DRAFT_KEY, null );
		WC()->cart->empty_cart();
		$response = self::response( wc_get_order( $order->get_id() ) );
		$response->set_data( array_merge( $response->get_data(), array( 'payment_result' => array( 'payment_status' => $result['result'], 'redirect_url' => $result['redirect'] ) ) ) );
		return $response;
	}

	/**
	 * The session's draft order brought up to date with the cart and saved; then the
	 * update_order_meta hook, not followed by a save.
	 *
	 * @return WC_Order
	 */
	private static function create_or_update_draft_order(): WC_Order {
		$draft_id = (int) WC()->session->get( self::DRAFT_KEY, 0 );
		$order    = $draft_id ? wc_get_order( $draft_id ) : false;
		if ( ! $order || ! $order->has_status( 'checkout-draft' ) ) {
			// OrderController::create_order_from_cart(): the new draft is saved, then updated.
			$order = new WC_Order();
			$order->set_status( 'checkout-draft' );
			$order->set_created_via( 'store-api' );
			$order->save();
		}
		$order->set_customer_id( get_current_user_id() );
		$order->set_currency( get_woocommerce_currency() );
		WC_Checkout::set_data_from_cart( $order );
		$order->save();
		WC()->session->set( self::DRAFT_KEY, $order->get_id() );
		do_action( 'woocommerce_store_api_checkout_update_order_meta', $order );
		return $order;
	}

	/**
	 * The checkout as the Store API answers it (the part the tests read).
	 *
	 * @param WC_Order $order Order.
	 * @return WP_REST_Response
	 */
	private static function response( WC_Order $order ): WP_REST_Response {
		return new WP_REST_Response(
			array(
				'order_id'       => $order->get_id(),
				'status'         => $order->get_status(),
				'order_key'      => $order->get_order_key(),
				'customer_id'    => $order->get_customer_id(),
				'payment_method' => $order->get_payment_method(),
			),
			200
		);
	}

	/**
	 * An error in the Store API's shape.
	 *
	 * @param string $code    Code.
	 * @param string $message Message.
	 * @param int    $status  HTTP status.
	 * @return WP_REST_Response
	 */
	private static function error( string $code, string $message, int $status ): WP_REST_Response {
		return new WP_REST_Response( array( 'code' => $code, 'message' => $message, 'data' => array( 'status' => $status ) ), $status );
	}
}
