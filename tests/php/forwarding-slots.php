<?php
/**
 * Checks Svc_Hub_Php_Pool's reading of php-fpm pool files and Svc_Hub_Forwarding_Slots'
 * locks (per key and in all, given back on release), without WordPress.
 *
 * Usage: php tests/php/forwarding-slots.php   → prints "ok" and exits 0, or each failure and exits 1.
 *
 * @package svc-hub
 */

define( 'ABSPATH', __DIR__ . '/' );
require dirname( __DIR__, 2 ) . '/plugin/includes/forwarding/class-svc-hub-php-pool.php';
require dirname( __DIR__, 2 ) . '/plugin/includes/forwarding/class-svc-hub-forwarding-slots.php';

$failures = array();
$check    = static function ( string $what, $actual, $expected ) use ( &$failures ): void {
	if ( $actual !== $expected ) {
		$failures[] = $what . ': expected ' . var_export( $expected, true ) . ', got ' . var_export( $actual, true );
	}
};

$directory = sys_get_temp_dir() . '/svc-hub-pool-' . bin2hex( random_bytes( 4 ) );
mkdir( $directory . '/pool.d', 0700, true );
file_put_contents( $directory . '/pool.d/www.conf', "[www]\nuser = www-data\npm = dynamic\npm.max_children = 5\n" );
file_put_contents( $directory . '/pool.d/svc-hub.conf', "; the hub\n[svc-hub]\npm = dynamic\n;pm.max_children = 99\npm.max_children = 32 ; workers\npm.start_servers = 4\n[other]\npm.max_children = 7\n" );
file_put_contents( $directory . '/php-fpm.conf', "[global]\npid = /run/php.pid\n[main-pool]\npm.max_children=12\n" );
$check( 'the svc-hub pool', Svc_Hub_Php_Pool::max_children( $directory, 'svc-hub' ), 32 );
$check( 'Debian\'s www pool', Svc_Hub_Php_Pool::max_children( $directory, 'www' ), 5 );
$check( 'a second pool in one file', Svc_Hub_Php_Pool::max_children( $directory, 'other' ), 7 );
$check( 'a pool in php-fpm.conf', Svc_Hub_Php_Pool::max_children( $directory, 'main-pool' ), 12 );
$check( 'an unknown pool', Svc_Hub_Php_Pool::max_children( $directory, 'nowhere' ), null );
$check( 'no configuration', Svc_Hub_Php_Pool::max_children( $directory . '/missing', 'www' ), null );

$slots_dir = $directory . '/slots';
$first     = new Svc_Hub_Forwarding_Slots( array( 'total' => 3, 'per_key' => 2 ), $slots_dir );
$second    = new Svc_Hub_Forwarding_Slots( array( 'total' => 3, 'per_key' => 2 ), $slots_dir );
$third     = new Svc_Hub_Forwarding_Slots( array( 'total' => 3, 'per_key' => 2 ), $slots_dir );
$fourth    = new Svc_Hub_Forwarding_Slots( array( 'total' => 3, 'per_key' => 2 ), $slots_dir );
$check( 'key A, first call', $first->take( 'Bearer A' ), null );
$check( 'key A, second call', $second->take( 'Bearer A' ), null );
$check( 'key A, third call: the key\'s limit', $third->take( 'Bearer A' ), 'per_key' );
$check( 'no key: a slot in all', $third->take( '' ), null );
$check( 'key B: none left in all', $fourth->take( 'Bearer B' ), 'total' );
$first->release();
$check( 'key B once a call ended', $fourth->take( 'Bearer B' ), null );
$check( 'key A again: its limit is free, the total is not', ( new Svc_Hub_Forwarding_Slots( array( 'total' => 3, 'per_key' => 2 ), $slots_dir ) )->take( 'Bearer A' ), 'total' );
foreach ( array( $second, $third, $fourth ) as $slots ) {
	$slots->release();
}
$files = glob( $slots_dir . '/*' );
$check( 'files: a few per bucket and in all', count( $files ) <= 3 + 2 * 2, true );
foreach ( $files as $file ) {
	unlink( $file );
}
rmdir( $slots_dir );
array_map( 'unlink', glob( $directory . '/pool.d/*' ) );
rmdir( $directory . '/pool.d' );
unlink( $directory . '/php-fpm.conf' );
rmdir( $directory );

if ( array() !== $failures ) {
	echo implode( "\n", $failures ), "\n";
	exit( 1 );
}
echo "ok\n";
