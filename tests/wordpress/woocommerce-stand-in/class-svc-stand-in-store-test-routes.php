<?php
/**
 * The jest suite's handle on the stand-in store's webhooks, Action Scheduler and customers
 * (part of `svc-hub-test-woo/v1`, behind the same token as Svc_Stand_In_Test_Routes).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Add and remove webhooks as WooCommerce's settings screen does, see and run the queued
 * deliveries as WP-Cron's queue runner does, and register a customer account.
 */
final class Svc_Stand_In_Store_Test_Routes {

	/** Route, method, callback. */
	public const ROUTES = array(
		array( '/webhooks', 'POST', 'create_webhook' ),
		array( '/webhooks/(?P<id>\d+)', 'GET', 'get_webhook' ),
		array( '/webhooks/(?P<id>\d+)', 'DELETE', 'delete_webhook' ),
		array( '/actions', 'GET', 'list_actions' ),
		array( '/actions/run', 'POST', 'run_actions' ),
		array( '/customers', 'POST', 'create_customer' ),
		array( '/store-mode', 'POST', 'set_store_mode' ),
		array( '/holds/(?P<name>[a-z0-9-]{1,40})', 'GET', 'get_hold' ),
		array( '/holds/(?P<name>[a-z0-9-]{1,40})', 'POST', 'release_hold' ),
	);

	/** Longest a held request waits for its release, in seconds. */
	private const HOLD_SECONDS = 10;

	/**
	 * `shutdown` (19: after the page is made, before WC_Session_Handler::save_data at 20): a
	 * front-end request with `X-Svc-Test-Hold: <name>` (and the test token) waits here until
	 * `POST /holds/<name>`, its reads done and its session not yet written. So a test plays the
	 * race a real store lost once in five (docs/external/woocommerce.md, "Observed on a real
	 * store (WooCommerce 10.5.0 …)"): the pay link's request, held, has added its item (the
	 * persistent cart is written at once) but not saved the session; another tab's request then
	 * reads both, is held too, and once the pay link's request has saved, writes back the whole
	 * session row it read — last writer wins, as save_data does when the session is dirty.
	 *
	 * The state is a row of the options table written outside any cache, so the test reads it
	 * from the database: under `php -S` a worker accepts every connection waiting when it picks
	 * up a request and serves them after it, so an HTTP poll sent as this request starts can sit
	 * behind the hold until it ends (tests/README.md, Decisions).
	 */
	public static function hold_request(): void {
		$name  = sanitize_key( (string) ( $_SERVER['HTTP_X_SVC_TEST_HOLD'] ?? '' ) );
		$token = sanitize_text_field( (string) ( $_SERVER['HTTP_X_SVC_TEST_TOKEN'] ?? '' ) );
		$key   = defined( 'SVC_HUB_SECRET' ) ? (string) SVC_HUB_SECRET : '';
		if ( '' === $name || '' === $key || ! hash_equals( hash_hmac( 'sha256', 'svc-hub-test-woo', $key ), $token ) ) {
			return;
		}
		global $wpdb;
		$option = 'svc_test_hold_' . $name;
		$wpdb->replace(
			$wpdb->options,
			array(
				'option_name'  => $option,
				'option_value' => 'held',
				'autoload'     => 'off',
			)
		);
		$until = microtime( true ) + self::HOLD_SECONDS;
		while ( microtime( true ) < $until && 'released' !== self::hold_state( $option ) ) {
			usleep( 20000 );
		}
		$wpdb->delete( $wpdb->options, array( 'option_name' => $option ) );
	}

