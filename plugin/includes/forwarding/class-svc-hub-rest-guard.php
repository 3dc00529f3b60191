<?php
/**
 * What WordPress's REST server would do to a request in the plugin's namespaces before the
 * forwarder sees it, switched off so that both lanes answer alike.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Two things, each of which made the WordPress lane answer differently from the worker's own
 * lane (docs/api-notes.md, "What WordPress does not do to the plugin's routes"):
 *
 * - **Batch sub-requests.** `POST /wp-json/batch/v1` runs `rest_pre_dispatch` for every
 *   sub-request, whatever the route's `allow_batch` says, and takes each sub-request's
 *   headers from its JSON. The guard counts the batch requests being served
 *   (`rest_request_before_callbacks` / `rest_request_after_callbacks`), so the forwarder can
 *   refuse every sub-request in the plugin's namespaces: nothing inside a batch is forwarded.
 * - **The request rewrites of `serve_request()`**: `_envelope` (the answer wrapped in a JSON
 *   envelope), `_jsonp` (a JavaScript answer, or WordPress's own 400), and `_method` /
 *   `X-HTTP-Method-Override` naming anything but GET, POST, PUT, PATCH or DELETE. For a
 *   request whose route is in the plugin's namespaces they are removed from `$_GET` /
 *   `$_SERVER` before WordPress reads them (from the `rest_jsonp_enabled` filter, the first
 *   hook of `serve_request()`); the query string forwarded to the worker is the raw one,
 *   unchanged. A method override naming one of those five stays: the block editor's apiFetch
 *   sends PUT, PATCH and DELETE as POST with `X-HTTP-Method-Override`, and the worker honours
 *   the same overrides on its own lane (http/method-override.ts).
 */
final class Svc_Hub_Rest_Guard {

	/** The route WordPress serves batches on. */
	private const BATCH_ROUTE = '/batch/v1';

	/** Query parameters through which WordPress would rewrite an answer. */
	private const REWRITING_PARAMETERS = array( '_envelope', '_jsonp', '_embed' );

	/** The methods an override may name (as the worker's own lane honours them). */
	private const OVERRIDE_METHODS = array( 'GET', 'POST', 'PUT', 'PATCH', 'DELETE' );

	/** @var Svc_Hub_Route_Table */
	private Svc_Hub_Route_Table $table;

	/** @var int Batch requests being served (a batch cannot nest, but counting costs nothing). */
	private int $batches = 0;

	/**
	 * @param Svc_Hub_Route_Table $table The route table (which namespaces are the plugin's).
	 */
	public function __construct( Svc_Hub_Route_Table $table ) {
		$this->table = $table;
	}

	/**
	 * Hooks the guard into WordPress.
	 */
	public function register_hooks(): void {
		add_filter( 'rest_jsonp_enabled', array( $this, 'drop_rewriting_parameters' ), 0 );
		add_filter( 'rest_request_before_callbacks', array( $this, 'enter_batch' ), 0, 3 );
		add_filter( 'rest_request_after_callbacks', array( $this, 'leave_batch' ), PHP_INT_MAX, 3 );
	}

	/**
	 * Whether a batch request is being served, so the request at hand is one of its sub-requests.
	 *
	 * @return bool
	 */
	public function inside_batch(): bool {
		return $this->batches > 0;
	}

	/**
	 * `rest_jsonp_enabled` filter: when the route asked for is in the plugin's namespaces, removes
	 * `_envelope`, `_jsonp`, `_embed`, and `_method` / `X-HTTP-Method-Override` unless they name
	 * one of the five methods, before `serve_request()` reads them. The value passes through
	 * unchanged.
	 *
	 * @param mixed $enabled Whether JSONP is enabled.
	 * @return mixed
	 */
	public function drop_rewriting_parameters( $enabled ) {
		$route = isset( $GLOBALS['wp']->query_vars['rest_route'] ) ? (string) $GLOBALS['wp']->query_vars['rest_route'] : '';
		if ( '' === $route || null === $this->table->namespace_of( '/' . ltrim( $route, '/' ) ) ) {
			return $enabled;
		}
		foreach ( self::REWRITING_PARAMETERS as $name ) {
			unset( $_GET[ $name ] ); // phpcs:ignore SvcHub.Security.NonceVerification.Recommended -- removed, never read: nothing is acted on.
		}
		if ( isset( $_GET['_method'] ) && ! self::is_override( $_GET['_method'] ) ) { // phpcs:ignore SvcHub.Security.NonceVerification.Recommended -- only checked, then removed or left to WordPress.
			unset( $_GET['_method'] );
		}
		if ( isset( $_SERVER['HTTP_X_HTTP_METHOD_OVERRIDE'] ) && ! self::is_override( $_SERVER['HTTP_X_HTTP_METHOD_OVERRIDE'] ) ) { // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- only compared.
			unset( $_SERVER['HTTP_X_HTTP_METHOD_OVERRIDE'] );
		}
		return $enabled;
	}

	/**
	 * Whether a method override names GET, POST, PUT, PATCH or DELETE (any letter case).
	 *
	 * @param mixed $value The override.
	 * @return bool
	 */
	private static function is_override( $value ): bool {
		return is_string( $value ) && in_array( strtoupper( $value ), self::OVERRIDE_METHODS, true );
	}

	/**
	 * `rest_request_before_callbacks` filter: counts a batch request entering its handler.
	 *
	 * @param mixed           $response Result so far.
	 * @param array           $handler  Route handler.
	 * @param WP_REST_Request $request  The request.
	 * @return mixed
	 */
	public function enter_batch( $response, $handler, $request ) {
		if ( self::is_batch( $request ) ) {
			++$this->batches;
		}
		return $response;
	}

	/**
	 * `rest_request_after_callbacks` filter: counts a batch request leaving its handler.
	 *
	 * @param mixed           $response Result.
	 * @param array           $handler  Route handler.
	 * @param WP_REST_Request $request  The request.
	 * @return mixed
	 */
	public function leave_batch( $response, $handler, $request ) {
		if ( self::is_batch( $request ) && $this->batches > 0 ) {
			--$this->batches;
		}
		return $response;
	}

	/**
	 * Whether a request is a batch (`/batch/v1`, any letter case, trailing slash or not).
	 *
	 * @param mixed $request The request.
	 * @return bool
	 */
	private static function is_batch( $request ): bool {
		return $request instanceof WP_REST_Request && 0 === strcasecmp( untrailingslashit( $request->get_route() ), self::BATCH_ROUTE );
	}
}
