<?php
/**
 * Checks Svc_Hub_Incoming_Request::with_key_headers() without WordPress: a key sent in a route's
 * key header (`x-api-key` on the Messages routes) becomes the Authorization value the shell signs
 * and forwards, and only when no Authorization was sent and the header holds one key; the route
 * table keeps a row's key_headers.
 *
 * Usage: php tests/php/incoming-key-headers.php   → prints "ok" and exits 0, or each failure and exits 1.
 *
 * @package svc-hub
 */

define( 'ABSPATH', __DIR__ . '/' );
$root = dirname( __DIR__, 2 );
require $root . '/plugin/includes/forwarding/class-svc-hub-headers.php';
require $root . '/plugin/includes/forwarding/class-svc-hub-incoming-request.php';
require $root . '/plugin/includes/forwarding/class-svc-hub-route-table.php';

/**
 * WordPress's unslashing (the values here carry no slashes).
 *
 * @param mixed $value Value.
 * @return mixed
 */
function wp_unslash( $value ) {
	return $value;
}
/**
 * WordPress's filter, unfiltered.
 *
 * @param string $name  Filter name.
 * @param mixed  $value Value.
 * @return mixed
 */
function apply_filters( string $name, $value ) {
	return $value;
}
/** The REST server's raw body. */
final class WP_REST_Server {
	/**
	 * The request body.
	 *
	 * @return string
	 */
	public static function get_raw_data(): string {
		return '{}';
	}
}

$failures = array();
$check    = static function ( string $what, $actual, $expected ) use ( &$failures ): void {
	if ( $actual !== $expected ) {
		$failures[] = $what . ': expected ' . var_export( $expected, true ) . ', got ' . var_export( $actual, true );
	}
};

/**
 * The main request with these client headers, its key headers applied.
 *
 * @param array<string,string> $server      HTTP_* entries of $_SERVER.
 * @param string[]             $key_headers The route's key headers.
 * @return Svc_Hub_Incoming_Request
 */
function incoming( array $server, array $key_headers ): Svc_Hub_Incoming_Request {
	$_SERVER = array_merge( array( 'REMOTE_ADDR' => '127.0.0.1', 'CONTENT_TYPE' => 'application/json' ), $server );
	return Svc_Hub_Incoming_Request::from_main_request( '/llm/router/v1/messages', 'POST' )->with_key_headers( $key_headers );
}

$converted = incoming( array( 'HTTP_X_API_KEY' => 'svc_key_1', 'HTTP_ANTHROPIC_VERSION' => '2023-06-01' ), array( 'x-api-key' ) );
$check( 'x-api-key signed as Authorization', $converted->authorization, 'Bearer svc_key_1' );
$check( 'forwarded as Authorization', Svc_Hub_Headers::value( $converted->headers, 'Authorization' ), 'Bearer svc_key_1' );
$check( 'x-api-key itself not forwarded', Svc_Hub_Headers::value( $converted->headers, 'X-Api-Key' ), null );
$check( 'anthropic-version forwarded', Svc_Hub_Headers::value( $converted->headers, 'Anthropic-Version' ), '2023-06-01' );

$undeclared = incoming( array( 'HTTP_X_API_KEY' => 'svc_key_1' ), array() );
$check( 'a route without key headers: no Authorization', $undeclared->authorization, '' );

$both = incoming( array( 'HTTP_X_API_KEY' => 'svc_key_1', 'HTTP_AUTHORIZATION' => 'Bearer svc_key_2' ), array( 'x-api-key' ) );
$check( 'Authorization sent: it stands', $both->authorization, 'Bearer svc_key_2' );
$check( 'Authorization sent: x-api-key goes on for the worker to compare', Svc_Hub_Headers::value( $both->headers, 'X-Api-Key' ), 'svc_key_1' );

$twice = incoming( array( 'HTTP_X_API_KEY' => 'svc_key_1, svc_key_2' ), array( 'x-api-key' ) );
$check( 'two keys: not chosen between', $twice->authorization, '' );

$manifest = sys_get_temp_dir() . '/svc-hub-routes-' . bin2hex( random_bytes( 4 ) ) . '.php';
$row      = array(
	'namespace'   => 'llm/router/v1',
	'route'       => '/messages',
	'methods'     => 'POST',
	'auth'        => 'bearer',
	'may_stream'  => true,
	'test_only'   => false,
	'key_headers' => array( 'x-api-key' ),
);
file_put_contents( $manifest, '<?php return ' . var_export( array( $row ), true ) . ';' );
$table = new Svc_Hub_Route_Table( $manifest );
$check( 'the route table keeps key_headers', $table->match( '/llm/router/v1/messages', 'POST' )['key_headers'] ?? null, array( 'x-api-key' ) );
unlink( $manifest );

if ( $failures ) {
	echo implode( "\n", $failures ), "\n";
	exit( 1 );
}
echo "ok\n";
