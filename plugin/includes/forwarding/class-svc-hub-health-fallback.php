<?php
/**
 * The router's health answer when the worker cannot give it.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * `GET /llm/router/v1/health` answered by PHP alone: 503 `status: down`, the worker check
 * saying why, the checks the worker would run reported as unknown.
 */
final class Svc_Hub_Health_Fallback {

	/** The health route, as WP_REST_Request::get_route() gives it. */
	public const ROUTE = '/llm/router/v1/health';

	/**
	 * Whether a request is the health check.
	 *
	 * @param string $route  REST route.
	 * @param string $method HTTP method.
	 * @return bool
	 */
	public static function applies( string $route, string $method ): bool {
		return in_array( strtoupper( $method ), array( 'GET', 'HEAD' ), true ) && 0 === strcasecmp( rtrim( $route, '/' ), self::ROUTE );
	}

	/**
	 * The 503 health body.
	 *
	 * @param string $message Why the worker is down (never a secret).
	 * @return WP_REST_Response
	 */
	public static function response( string $message ): WP_REST_Response {
		return Svc_Hub_Errors::json(
			array(
				'status'  => 'down',
				'version' => Svc_Hub_Plugin::VERSION,
				'checks'  => array(
					'worker'    => array(
						'status'  => 'down',
						'message' => $message,
					),
					'database'  => array( 'status' => 'unknown' ),
					'providers' => array( 'status' => 'unknown' ),
				),
			),
			503
		);
	}
}
