<?php
/**
 * The jest suite's handle on the WooCommerce stand-in: `svc-hub-test-woo/v1`.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Test-only routes that call WooCommerce's own API (never svc-hub's): make an order, pay it,
 * change its status, read it, check out the session's cart, and switch the stand-in on and
 * off. Each request must carry `X-Svc-Test-Token: hex(HMAC-SHA256("svc-hub-test-woo",
 * SVC_HUB_SECRET))`, so only whoever holds the stack's secret can drive it.
 */
final class Svc_Stand_In_Test_Routes {

	/** REST namespace. */
	private const NAMESPACE = 'svc-hub-test-woo/v1';

	/** Option switching the stand-in off ("no") and on. */
	public const ACTIVE_OPTION = 'svc_test_woo_active';

	/**
	 * Registers the routes on rest_api_init.
	 */
	public static function register(): void {
		add_action( 'rest_api_init', array( self::class, 'routes' ) );
	}

	/**
	 * `rest_api_init`.
	 */
	public static function routes(): void {
		$routes = array(
			array( '/active', 'POST', 'set_active' ),
			array( '/orders', 'POST', 'create_order' ),
			array( '/orders/(?P<id>\d+)', 'GET', 'get_order' ),
			array( '/orders/(?P<id>\d+)/pay', 'POST', 'pay_order' ),
			array( '/orders/(?P<id>\d+)/status', 'POST', 'set_status' ),
			array( '/orders/(?P<id>\d+)/refund', 'POST', 'refund_order' ),
			array( '/orders/(?P<id>\d+)/process-payment', 'POST', 'process_payment' ),
			array( '/orders/(?P<id>\d+)/rest', 'GET', 'rest_order' ),
			array( '/checkout', 'POST', 'checkout' ),
		);
		foreach ( array_merge( $routes, Svc_Stand_In_Store_Test_Routes::ROUTES ) as list( $route, $method, $callback ) ) {
			register_rest_route(
				self::NAMESPACE,
				$route,
				array(
					'methods'             => $method,
					'callback'            => array( method_exists( self::class, $callback ) ? self::class : Svc_Stand_In_Store_Test_Routes::class, $callback ),
					'permission_callback' => array( self::class, 'allowed' ),
				)
			);
		}
	}

	/**
	 * Permission: the token derived from the stack's secret.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return bool
	 */
	public static function allowed( WP_REST_Request $request ): bool {
		$secret = defined( 'SVC_HUB_SECRET' ) ? (string) SVC_HUB_SECRET : '';
		$token  = (string) $request->get_header( 'X-Svc-Test-Token' );
		return '' !== $secret && hash_equals( hash_hmac( 'sha256', 'svc-hub-test-woo', $secret ), $token );
	}

