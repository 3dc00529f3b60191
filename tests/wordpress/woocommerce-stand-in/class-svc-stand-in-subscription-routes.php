<?php
/**
 * The jest suite's handle on WooCommerce Subscriptions in the stand-in.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Test-only routes under `svc-hub-test-woo/v1/subscriptions` (same token as
 * Svc_Stand_In_Test_Routes) that call WooCommerce Subscriptions' own API: start a subscription
 * for a paid order, begin a renewal (the pending renewal order, then on-hold — the test then pays
 * or fails that order through `/orders/{id}/pay|status`, and the stand-in's listeners complete
 * or fail the renewal), change the status, move the dates, read it.
 */
final class Svc_Stand_In_Subscription_Routes {

	/** REST namespace. */
	private const NAMESPACE = 'svc-hub-test-woo/v1';

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
			array( '/subscriptions', 'POST', 'create' ),
			array( '/subscriptions/(?P<id>\d+)', 'GET', 'read' ),
			array( '/subscriptions/(?P<id>\d+)/renewal', 'POST', 'renewal' ),
			array( '/subscriptions/(?P<id>\d+)/status', 'POST', 'status' ),
			array( '/subscriptions/(?P<id>\d+)/dates', 'POST', 'dates' ),
		);
		foreach ( $routes as list( $route, $method, $callback ) ) {
			register_rest_route(
				self::NAMESPACE,
				$route,
				array(
					'methods'             => $method,
					'callback'            => array( self::class, $callback ),
					'permission_callback' => array( Svc_Stand_In_Test_Routes::class, 'allowed' ),
				)
			);
		}
	}

	/**
	 * `POST /subscriptions {parent_order_id, billing_period?, billing_interval?}`: the subscription
	 * a paid order started, pending, then activated (as its parent's payment does).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function create( WP_REST_Request $request ): WP_REST_Response {
		if ( ! function_exists( 'wcs_create_subscription' ) ) {
			return new WP_REST_Response( array( 'error' => 'WooCommerce is not active' ), 503 );
		}
		$subscription = wcs_create_subscription(
			array(
				'order_id'         => (int) $request->get_param( 'parent_order_id' ),
				'billing_period'   => (string) ( $request->get_param( 'billing_period' ) ?? 'month' ),
				'billing_interval' => (int) ( $request->get_param( 'billing_interval' ) ?? 1 ),
			)
		);
		if ( is_wp_error( $subscription ) ) {
			return new WP_REST_Response( array( 'error' => $subscription->get_error_message() ), 400 );
		}
		$subscription->update_status( 'active' );
		return self::response( $subscription, 201 );
	}

	/**
	 * `GET /subscriptions/{id}`.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function read( WP_REST_Request $request ): WP_REST_Response {
		$subscription = self::find( $request );
		return $subscription ? self::response( $subscription ) : self::missing();
	}

	/**
	 * `POST /subscriptions/{id}/renewal`: what the scheduled payment does before it charges —
	 * a pending renewal order, then the subscription on-hold.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function renewal( WP_REST_Request $request ): WP_REST_Response {
		$subscription = self::find( $request );
		if ( ! $subscription ) {
			return self::missing();
		}
		$order = wcs_create_renewal_order( $subscription );
		if ( is_wp_error( $order ) ) {
			return new WP_REST_Response( array( 'error' => $order->get_error_message() ), 500 );
		}
		$subscription->update_status( 'on-hold' );
		return self::response( wcs_get_subscription( $subscription->get_id() ), 201, array( 'renewal_order_id' => $order->get_id() ) );
	}

	/**
	 * `POST /subscriptions/{id}/status {status}`: what the customer or an administrator does.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function status( WP_REST_Request $request ): WP_REST_Response {
		$subscription = self::find( $request );
		if ( ! $subscription ) {
			return self::missing();
		}
		$subscription->update_status( (string) $request->get_param( 'status' ) );
		return self::response( wcs_get_subscription( $subscription->get_id() ) );
	}

	/**
	 * `POST /subscriptions/{id}/dates {next_payment?, end?}` (GMT `Y-m-d H:i:s`): `update_dates()`.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function dates( WP_REST_Request $request ): WP_REST_Response {
		$subscription = self::find( $request );
		if ( ! $subscription ) {
			return self::missing();
		}
		$dates = array_intersect_key( (array) $request->get_json_params(), array_flip( array( 'next_payment', 'end' ) ) );
		$subscription->update_dates( $dates );
		return self::response( wcs_get_subscription( $subscription->get_id() ) );
	}

	/**
	 * @param WP_REST_Request $request Request naming `id`.
	 * @return WC_Subscription|false
	 */
	private static function find( WP_REST_Request $request ) {
		return function_exists( 'wcs_get_subscription' ) ? wcs_get_subscription( (int) $request['id'] ) : false;
	}

	/**
	 * A subscription as the tests read it.
	 *
	 * @param WC_Subscription $subscription Subscription.
	 * @param int             $status       HTTP status.
	 * @param array           $extra        More fields.
	 * @return WP_REST_Response
	 */
	private static function response( $subscription, int $status = 200, array $extra = array() ): WP_REST_Response {
		return new WP_REST_Response(
			array_merge(
				array(
					'id'                => $subscription->get_id(),
					'status'            => $subscription->get_status(),
					'parent_id'         => $subscription->get_parent_id(),
					'next_payment_date' => $subscription->get_date( 'next_payment' ),
					'end_date'          => $subscription->get_date( 'end' ),
				),
				$extra
			),
			$status
		);
	}

	/** @return WP_REST_Response */
	private static function missing(): WP_REST_Response {
		return new WP_REST_Response( array( 'error' => 'no such subscription' ), 404 );
	}
}
