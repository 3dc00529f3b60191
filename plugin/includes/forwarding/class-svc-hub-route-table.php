<?php
/**
 * The one route table the shell registers and forwards.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every route the plugin serves, one row each: namespace, route (WordPress regex form),
 * methods, auth kind and whether the answer may be an event stream.
 *
 * Auth kinds: `public`, `bearer`, `webhook` (checked by the worker), `admin` (the shell
 * requires manage_options, then forwards with the user id) and `internal` (answered by
 * PHP itself after checking the worker's signature; never forwarded).
 *
 * Extend with the `svc_hub_route_table` filter; each row is an array with the keys
 * `namespace`, `route`, `methods`, `auth`, `may_stream`.
 */
final class Svc_Hub_Route_Table {

	/** Auth kinds a row may declare. */
	public const AUTH_KINDS = array( 'public', 'bearer', 'webhook', 'admin', 'internal' );

	/**
	 * Bytes no route of the table needs: C0 control characters, DEL, and C1 control characters
	 * as UTF-8. A route carrying one matches no row (400 from the forwarder, as the worker answers).
	 */
	private const CONTROL_CHARACTERS = '/[\x00-\x1F\x7F]|\xC2[\x80-\x9F]/';

	/** Methods of the admin pass-through. */
	private const ADMIN_METHODS = 'GET,POST,PUT,PATCH,DELETE';

	/** @var array<int,array>|null Normalised rows, built on first use. */
	private ?array $rows = null;

	/** @var string[]|null Namespaces of the rows, longest first. */
	private ?array $namespaces = null;

	/**
	 * The shipped rows. Adding a route is one line here.
	 *
	 * @return array<int,array>
	 */
	public static function default_rows(): array {
		return array(
			self::row( 'llm/router/v1', '/chat', 'POST', 'bearer' ),
			self::row( 'llm/router/v1', '/chat/stream', 'POST', 'bearer', true ),
			self::row( 'llm/router/v1', '/chat/completions', 'POST', 'bearer', true ),
			self::row( 'llm/router/v1', '/responses', 'POST', 'bearer', true ),
			self::row( 'llm/router/v1', '/responses/(?P<id>[^/]+)', 'GET,DELETE', 'bearer' ),
			self::row( 'llm/router/v1', '/responses/(?P<id>[^/]+)/input_items', 'GET', 'bearer' ),
			self::row( 'llm/router/v1', '/embeddings', 'POST', 'bearer' ),
			self::row( 'llm/router/v1', '/models', 'GET', 'bearer' ),
			self::row( 'llm/router/v1', '/models/purposes', 'GET', 'bearer' ),
			self::row( 'llm/router/v1', '/health', 'GET', 'public' ),
			self::row( 'llm/router/v1', '/metrics', 'GET', 'bearer' ),
			self::row( 'svc-commerce/v1', '/packages', 'GET', 'bearer' ),
			self::row( 'svc-commerce/v1', '/checkout', 'POST', 'bearer' ),
			self::row( 'svc-commerce/v1', '/orders/(?P<id>[^/]+)', 'GET', 'bearer' ),
			self::row( 'svc-license/v1', '/entitlement', 'GET', 'bearer' ),
			self::row( 'svc-license/v1', '/entitlement', 'PATCH', 'bearer' ),
			self::row( 'svc-license/v1', '/webhook/woo-order-paid', 'POST', 'webhook' ),
			self::row( 'svc/v1', '/image-templates', 'GET', 'public' ),
			self::row( 'svc/v1', '/image-templates/(?P<id>[^/]+)', 'GET', 'public' ),
			self::row( 'svc/v1', '/image-samples/(?P<type>[^/]+)', 'GET', 'public' ),
			self::row( 'svc/v1', '/image-editor-assets/(?P<type>[^/]+)', 'GET', 'public' ),
			self::row( 'svc/v1', '/image-library/manifest', 'GET', 'public' ),
			self::row( 'svc/v1', '/image-library/files/(?P<file>[^/]+)', 'GET', 'public' ),
			self::row( 'svc-hub/v1', '/admin/(?P<path>.+)', self::ADMIN_METHODS, 'admin' ),
			self::row( 'svc-hub/v1', '/internal/ping', 'POST', 'internal' ),
			self::row( 'svc-hub/v1', '/internal/woo-create-order', 'POST', 'internal' ),
			self::row( 'svc-hub/v1', '/internal/woo-product', 'POST', 'internal' ),
			// Never forwarded: the shell signs what it forwards, and the worker trusts signed internal calls.
			self::row( 'svc-hub/v1', '/internal/(?P<path>.+)', self::ADMIN_METHODS, 'internal' ),
		);
	}

