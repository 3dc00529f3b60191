<?php
/**
 * Checks when the fast lane (plugin/includes/fast-lane/) takes a request, without WordPress:
 * only plain routes of the plugin's namespaces under `<home>/<prefix>/` with pretty permalinks
 * or `?rest_route=` on the home page, only while the plugin is active and its file there, never
 * on a multisite, in store mode, for a logged-in cookie, HTTP Basic, OPTIONS, a method override
 * or a `_` parameter; and the must-use loader the installer writes, and removes only when ours.
 *
 * Usage: php tests/php/fast-lane.php   → prints "ok" and exits 0, or each failure and exits 1.
 * (`php tests/php/fast-lane.php store` is the store-mode case, run by the first as a child.)
 *
 * @package svc-hub
 */

define( 'ABSPATH', __DIR__ . '/' );
$root    = dirname( __DIR__, 2 );
$scratch = sys_get_temp_dir() . '/svc-hub-fast-lane-' . bin2hex( random_bytes( 4 ) );
define( 'WP_PLUGIN_DIR', $scratch . '/plugins' );
define( 'WPMU_PLUGIN_DIR', $scratch . '/mu-plugins' );
mkdir( WP_PLUGIN_DIR . '/svc-hub', 0700, true );
touch( WP_PLUGIN_DIR . '/svc-hub/svc-hub.php' );
require $root . '/plugin/includes/fast-lane/class-svc-hub-fast-lane.php';
require $root . '/plugin/includes/fast-lane/class-svc-hub-fast-lane-installer.php';

$options   = array();
$multisite = false;
/**
 * WordPress's option read, from `$options`.
 *
 * @param string $name    Option.
 * @param mixed  $default Default.
 * @return mixed
 */
function get_option( string $name, $default = false ) {
	return $GLOBALS['options'][ $name ] ?? $default;
}
/** @return bool */
function is_multisite(): bool {
	return $GLOBALS['multisite'];
}
/** @return bool */
function wp_installing(): bool {
	return false;
}
/**
 * @param string $url       URL.
 * @param int    $component Component.
 * @return mixed
 */
