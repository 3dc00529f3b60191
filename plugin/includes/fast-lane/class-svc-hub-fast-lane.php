<?php
/**
 * The fast WordPress lane: the plugin's public calls forwarded before plugins and the theme load.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Run by the must-use loader (Svc_Hub_Fast_Lane_Installer writes it into wp-content/mu-plugins)
 * at `muplugins_loaded`: when the request is one of the plugin's `public` or `bearer` rows, it
 * is forwarded with the forwarding classes (same signature, slots, limits and errors) and
 * answered with the headers WP_REST_Server::serve_request() would send, then PHP exits. The
 * public rows need nothing of WordPress but the wp-config.php constants (docs/architecture.md
 * §8: the WordPress lane's overhead).
 *
 * Everything else falls through to the full boot untouched: another namespace, an `admin`,
 * `webhook` or `internal` row, a route no row matches, a route that is not plain
 * (`[A-Za-z0-9._~-]` segments only), OPTIONS, a method override or any `_`-parameter
 * (`_method`, `_envelope`, `_jsonp`, `_fields`, `_locale`…), a logged-in cookie or HTTP Basic
 * (application passwords), a multisite, store mode, the plugin inactive or its folder gone,
 * or SVC_HUB_FAST_LANE switching it off (switched_off()).
 */
final class Svc_Hub_Fast_Lane {

	/** Auth kinds answered here; the others need WordPress's users or handlers. */
	private const AUTH_KINDS = array( 'public', 'bearer' );

	/** The namespaces the worker refuses while the plugin is inactive (worker/src/http/middleware/hub-disabled.ts). */
	private const PUBLIC_NAMESPACES = array( 'llm/router/v1', 'svc/v1', 'svc-commerce/v1', 'svc-license/v1' );

	/** A route the lane takes: plain segments, no `.` or `..` segment, no trailing slash. */
	private const PLAIN_ROUTE = '#^(?:/(?!\.\.?(?:/|\z))[A-Za-z0-9._~-]+)+\z#';

	/**
	 * Called by the must-use loader: serves the request at `muplugins_loaded` (after every
	 * must-use plugin, so their filters apply) when it is the lane's.
	 *
	 * @param string $plugin The plugin's basename (`svc-hub/svc-hub.php`).
	 * @param string $prefix The REST URL prefix when the loader was written (`rest_get_url_prefix()`).
	 */
	public static function hook( string $plugin, string $prefix ): void {
		if ( 'cli' === PHP_SAPI ) {
			return; // WP-CLI and cron scripts: no HTTP request to answer.
		}
		add_action(
			'muplugins_loaded',
			static function () use ( $plugin, $prefix ): void {
				$route = self::route_to_refuse( $plugin, $prefix );
				if ( null !== $route ) {
					self::refuse( $route, $plugin );
				}
				$route = self::route_to_take( $plugin, $prefix );
				if ( null !== $route ) {
					self::serve( $route, $plugin );
				}
			},
			PHP_INT_MAX
		);
	}

	/**
	 * The REST route when this request is the lane's to answer, else null.
	 *
	 * @param string $plugin The plugin's basename.
	 * @param string $prefix The REST URL prefix.
	 * @return string|null
	 */
	public static function route_to_take( string $plugin, string $prefix ): ?string {
		if ( self::switched_off() || is_multisite() || wp_installing() || ! function_exists( 'curl_init' ) ) {
			return null;
		}
		if ( ! in_array( $plugin, (array) get_option( 'active_plugins', array() ), true ) || ! is_file( WP_PLUGIN_DIR . '/' . $plugin ) ) {
			return null;
		}
		$route = self::requested_route( $prefix );
		if ( null === $route || self::needs_wordpress() ) {
			return null;
		}
		require_once dirname( __DIR__ ) . '/class-svc-hub-autoloader.php';
		Svc_Hub_Autoloader::register();
		if ( Svc_Hub_Settings::MODE_STORE === Svc_Hub_Settings::mode() ) {
			return null;
		}
		return $route;
	}