	/**
	 * Builds one row.
	 *
	 * @param string $namespace  REST namespace, e.g. `llm/router/v1`.
	 * @param string $route      Route inside the namespace, WordPress regex form, e.g. `/orders/(?P<id>[^/]+)`.
	 * @param string $methods    Comma-separated HTTP methods.
	 * @param string $auth       One of AUTH_KINDS.
	 * @param bool   $may_stream Whether the worker may answer with text/event-stream.
	 * @return array
	 */
	public static function row( string $namespace, string $route, string $methods, string $auth, bool $may_stream = false ): array {
		return array(
			'namespace'  => $namespace,
			'route'      => $route,
			'methods'    => $methods,
			'auth'       => $auth,
			'may_stream' => $may_stream,
		);
	}

	/**
	 * All rows after the `svc_hub_route_table` filter, normalised: namespace without slashes,
	 * route with a leading slash, methods as an upper-case list, a `pattern` key holding the
	 * full-route regex. Malformed rows are dropped.
	 *
	 * @return array<int,array>
	 */
	public function rows(): array {
		if ( null === $this->rows ) {
			/**
			 * Filters the svc-hub route table.
			 *
			 * @param array[] $rows Rows with keys namespace, route, methods, auth, may_stream.
			 */
			$rows       = apply_filters( 'svc_hub_route_table', self::default_rows() );
			$this->rows = array_values( array_filter( array_map( array( self::class, 'normalise' ), is_array( $rows ) ? $rows : array() ) ) );
		}
		return $this->rows;
	}

	/**
	 * The table's namespace that contains a REST route, compared on a segment boundary
	 * (`/svc/v1/x` is in `svc/v1`; `/svc/v10` is not), case-insensitively like WordPress.
	 *
	 * @param string $route REST route as WP_REST_Request::get_route() gives it.
	 * @return string|null
	 */
	public function namespace_of( string $route ): ?string {
		if ( null === $this->namespaces ) {
			$namespaces = array_unique( array_column( $this->rows(), 'namespace' ) );
			usort( $namespaces, static fn ( string $a, string $b ): int => strlen( $b ) <=> strlen( $a ) );
			$this->namespaces = $namespaces;
		}
		foreach ( $this->namespaces as $namespace ) {
			$length = strlen( $namespace ) + 1;
			if ( 0 === strncasecmp( $route, '/' . $namespace, $length ) && ( strlen( $route ) === $length || '/' === $route[ $length ] ) ) {
				return $namespace;
			}
		}
		return null;
	}

	/**
	 * Whether a REST route carries a control character (a path never needs one).
	 *
	 * @param string $route REST route, decoded.
	 * @return bool
	 */
	public static function has_control_character( string $route ): bool {
		return 1 === preg_match( self::CONTROL_CHARACTERS, $route );
	}

	/**
	 * The row for a route and method: the first whose pattern and method match, else the
	 * first whose pattern matches (a known route asked with another method), else null.
	 * A route with a control character matches nothing. HEAD counts as GET, as in WordPress.
	 *
	 * @param string $route  REST route.
	 * @param string $method HTTP method.
	 * @return array|null
	 */
	public function match( string $route, string $method ): ?array {
		if ( self::has_control_character( $route ) ) {
			return null;
		}
		$method     = strtoupper( $method );
		$path_match = null;
		foreach ( $this->rows() as $row ) {
			if ( 1 !== preg_match( $row['pattern'], $route ) ) {
				continue;
			}
			if ( in_array( $method, $row['methods'], true ) || ( 'HEAD' === $method && in_array( 'GET', $row['methods'], true ) ) ) {
				return $row;
			}
			$path_match = $path_match ?? $row;
		}
		return $path_match;
	}

	/**
	 * Normalises one filtered row, or returns null when it is malformed.
	 *
	 * @param mixed $row Row as given to / returned by the filter.
	 * @return array|null
	 */
	private static function normalise( $row ): ?array {
		if ( ! is_array( $row ) || ! isset( $row['namespace'], $row['route'], $row['methods'], $row['auth'] ) ) {
			return null;
		}
		$namespace = trim( (string) $row['namespace'], '/' );
		$route     = '/' . ltrim( (string) $row['route'], '/' );
		$methods   = is_array( $row['methods'] ) ? $row['methods'] : explode( ',', (string) $row['methods'] );
		$methods   = array_values( array_filter( array_map( static fn ( $method ): string => strtoupper( trim( (string) $method ) ), $methods ) ) );
		$auth      = (string) $row['auth'];
		if ( '' === $namespace || ! $methods || ! in_array( $auth, self::AUTH_KINDS, true ) ) {
			return null;
		}
		return array(
			'namespace'  => $namespace,
			'route'      => $route,
			'methods'    => $methods,
			'auth'       => $auth,
			'may_stream' => ! empty( $row['may_stream'] ),
			// Anchored at the true end (`\z`): PCRE's `$` also matches before a final newline.
			'pattern'    => '@^/' . $namespace . $route . '\z@i',
		);
	}
}
