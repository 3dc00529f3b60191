<?php
/**
 * The one route table the shell registers and forwards.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every route WordPress registers for the plugin, one row each: namespace, route (WordPress
 * regex form), methods, auth kind and whether the answer may be an event stream.
 *
 * The rows are not written here: the build writes them from the worker's route rows
 * (worker/src/http/routes/, docs/architecture.md §0 item 2) into `build/routes.php`, which this
 * class reads. Without that file (a plugin copied from git without a build) no route is
 * registered, an admin notice says why, and every request in the plugin's namespaces answers
 * 503 `svc_worker_unavailable` naming the missing file.
 *
 * Auth kinds: `public`, `bearer`, `webhook` (checked by the worker), `admin` (the shell
 * requires manage_options, then forwards with the user id) and `internal` (answered by
 * PHP itself after checking the worker's signature; never forwarded).
 *
 * Extend with the `svc_hub_route_table` filter; each row is an array with the keys
 * `namespace`, `route`, `methods`, `auth`, `may_stream`. Rows marked `test_only` are kept
 * only when the `svc_hub_test_routes` filter returns true (the test suite's mu-plugin).
 */
final class Svc_Hub_Route_Table {

	/** Auth kinds a row may declare. */
	public const AUTH_KINDS = array( 'public', 'bearer', 'webhook', 'admin', 'internal' );

	/**
	 * The plugin's namespaces when the manifest is missing, so that their requests get the
	 * documented 503 instead of WordPress's 404. Only for that case: the manifest is the source.
	 */
	public const NAMESPACES_WITHOUT_MANIFEST = array( 'llm/router/v1', 'svc-commerce/v1', 'svc-license/v1', 'svc/v1', 'svc-hub/v1' );

	/**
	 * Bytes no route of the table needs: C0 control characters, DEL, and C1 control characters
	 * as UTF-8. A route carrying one matches no row (400 from the forwarder, as the worker answers).
	 */
	private const CONTROL_CHARACTERS = '/[\x00-\x1F\x7F]|\xC2[\x80-\x9F]/';

	/** @var string Path of the route manifest the build writes. */
	private string $manifest_file;

	/** @var bool|null Whether the manifest was read, known after the first rows() call. */
	private ?bool $built = null;

	/** @var array<int,array>|null Normalised rows, built on first use. */
	private ?array $rows = null;

	/** @var string[]|null Namespaces of the rows, longest first. */
	private ?array $namespaces = null;

	/**
	 * @param string|null $manifest_file The route manifest; default `build/routes.php` of the plugin.
	 */
	public function __construct( ?string $manifest_file = null ) {
		$this->manifest_file = $manifest_file ?? dirname( __DIR__, 2 ) . '/build/routes.php';
	}

	/**
	 * The manifest's rows, or an empty list when the file is missing or not a list of rows.
	 *
	 * @return array<int,array>
	 */
	private function manifest_rows(): array {
		$rows        = is_readable( $this->manifest_file ) ? include $this->manifest_file : null;
		$this->built = is_array( $rows );
		if ( ! $this->built ) {
			return array();
		}
		$with_tests = (bool) apply_filters( 'svc_hub_test_routes', false );
		return array_values( array_filter( $rows, static fn ( $row ): bool => $with_tests || ! is_array( $row ) || empty( $row['test_only'] ) ) );
	}

	/**
	 * Whether the route manifest was found (reads it when not read yet).
	 *
	 * @return bool
	 */
	public function is_built(): bool {
		if ( null === $this->built ) {
			$this->rows();
		}
		return (bool) $this->built;
	}

	/**
	 * What is wrong when the manifest is missing, for the admin notice and the 503 answer.
	 *
	 * @return string
	 */
	public function missing_message(): string {
		/* translators: %s: path of the missing file. */
		return sprintf( __( 'svc-hub is installed without its route manifest (%s), so it serves no route. Install the release zip, or build the plugin from its repository: npm run build.', 'svc-hub' ), $this->manifest_file );
	}

	/**
	 * Hooks the admin notice shown while the manifest is missing.
	 */
	public function register_hooks(): void {
		add_action(
			'admin_notices',
			function (): void {
				if ( current_user_can( 'activate_plugins' ) && ! $this->is_built() ) {
					echo '<div class="notice notice-error"><p>' . esc_html( $this->missing_message() ) . '</p></div>';
				}
			}
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
			$rows       = apply_filters( 'svc_hub_route_table', $this->manifest_rows() );
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
			if ( ! $this->is_built() ) {
				$namespaces = array_unique( array_merge( $namespaces, self::NAMESPACES_WITHOUT_MANIFEST ) );
			}
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
			'namespace'   => $namespace,
			'route'       => $route,
			'methods'     => $methods,
			'auth'        => $auth,
			'may_stream'  => ! empty( $row['may_stream'] ),
			'key_headers' => array_map( 'strval', (array) ( $row['key_headers'] ?? array() ) ),
			// Anchored at the true end (`\z`): PCRE's `$` also matches before a final newline.
			'pattern'     => '@^/' . $namespace . $route . '\z@i',
		);
	}
}
