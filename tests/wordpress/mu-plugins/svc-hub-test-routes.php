<?php
/**
 * Plugin Name: svc-hub test routes
 * Description: Test suite only. Keeps the svc-hub-test/v1 rows of the route manifest (test_only) in the svc-hub route table (the worker serves them when SVC_TEST_ROUTES=on); a relay route that dispatches a request built in PHP; the forwarding limits a test sets.
 *
 * Linked into wp-content/mu-plugins by the stack when SVC_STACK_MU_PLUGINS points here.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

add_filter( 'svc_hub_test_routes', '__return_true' );

/*
 * POST /wp-json/dispatch-test/v1/inner: dispatches the request its JSON describes
 * ({method, route, headers, body}) with rest_do_request(), as another plugin's PHP code could,
 * and answers {status, body} of the inner answer. Outside svc-hub's namespaces, so the shell
 * sees only the inner request (issue 25: headers built in PHP may hold CR, LF or NUL).
 */
add_action(
	'rest_api_init',
	static function (): void {
		register_rest_route(
			'dispatch-test/v1',
			'/inner',
			array(
				'methods'             => 'POST',
				'permission_callback' => '__return_true',
				'callback'            => static function ( WP_REST_Request $outer ): WP_REST_Response {
					$spec  = (array) $outer->get_json_params();
					$inner = new WP_REST_Request( (string) ( $spec['method'] ?? 'GET' ), (string) ( $spec['route'] ?? '/' ) );
					foreach ( (array) ( $spec['headers'] ?? array() ) as $name => $value ) {
						$inner->add_header( (string) $name, (string) $value );
					}
					$inner->set_body( (string) ( $spec['body'] ?? '' ) );
					$answer = rest_do_request( $inner );
					return new WP_REST_Response(
						array(
							'status' => $answer->get_status(),
							'body'   => $answer->get_data(),
						),
						200
					);
				},
			)
		);
	}
);

/*
 * The forwarding limits a test sets in the option `svc_hub_test_forwarding_limits`
 * ("total,per_key"), over the stack's own (global-setup lifts them so the suite's parallel
 * calls queue in php -S as before). Deleted, the stack's own apply again.
 */
add_filter(
	'svc_hub_forwarding_limits',
	static function ( $limits ) {
		$set = get_option( 'svc_hub_test_forwarding_limits', '' );
		if ( ! is_string( $set ) || 1 !== preg_match( '/^([0-9]+),([0-9]+)$/', $set, $match ) ) {
			return $limits;
		}
		return array(
			'total'   => (int) $match[1],
			'per_key' => (int) $match[2],
		);
	}
);