	/**
	 * `POST /active {active: bool}`: WooCommerce active or not from the next request on.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function set_active( WP_REST_Request $request ): WP_REST_Response {
		update_option( self::ACTIVE_OPTION, $request->get_param( 'active' ) ? 'yes' : 'no', true );
		return new WP_REST_Response( array( 'active' => (bool) $request->get_param( 'active' ) ), 200 );
	}

	/**
	 * `POST /orders {product_id, meta?: {key: value}}`: a pending order made the way a shop
	 * plugin would (wc_create_order, add_product, meta, calculate_totals, save).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function create_order( WP_REST_Request $request ): WP_REST_Response {
		if ( ! function_exists( 'wc_create_order' ) ) {
			return self::inactive();
		}
		$order = wc_create_order( array( 'status' => 'pending', 'created_via' => 'test' ) );
		if ( is_wp_error( $order ) ) {
			return new WP_REST_Response( array( 'error' => $order->get_error_message() ), 500 );
		}
		$order->add_product( wc_get_product( (int) $request->get_param( 'product_id' ) ), 1 );
		foreach ( (array) $request->get_param( 'meta' ) as $key => $value ) {
			$order->update_meta_data( (string) $key, $value );
		}
		$order->calculate_totals();
		$order->save();
		return self::order_response( $order, 201 );
	}

	/**
	 * `GET /orders/{id}`.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function get_order( WP_REST_Request $request ): WP_REST_Response {
		$order = function_exists( 'wc_get_order' ) ? wc_get_order( (int) $request['id'] ) : false;
		return $order ? self::order_response( $order ) : self::missing();
	}

	/**
	 * `POST /orders/{id}/pay {transaction_id?, customer_id?, billing_email?}`: what a payment
	 * gateway does; with a buyer, what the order-pay form does first (the buyer's account and
	 * billing email saved on the order).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function pay_order( WP_REST_Request $request ): WP_REST_Response {
		$order = function_exists( 'wc_get_order' ) ? wc_get_order( (int) $request['id'] ) : false;
		if ( ! $order ) {
			return self::missing();
		}
		if ( null !== $request->get_param( 'customer_id' ) || null !== $request->get_param( 'billing_email' ) ) {
			$order->set_customer_id( (int) $request->get_param( 'customer_id' ) );
			$order->set_billing_email( (string) $request->get_param( 'billing_email' ) );
			$order->save();
		}
		$recorder = new Svc_Stand_In_Hook_Recorder();
		$recorder->start();
		$done = $order->payment_complete( (string) ( $request->get_param( 'transaction_id' ) ?? 'txn_' . $order->get_id() ) );
		return self::order_response( wc_get_order( $order->get_id() ), 200, array( 'payment_complete' => $done, 'hooks' => $recorder->stop() ) );
	}

	/**
	 * `POST /orders/{id}/status {status}`: what an administrator does in the order screen.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function set_status( WP_REST_Request $request ): WP_REST_Response {
		$order = function_exists( 'wc_get_order' ) ? wc_get_order( (int) $request['id'] ) : false;
		if ( ! $order ) {
			return self::missing();
		}
		$done = $order->update_status( (string) $request->get_param( 'status' ), '', true );
		return self::order_response( wc_get_order( $order->get_id() ), 200, array( 'updated' => $done ) );
	}

	/**
	 * `POST /checkout {flow: classic|blocks}` (with the visitor's session cookie): places the
	 * order for the session's cart, as the classic checkout or the block checkout does.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function checkout( WP_REST_Request $request ): WP_REST_Response {
		if ( ! function_exists( 'WC' ) ) {
			return self::inactive();
		}
		if ( WC()->cart->is_empty() ) {
			return new WP_REST_Response( array( 'error' => 'the cart is empty' ), 400 );
		}
		if ( 'blocks' === $request->get_param( 'flow' ) ) {
			// The page render's GET, then the buyer's POST, as the block checkout makes them.
			rest_do_request( new WP_REST_Request( 'GET', '/wc/store/v1/checkout' ) );
			$place = new WP_REST_Request( 'POST', '/wc/store/v1/checkout' );
			$place->set_header( 'Nonce', wp_create_nonce( Svc_Stand_In_Store_Api_Checkout::NONCE_ACTION ) );
			$place->set_body_params( array( 'payment_method' => 'bacs' ) );
			$placed = rest_do_request( $place )->get_data();
			$order  = isset( $placed['order_id'] ) ? wc_get_order( (int) $placed['order_id'] ) : false;
		} else {
			$order_id = WC()->checkout()->create_order( array( 'payment_method' => 'bacs' ) );
			$order    = is_wp_error( $order_id ) ? false : wc_get_order( $order_id );
			WC()->cart->empty_cart();
		}
		if ( ! $order ) {
			return new WP_REST_Response( array( 'error' => 'the checkout failed' ), 500 );
		}
		return self::order_response( $order, 201 );
	}

	/**
	 * `POST /orders/{id}/refund {amount?, reason?}`: wc_create_refund (the whole remainder by
	 * default), as the order screen's refund button does.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function refund_order( WP_REST_Request $request ): WP_REST_Response {
		$order = function_exists( 'wc_get_order' ) ? wc_get_order( (int) $request['id'] ) : false;
		if ( ! $order ) {
			return self::missing();
		}
		$recorder = new Svc_Stand_In_Hook_Recorder();
		$recorder->start();
		$refund   = wc_create_refund(
			array(
				'order_id' => $order->get_id(),
				'amount'   => $request->get_param( 'amount' ) ?? $order->get_remaining_refund_amount(),
				'reason'   => (string) $request->get_param( 'reason' ),
			)
		);
		if ( is_wp_error( $refund ) ) {
			$recorder->stop();
			return new WP_REST_Response( array( 'error' => $refund->get_error_message() ), 400 );
		}
		return self::order_response( wc_get_order( $order->get_id() ), 200, array( 'refund_id' => $refund->get_id(), 'hooks' => $recorder->stop() ) );
	}

	/**
	 * `POST /orders/{id}/process-payment {payment_method}`: the order paid through a gateway
	 * (bacs, cheque, cod, svc_test_card), as the order-pay page does.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function process_payment( WP_REST_Request $request ): WP_REST_Response {
		$order    = function_exists( 'wc_get_order' ) ? wc_get_order( (int) $request['id'] ) : false;
		$gateways = $order ? WC()->payment_gateways()->get_available_payment_gateways() : array();
		$gateway  = $gateways[ (string) $request->get_param( 'payment_method' ) ] ?? null;
		if ( ! $order || ! $gateway ) {
			return self::missing();
		}
		$order->set_payment_method( $gateway );
		$order->save();
		$gateway->process_payment( $order->get_id() );
		return self::order_response( wc_get_order( $order->get_id() ) );
	}

	/**
	 * `GET /orders/{id}/rest`: the order as REST v3 and its webhooks show it.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function rest_order( WP_REST_Request $request ): WP_REST_Response {
		$order = function_exists( 'wc_get_order' ) ? wc_get_order( (int) $request['id'] ) : false;
		return $order ? new WP_REST_Response( Svc_Stand_In_Rest_Order::of( $order ), 200 ) : self::missing();
	}

	/**
	 * An order as the tests read it (`meta`: the meta without a leading underscore).
	 *
	 * @param WC_Order $order  Order.
	 * @param int      $status HTTP status.
	 * @param array    $extra  More fields.
	 * @return WP_REST_Response
	 */
	private static function order_response( $order, int $status = 200, array $extra = array() ): WP_REST_Response {
		$date  = static fn ( $value ) => $value ? gmdate( 'Y-m-d\TH:i:s', $value->getTimestamp() ) : null;
		$items = array();
		foreach ( $order->get_items() as $item ) {
			$items[] = array(
				'product_id'   => $item->get_product_id(),
				'variation_id' => $item->get_variation_id(),
				'quantity'     => $item->get_quantity(),
				'total'        => $item->get_total(),
				'meta'         => (object) array_column( array_map( 'get_object_vars', $item->get_meta_data() ), 'value', 'key' ),
			);
		}
		$fees = array();
		foreach ( $order->get_fees() as $fee ) {
			$fees[] = array(
				'name'       => $fee->get_name(),
				'total'      => $fee->get_total(),
				'tax_status' => $fee->get_tax_status(),
				'meta'       => (object) $fee->get_meta_values(),
			);
		}
		$notes = array();
		foreach ( get_comments( array( 'post_id' => $order->get_id(), 'type' => 'order_note', 'orderby' => 'comment_ID', 'order' => 'ASC' ) ) as $note ) {
			$notes[] = $note->comment_content;
		}
		return new WP_REST_Response(
			array_merge(
				array(
					'id'                => $order->get_id(),
					'status'            => $order->get_status(),
					'currency'          => $order->get_currency(),
					'total'             => $order->get_total(),
					'created_via'       => $order->get_created_via(),
					'transaction_id'    => $order->get_transaction_id(),
					'date_paid_gmt'     => $date( $order->get_date_paid() ),
					'date_modified_gmt' => $date( $order->get_date_modified() ),
					'payment_url'       => $order->get_checkout_payment_url(),
					'line_items'        => $items,
					'fee_lines'         => $fees,
					'notes'             => $notes,
					'customer_id'       => $order->get_customer_id(),
					'billing'           => array(
						'email'      => $order->get_billing_email(),
						'first_name' => $order->get_billing_first_name(),
						'last_name'  => $order->get_billing_last_name(),
					),
					'payment_method'    => $order->get_payment_method(),
					'meta'              => (object) array_filter( $order->get_meta(), static fn ( $key ) => '_' !== substr( (string) $key, 0, 1 ), ARRAY_FILTER_USE_KEY ),
				),
				$extra
			),
			$status
		);
	}

	/** @return WP_REST_Response 404. */
	private static function missing(): WP_REST_Response {
		return new WP_REST_Response( array( 'error' => 'no such order' ), 404 );
	}

	/** @return WP_REST_Response 409. */
	private static function inactive(): WP_REST_Response {
		return new WP_REST_Response( array( 'error' => 'WooCommerce is not active' ), 409 );
	}
}