function wp_parse_url( string $url, int $component = -1 ) {
	return parse_url( $url, $component ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- the stand-in of wp_parse_url().
}
/**
 * @param string $name  Filter.
 * @param mixed  $value Value.
 * @return mixed
 */
function apply_filters( string $name, $value ) {
	return $value;
}
/**
 * @param string $file Plugin file.
 * @return string
 */
function plugin_basename( string $file ): string {
	return 'svc-hub/svc-hub.php';
}
/** @return string */
function rest_get_url_prefix(): string {
	return 'api';
}
/**
 * @param string $directory Folder.
 * @return bool
 */
function wp_mkdir_p( string $directory ): bool {
	return mkdir( $directory, 0700, true );
}

$failures = array();
$check    = static function ( string $what, $actual, $expected ) use ( &$failures ): void {
	if ( $actual !== $expected ) {
		$failures[] = $what . ': expected ' . var_export( $expected, true ) . ', got ' . var_export( $actual, true );
	}
};
/**
 * What the lane makes of a request.
 *
 * @param string $method  HTTP method.
 * @param string $uri     REQUEST_URI.
 * @param array  $server  More of $_SERVER.
 * @param array  $cookies $_COOKIE.
 * @param string $prefix  REST prefix.
 * @return string|null
 */
$take = static function ( string $method, string $uri, array $server = array(), array $cookies = array(), string $prefix = 'wp-json' ): ?string {
	$_SERVER = array_merge(
		array(
			'REQUEST_METHOD' => $method,
			'REQUEST_URI'    => $uri,
		),
		$server
	);
	parse_str( (string) parse_url( $uri, PHP_URL_QUERY ), $_GET ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url
	$_POST   = array();
	$_COOKIE = $cookies;
	return Svc_Hub_Fast_Lane::route_to_take( 'svc-hub/svc-hub.php', $prefix );
};

if ( 'store' === ( $argv[1] ?? '' ) ) {
	putenv( 'SVC_HUB_MODE=store' );
	$options = array(
		'active_plugins'       => array( 'svc-hub/svc-hub.php' ),
		'home'                 => 'http://site.example',
		'permalink_structure'  => '/%postname%/',
	);
	echo null === $take( 'GET', '/wp-json/llm/router/v1/models' ) ? 'ok' : 'store mode took the request';
	exit;
}

$options = array(
	'active_plugins'      => array( 'svc-hub/svc-hub.php' ),
	'home'                => 'http://site.example',
	'permalink_structure' => '/%postname%/',
);
$models  = '/llm/router/v1/models';
$check( 'pretty permalink', $take( 'GET', '/wp-json/llm/router/v1/models' ), $models );
$check( 'query kept out of the route', $take( 'POST', '/wp-json/llm/router/v1/chat/completions?x=1' ), '/llm/router/v1/chat/completions' );
$check( 'php -S sets PATH_INFO to the path', $take( 'GET', '/wp-json/llm/router/v1/models', array( 'PATH_INFO' => '/wp-json/llm/router/v1/models' ) ), $models );
$check( '/index.php/… permalinks', $take( 'GET', '/index.php/wp-json/llm/router/v1/models', array( 'PATH_INFO' => '/wp-json/llm/router/v1/models' ) ), null );
$check( 'rest_route on the home page', $take( 'GET', '/?rest_route=/llm/router/v1/models' ), $models );
$check( 'rest_route on index.php', $take( 'GET', '/index.php?rest_route=/llm/router/v1/models' ), $models );
$check( 'rest_route on another page', $take( 'GET', '/about/?rest_route=/llm/router/v1/models' ), null );
$check( 'rest_route beside a pretty path', $take( 'GET', '/wp-json/svc/v1/x?rest_route=/llm/router/v1/models' ), null );
$check( 'another prefix', $take( 'GET', '/api/llm/router/v1/models', array(), array(), 'api' ), $models );
$check( 'the default prefix when another is in force', $take( 'GET', '/wp-json/llm/router/v1/models', array(), array(), 'api' ), null );
foreach ( array( '/wp-json/llm/router/v1/models/', '/wp-json/llm/router/v1/../v1/models', '/wp-json/llm//router', '/wp-json/llm/router/v1/mo%64els', '/wp-json/a+b', "/wp-json/llm/\n" ) as $path ) {
	$check( 'not a plain route: ' . json_encode( $path ), $take( 'GET', $path ), null );
}
$check( 'logged-in cookie', $take( 'GET', '/wp-json/llm/router/v1/models', array(), array( 'wordpress_logged_in_abc' => 'x' ) ), null );
$check( 'another cookie', $take( 'GET', '/wp-json/llm/router/v1/models', array(), array( 'theme' => 'dark' ) ), $models );
$check( 'HTTP Basic', $take( 'GET', '/wp-json/llm/router/v1/models', array( 'HTTP_AUTHORIZATION' => 'Basic YTpi' ) ), null );
$check( 'Bearer', $take( 'GET', '/wp-json/llm/router/v1/models', array( 'HTTP_AUTHORIZATION' => 'Bearer sk' ) ), $models );
$check( 'OPTIONS', $take( 'OPTIONS', '/wp-json/llm/router/v1/models' ), null );
$check( 'method override', $take( 'POST', '/wp-json/llm/router/v1/models', array( 'HTTP_X_HTTP_METHOD_OVERRIDE' => 'GET' ) ), null );
foreach ( array( '_fields=id', '_method=GET', '_envelope', '_locale=user', '_pretty' ) as $query ) {
	$check( 'parameter ' . $query, $take( 'GET', '/wp-json/llm/router/v1/models?' . $query ), null );
}
putenv( 'SVC_HUB_FAST_LANE=off' );
$check( 'SVC_HUB_FAST_LANE=off in the environment', $take( 'GET', '/wp-json/llm/router/v1/models' ), null );
putenv( 'SVC_HUB_FAST_LANE=on' );
$check( 'SVC_HUB_FAST_LANE=on in the environment', $take( 'GET', '/wp-json/llm/router/v1/models' ), $models );
putenv( 'SVC_HUB_FAST_LANE' );
$options['permalink_structure'] = '';
$check( 'plain permalinks: no pretty path', $take( 'GET', '/wp-json/llm/router/v1/models' ), null );
$check( 'plain permalinks: rest_route', $take( 'GET', '/?rest_route=/llm/router/v1/models' ), $models );
$options['permalink_structure'] = '/%postname%/';
$options['home']                = 'http://site.example/blog';
$check( 'a site in a folder', $take( 'GET', '/blog/wp-json/llm/router/v1/models' ), $models );
$check( 'a site in a folder, path outside it', $take( 'GET', '/wp-json/llm/router/v1/models' ), null );
$options['home'] = 'http://site.example';
$multisite       = true;
$check( 'multisite', $take( 'GET', '/wp-json/llm/router/v1/models' ), null );
$multisite                 = false;
$options['active_plugins'] = array( 'other/other.php' );
$check( 'plugin inactive', $take( 'GET', '/wp-json/llm/router/v1/models' ), null );
$options['active_plugins'] = array( 'svc-hub/svc-hub.php' );
unlink( WP_PLUGIN_DIR . '/svc-hub/svc-hub.php' );
$check( 'plugin file gone', $take( 'GET', '/wp-json/llm/router/v1/models' ), null );
touch( WP_PLUGIN_DIR . '/svc-hub/svc-hub.php' );
$store = shell_exec( escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( __FILE__ ) . ' store' );
$check( 'store mode', $store, 'ok' );

// The installer: the loader names the plugin and the prefix, is rewritten when outdated, and removed only when ours.
$loader = WPMU_PLUGIN_DIR . '/svc-hub-fast-lane.php';
$check( 'installed', Svc_Hub_Fast_Lane_Installer::install( WP_PLUGIN_DIR . '/svc-hub/svc-hub.php' ), true );
$text = (string) file_get_contents( $loader );
$check( 'loader text', $text, Svc_Hub_Fast_Lane_Installer::contents( 'svc-hub/svc-hub.php', 'api' ) );
$check( 'loader calls the lane', str_contains( $text, "Svc_Hub_Fast_Lane::hook( 'svc-hub/svc-hub.php', 'api' );" ), true );
$check( 'loader is PHP', trim( (string) shell_exec( escapeshellarg( PHP_BINARY ) . ' -l ' . escapeshellarg( $loader ) . ' 2>&1' ) ), 'No syntax errors detected in ' . $loader );
file_put_contents( $loader, str_replace( "'api'", "'wp-json'", $text ) );
Svc_Hub_Fast_Lane_Installer::install( WP_PLUGIN_DIR . '/svc-hub/svc-hub.php' );
$check( 'outdated loader rewritten', file_get_contents( $loader ), $text );
Svc_Hub_Fast_Lane_Installer::remove();
$check( 'removed', file_exists( $loader ), false );
file_put_contents( $loader, "<?php\n// someone else's\n" );
Svc_Hub_Fast_Lane_Installer::remove();
$check( 'a file not ours is kept', file_exists( $loader ), true );
unlink( $loader );
$multisite = true;
$check( 'not on a multisite', Svc_Hub_Fast_Lane_Installer::install( WP_PLUGIN_DIR . '/svc-hub/svc-hub.php' ), false );
$check( 'nothing written on a multisite', file_exists( $loader ), false );

unlink( WP_PLUGIN_DIR . '/svc-hub/svc-hub.php' );
rmdir( WP_PLUGIN_DIR . '/svc-hub' );
rmdir( WP_PLUGIN_DIR );
rmdir( WPMU_PLUGIN_DIR );
rmdir( $scratch );
if ( $failures ) {
	echo implode( "\n", $failures ), "\n";
	exit( 1 );
}
echo "ok\n";