	/**
	 * The REST route when the plugin is inactive (deactivated, its folder still there) and the
	 * request is for one of its public namespaces, whatever the method; else null. WordPress
	 * would answer 404 `rest_no_route`: the loader, kept until uninstall for this, answers what
	 * the worker does, 503 `svc_hub_disabled` (docs/architecture.md §1 "Deactivate means off").
	 *
	 * @param string $plugin The plugin's basename.
	 * @param string $prefix The REST URL prefix.
	 * @return string|null
	 */
	public static function route_to_refuse( string $plugin, string $prefix ): ?string {
		if ( is_multisite() || wp_installing() || ! is_file( WP_PLUGIN_DIR . '/' . $plugin ) ) {
			return null;
		}
		if ( in_array( $plugin, (array) get_option( 'active_plugins', array() ), true ) ) {
			return null;
		}
		$route = self::requested_route( $prefix );
		if ( null === $route ) {
			return null;
		}
		foreach ( self::PUBLIC_NAMESPACES as $namespace ) {
			$length = strlen( $namespace ) + 1;
			if ( 0 === strncasecmp( $route, '/' . $namespace, $length ) && ( strlen( $route ) === $length || '/' === $route[ $length ] ) ) {
				return $route;
			}
		}
		return null;
	}

	/**
	 * Answers 503 `svc_hub_disabled` and exits.
	 *
	 * @param string $route  REST route.
	 * @param string $plugin The plugin's basename.
	 */
	private static function refuse( string $route, string $plugin ): void {
		require_once dirname( __DIR__ ) . '/class-svc-hub-autoloader.php';
		Svc_Hub_Autoloader::register();
		define( 'REST_REQUEST', true );
		self::prepare_translations( dirname( WP_PLUGIN_DIR . '/' . $plugin ) );
		$request = new WP_REST_Request( strtoupper( (string) $_SERVER['REQUEST_METHOD'] ), $route ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- only echoed into WP_REST_Request, as WordPress does.
		Svc_Hub_Fast_Lane_Response::send_preamble( $request );
		Svc_Hub_Fast_Lane_Response::serve( Svc_Hub_Errors::hub_disabled(), $request );
		exit;
	}

	/**
	 * Forwards the request of a `public` or `bearer` row and exits; returns (the full boot
	 * follows) when no such row matches.
	 *
	 * @param string $route  REST route.
	 * @param string $plugin The plugin's basename.
	 */
	private static function serve( string $route, string $plugin ): void {
		$table  = new Svc_Hub_Route_Table();
		$method = strtoupper( (string) $_SERVER['REQUEST_METHOD'] ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- compared and forwarded as sent.
		$row    = $table->is_built() && null !== $table->namespace_of( $route ) ? $table->match( $route, $method ) : null;
		if ( null === $row || ! in_array( $row['auth'], self::AUTH_KINDS, true ) ) {
			return;
		}
		define( 'REST_REQUEST', true ); // As rest_api_loaded() does.
		ini_set( 'display_errors', '0' ); // phpcs:ignore WordPress.PHP.IniSet.display_errors_Disallowed -- as rest_api_loaded() does.
		self::prepare_translations( dirname( WP_PLUGIN_DIR . '/' . $plugin ) );
		$request = new WP_REST_Request( $method, $route );
		Svc_Hub_Fast_Lane_Response::send_preamble( $request );
		$forwarder = new Svc_Hub_Forwarder( new Svc_Hub_Settings(), $table, new Svc_Hub_Rest_Guard( $table ) );
		$response  = $forwarder->send( Svc_Hub_Incoming_Request::from_main_request( $route, $method ), $row, $route, '', $row['may_stream'] );
		Svc_Hub_Fast_Lane_Response::serve( $response, $request );
		exit;
	}

	/**
	 * Whether SVC_HUB_FAST_LANE switches the lane off: a wp-config.php constant that is false,
	 * else the environment of PHP (php-fpm passes a FastCGI parameter through getenv()) set to
	 * `off`, `0` or `false`.
	 *
	 * @return bool
	 */
	private static function switched_off(): bool {
		if ( defined( 'SVC_HUB_FAST_LANE' ) ) {
			return ! SVC_HUB_FAST_LANE || in_array( strtolower( trim( (string) SVC_HUB_FAST_LANE ) ), array( 'off', '0', 'false' ), true );
		}
		return in_array( strtolower( trim( (string) getenv( 'SVC_HUB_FAST_LANE' ) ) ), array( 'off', '0', 'false' ), true );
	}

	/**
	 * The route asked for: the path after `<home>/<prefix>/` with pretty permalinks, or
	 * `rest_route` of the query on the home page; null when neither, or not plain.
	 *
	 * @param string $prefix The REST URL prefix.
	 * @return string|null
	 */
	private static function requested_route( string $prefix ): ?string {
		if ( ! isset( $_SERVER['REQUEST_URI'], $_SERVER['REQUEST_METHOD'] ) ) {
			return null;
		}
		$path = explode( '?', (string) $_SERVER['REQUEST_URI'], 2 )[0]; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- compared only.
		if ( ! empty( $_SERVER['PATH_INFO'] ) && $_SERVER['PATH_INFO'] !== $path ) {
			return null; // `/index.php/…` permalinks; php -S (the dev stack) sets PATH_INFO to the path itself, which WordPress reads alike.
		}
		$home = rtrim( (string) wp_parse_url( (string) get_option( 'home' ), PHP_URL_PATH ), '/' );
		// phpcs:disable SvcHub.Security.NonceVerification, WordPress.Security.NonceVerification -- only read, to know whether the lane applies.
		if ( isset( $_GET['rest_route'] ) || isset( $_POST['rest_route'] ) ) {
			$on_home = $path === $home . '/' || $path === $home . '/index.php';
			$route   = $on_home && ! isset( $_POST['rest_route'] ) && is_string( $_GET['rest_route'] ) ? $_GET['rest_route'] : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- matched against PLAIN_ROUTE.
		} else {
			$start = $home . '/' . $prefix . '/';
			$route = '' !== (string) get_option( 'permalink_structure' ) && 0 === strncmp( $path, $start, strlen( $start ) ) ? '/' . substr( $path, strlen( $start ) ) : '';
		}
		// phpcs:enable
		return 1 === preg_match( self::PLAIN_ROUTE, $route ) ? $route : null;
	}

	/**
	 * Whether the answer may depend on WordPress beyond the constants: a user may be logged in
	 * (auth cookie, HTTP Basic for application passwords), or WordPress would rewrite the
	 * request or answer it itself (OPTIONS, a method override, a `_` parameter).
	 *
	 * @return bool
	 */
	private static function needs_wordpress(): bool {
		foreach ( array_keys( $_COOKIE ) as $name ) {
			if ( 0 === strncmp( (string) $name, 'wordpress_', 10 ) || ( defined( 'LOGGED_IN_COOKIE' ) && LOGGED_IN_COOKIE === $name ) || ( defined( 'AUTH_COOKIE' ) && AUTH_COOKIE === $name ) ) {
				return true;
			}
		}
		foreach ( array_keys( $_GET ) as $name ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended, SvcHub.Security.NonceVerification.Recommended -- names only.
			if ( '_' === substr( (string) $name, 0, 1 ) ) {
				return true;
			}
		}
		$authorization = (string) ( $_SERVER['HTTP_AUTHORIZATION'] ?? $_SERVER['REDIRECT_HTTP_AUTHORIZATION'] ?? '' ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- compared only.
		return 'OPTIONS' === strtoupper( (string) $_SERVER['REQUEST_METHOD'] ) // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- compared only.
			|| isset( $_SERVER['HTTP_X_HTTP_METHOD_OVERRIDE'] ) || isset( $_SERVER['PHP_AUTH_USER'] )
			|| 0 === strncasecmp( ltrim( $authorization ), 'basic', 5 );
	}

	/**
	 * Lets WordPress's just-in-time loader translate the shell's own messages as on the full
	 * boot (the plugin's folder among the places searched, as WordPress adds it when it loads
	 * the plugin), without the "triggered too early" notice it gives before `init`: answering
	 * before plugins load is this lane's purpose, and with no user the locale is the site's,
	 * the same as later. Nothing is read until a message is translated (the happy path has none).
	 *
	 * @param string $plugin_directory The plugin's folder.
	 */
	private static function prepare_translations( string $plugin_directory ): void {
		$GLOBALS['wp_textdomain_registry']->set_custom_path( 'svc-hub', $plugin_directory );
		add_filter(
			'doing_it_wrong_trigger_error',
			static fn ( $trigger, $function_name, $message ) => '_load_textdomain_just_in_time' === $function_name && str_contains( (string) $message, '<code>svc-hub</code>' ) ? false : $trigger,
			10,
			3
		);
	}
}