	/**
	 * A hold's state, read from the table (never from the options cache).
	 *
	 * @param string $option Option name.
	 * @return string|null
	 */
	private static function hold_state( string $option ): ?string {
		global $wpdb;
		return $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $option ) );
	}

	/**
	 * `GET /holds/{name}`: `{state: "held" | "none" | "released"}`.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function get_hold( WP_REST_Request $request ): WP_REST_Response {
		$state = self::hold_state( 'svc_test_hold_' . $request['name'] );
		return new WP_REST_Response( array( 'state' => null === $state ? 'none' : $state ), 200 );
	}

	/**
	 * `POST /holds/{name}`: lets the held request go on.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function release_hold( WP_REST_Request $request ): WP_REST_Response {
		global $wpdb;
		$wpdb->update( $wpdb->options, array( 'option_value' => 'released' ), array( 'option_name' => 'svc_test_hold_' . $request['name'] ) );
		return new WP_REST_Response( array( 'released' => $wpdb->rows_affected > 0 ), 200 );
	}

	/**
	 * `POST /store-mode {on: bool}`: the site is a store-only shop (SVC_HUB_MODE = store)
	 * from the next request on.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function set_store_mode( WP_REST_Request $request ): WP_REST_Response {
		update_option( 'svc_test_store_mode', $request->get_param( 'on' ) ? 'yes' : 'no', true );
		return new WP_REST_Response( array( 'on' => (bool) $request->get_param( 'on' ) ), 200 );
	}

	/**
	 * `POST /webhooks {delivery_url, secret, topic?, name?}`: an active webhook.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function create_webhook( WP_REST_Request $request ): WP_REST_Response {
		if ( ! class_exists( 'WC_Webhook' ) ) {
			return self::inactive();
		}
		$webhook = WC_Webhook::create(
			array_filter(
				array(
					'name'         => $request->get_param( 'name' ),
					'topic'        => $request->get_param( 'topic' ),
					'delivery_url' => esc_url_raw( (string) $request->get_param( 'delivery_url' ) ),
					'secret'       => (string) $request->get_param( 'secret' ),
				),
				static fn ( $value ) => null !== $value
			)
		);
		return new WP_REST_Response( self::public_data( $webhook ), 201 );
	}

	/**
	 * `GET /webhooks/{id}`: status and failure count.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function get_webhook( WP_REST_Request $request ): WP_REST_Response {
		$webhooks = class_exists( 'WC_Webhook' ) ? WC_Webhook::all() : array();
		$webhook  = $webhooks[ (int) $request['id'] ] ?? null;
		return $webhook ? new WP_REST_Response( self::public_data( $webhook ), 200 ) : new WP_REST_Response( array( 'error' => 'no such webhook' ), 404 );
	}

	/**
	 * `DELETE /webhooks/{id}`.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public static function delete_webhook( WP_REST_Request $request ): WP_REST_Response {
		$stored = (array) get_option( 'svc_stand_in_webhooks', array() );
		unset( $stored[ (int) $request['id'] ] );
		update_option( 'svc_stand_in_webhooks', $stored, false );
		return new WP_REST_Response( array( 'deleted' => true ), 200 );
	}

	/**
	 * `GET /actions`: the webhook deliveries in Action Scheduler (id, hook, args, group, status).
	 *
	 * @return WP_REST_Response
	 */
	public static function list_actions(): WP_REST_Response {
		if ( ! class_exists( 'Svc_Stand_In_Action_Scheduler' ) ) {
			return self::inactive();
		}
		$actions = array();
		foreach ( Svc_Stand_In_Action_Scheduler::all( 'woocommerce-webhooks' ) as $id => $action ) {
			$actions[] = array_merge( array( 'id' => $id ), $action );
		}
		return new WP_REST_Response( $actions, 200 );
	}

	/**
	 * `POST /actions/run`: the queue runner, as WP-Cron runs it.
	 *
	 * @return WP_REST_Response
	 */
	public static function run_actions(): WP_REST_Response {
		if ( ! class_exists( 'Svc_Stand_In_Action_Scheduler' ) ) {
			return self::inactive();
		}
		return new WP_REST_Response( array( 'ran' => Svc_Stand_In_Action_Scheduler::run_queue() ), 200 );
	}

	/**
	 * `POST /customers`: a customer account (login, password), as "create an account" does.
	 *
	 * @return WP_REST_Response
	 */
	public static function create_customer(): WP_REST_Response {
		$login    = 'customer_' . strtolower( wp_generate_password( 8, false ) );
		$password = wp_generate_password( 20, false );
		$user_id  = wp_insert_user(
			array(
				'user_login' => $login,
				'user_pass'  => $password,
				'user_email' => $login . '@buyer.example',
				'role'       => 'subscriber',
			)
		);
		if ( is_wp_error( $user_id ) ) {
			return new WP_REST_Response( array( 'error' => $user_id->get_error_message() ), 500 );
		}
		return new WP_REST_Response( array( 'id' => $user_id, 'login' => $login, 'password' => $password ), 201 );
	}

	/**
	 * A webhook without its secret.
	 *
	 * @param WC_Webhook $webhook Webhook.
	 * @return array
	 */
	private static function public_data( WC_Webhook $webhook ): array {
		$data = $webhook->get_data();
		unset( $data['secret'] );
		return $data;
	}

	/** @return WP_REST_Response 409. */
	private static function inactive(): WP_REST_Response {
		return new WP_REST_Response( array( 'error' => 'WooCommerce is not active' ), 409 );
	}
}
