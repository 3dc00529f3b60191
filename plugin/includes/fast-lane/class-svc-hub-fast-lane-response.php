<?php
/**
 * What WordPress's REST server sends around a forwarded answer, for the fast lane.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * The headers and body WP_REST_Server::serve_request() sends for a request the forwarder
 * answers, in its order, for a visitor who is not logged in (the fast lane takes no other):
 * first the fixed headers (JSON Content-Type, X-Robots-Tag, the API's Link, nosniff, the CORS
 * header lists), which a passed-through stream keeps; then the answer's headers and status,
 * the CORS headers of rest_send_cors_headers(), and the body — the worker's bytes
 * (Svc_Hub_Worker_Response::serve) or the shell's own error as JSON. tests/e2e/fast-lane.test.ts
 * compares both lanes' answers byte for byte.
 */
final class Svc_Hub_Fast_Lane_Response {

	/**
	 * The headers serve_request() sends before it dispatches.
	 *
	 * @param WP_REST_Request $request The request (for the CORS header filters).
	 */
	public static function send_preamble( WP_REST_Request $request ): void {
		self::send_header( 'Content-Type', 'application/json; charset=' . get_option( 'blog_charset' ) );
		self::send_header( 'X-Robots-Tag', 'noindex' );
		if ( ! isset( $GLOBALS['wp_rewrite'] ) ) {
			$GLOBALS['wp_rewrite'] = new WP_Rewrite(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- get_rest_url() reads it; the full boot makes the same object later, and this request ends here.
		}
		$api_root = get_rest_url();
		if ( ! empty( $api_root ) ) {
			self::send_header( 'Link', '<' . sanitize_url( $api_root ) . '>; rel="https://api.w.org/"' );
		}
		self::send_header( 'X-Content-Type-Options', 'nosniff' );
		/** This filter is documented in wp-includes/rest-api/class-wp-rest-server.php */
		$expose = apply_filters( 'rest_exposed_cors_headers', array( 'X-WP-Total', 'X-WP-TotalPages', 'Link' ), $request );
		self::send_header( 'Access-Control-Expose-Headers', implode( ', ', $expose ) );
		/** This filter is documented in wp-includes/rest-api/class-wp-rest-server.php */
		$allow = apply_filters( 'rest_allowed_cors_headers', array( 'Authorization', 'X-WP-Nonce', 'Content-Disposition', 'Content-MD5', 'Content-Type' ), $request );
		self::send_header( 'Access-Control-Allow-Headers', implode( ', ', $allow ) );
	}

	/**
	 * Sends a buffered answer: its headers and status, the CORS headers, then its body.
	 *
	 * @param WP_REST_Response $response The worker's answer or the shell's own.
	 * @param WP_REST_Request  $request  The request.
	 */
	public static function serve( WP_REST_Response $response, WP_REST_Request $request ): void {
		$response = Svc_Hub_Error_Dialect::in_dialect( $response, $request->get_route() ); // As rest_post_dispatch would (class-svc-hub-plugin.php).
		foreach ( $response->get_headers() as $name => $value ) {
			self::send_header( $name, $value );
		}
		$status = $response->get_status();
		status_header( $status );
		/** This filter is documented in wp-includes/rest-api/class-wp-rest-server.php */
		if ( apply_filters( 'rest_send_nocache_headers', false ) ) {
			nocache_headers();
		}
		self::send_cors_headers();
		if ( Svc_Hub_Worker_Response::serve( false, $response, $request ) || 'HEAD' === $request->get_method() || 204 === $status ) {
			return;
		}
		echo wp_json_encode( $response->get_data() ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped, SvcHub.Security.EscapeOutput.OutputNotEscaped -- JSON, as serve_request() echoes it.
	}

	/**
	 * rest_send_cors_headers() for a visitor who is not logged in (it calls is_user_logged_in(),
	 * which WordPress defines only after the plugins load).
	 */
	private static function send_cors_headers(): void {
		$origin = get_http_origin();
		if ( $origin ) {
			header( 'Access-Control-Allow-Origin: ' . ( 'null' === $origin ? $origin : sanitize_url( $origin ) ) );
			header( 'Access-Control-Allow-Methods: OPTIONS, GET, POST, PUT, PATCH, DELETE' );
			header( 'Access-Control-Allow-Credentials: true' );
			header( 'Vary: Origin', false );
		} elseif ( ! headers_sent() && 'GET' === $_SERVER['REQUEST_METHOD'] ) {
			header( 'Vary: Origin', false );
		}
	}

	/**
	 * WP_REST_Server::send_header(): white space folded to one space.
	 *
	 * @param string $name  Header name.
	 * @param string $value Header value.
	 */
	private static function send_header( string $name, string $value ): void {
		header( sprintf( '%s: %s', $name, preg_replace( '/\s+/', ' ', $value ) ) );
	}
}
