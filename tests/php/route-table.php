<?php
/**
 * Checks Svc_Hub_Route_Table's reading of the route manifest the build writes
 * (build/routes.php, scripts/write-route-manifest.mjs), without WordPress: the rows it holds,
 * test-only rows kept only on request, and a missing manifest (no route, the plugin's
 * namespaces still known so that their requests get the documented 503).
 *
 * Usage: php tests/php/route-table.php   → prints "ok" and exits 0, or each failure and exits 1.
 *
 * @package svc-hub
 */

define( 'ABSPATH', __DIR__ . '/' );
$root = dirname( __DIR__, 2 );
require $root . '/plugin/includes/forwarding/class-svc-hub-route-table.php';

$test_routes = false;
/**
 * WordPress's filter, with `svc_hub_test_routes` answered from `$test_routes`.
 *
 * @param string $name  Filter name.
 * @param mixed  $value Value.
 * @return mixed
 */
function apply_filters( string $name, $value ) {
	return 'svc_hub_test_routes' === $name ? $GLOBALS['test_routes'] : $value;
}
/**
 * WordPress's translation, untranslated.
 *
 * @param string $text Text.
 * @return string
 */
function __( string $text ): string {
	return $text;
}

$failures = array();
$check    = static function ( string $what, $actual, $expected ) use ( &$failures ): void {
	if ( $actual !== $expected ) {
		$failures[] = $what . ': expected ' . var_export( $expected, true ) . ', got ' . var_export( $actual, true );
	}
};

$manifest = sys_get_temp_dir() . '/svc-hub-routes-' . bin2hex( random_bytes( 4 ) ) . '.php';
$row      = static fn ( string $namespace, string $route, string $methods, bool $test_only = false ): array => array(
	'namespace'  => $namespace,
	'route'      => $route,
	'methods'    => $methods,
	'auth'       => 'public',
	'may_stream' => false,
	'test_only'  => $test_only,
);
file_put_contents( $manifest, '<?php return ' . var_export( array( $row( 'svc/v1', '/image-templates/(?P<id>[^/]+)', 'GET' ), $row( 'svc-hub-test/v1', '/ack', 'POST', true ) ), true ) . ';' );

$table = new Svc_Hub_Route_Table( $manifest );
$check( 'built', $table->is_built(), true );
$check( 'the rows of the manifest, test rows left out', array_column( $table->rows(), 'route' ), array( '/image-templates/(?P<id>[^/]+)' ) );
$check( 'a route of the manifest', $table->match( '/svc/v1/image-templates/tpl_1', 'GET' )['namespace'] ?? null, 'svc/v1' );
$check( 'a namespace the manifest does not name', $table->namespace_of( '/llm/router/v1/chat' ), null );

$test_routes = true;
$check( 'test rows on the test stack', array_column( ( new Svc_Hub_Route_Table( $manifest ) )->rows(), 'route' ), array( '/image-templates/(?P<id>[^/]+)', '/ack' ) );
unlink( $manifest );

$missing = new Svc_Hub_Route_Table( $manifest );
$check( 'no manifest: not built', $missing->is_built(), false );
$check( 'no manifest: no row', $missing->rows(), array() );
$check( 'no manifest: no match', $missing->match( '/llm/router/v1/chat', 'POST' ), null );
$check( 'no manifest: the namespaces still known', $missing->namespace_of( '/llm/router/v1/chat' ), 'llm/router/v1' );
$check( 'no manifest: the message names the file', str_contains( $missing->missing_message(), $manifest ), true );

// The built manifest (when there is one): every namespace it registers is in the list used without it.
$built = $root . '/plugin/build/routes.php';
if ( is_readable( $built ) ) {
	$namespaces = array_unique( array_column( ( new Svc_Hub_Route_Table( $built ) )->rows(), 'namespace' ) );
	$check( 'the built manifest\'s namespaces, without svc-hub-test/v1', array_values( array_diff( $namespaces, Svc_Hub_Route_Table::NAMESPACES_WITHOUT_MANIFEST, array( 'svc-hub-test/v1' ) ) ), array() );
}

if ( array() !== $failures ) {
	echo implode( "\n", $failures ), "\n";
	exit( 1 );
}
echo "ok\n";
