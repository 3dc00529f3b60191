<?php
/**
 * Runs PHP inside the svc-client test site's WordPress from the command line: loads wp-load.php
 * of the WordPress folder in argv[1] (as the site at WP_URL), reads PHP code from stdin, runs it
 * and prints what it returns as JSON on the last line (tests/support/client-site.ts).
 *
 * Usage: php client-php.php <wordpress dir> < code.php
 *
 * @package svc-client
 */

$wordpress_dir          = $argv[1];
$_SERVER['HTTP_HOST']   = parse_url( getenv( 'WP_URL' ), PHP_URL_HOST ) . ':' . parse_url( getenv( 'WP_URL' ), PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
require $wordpress_dir . '/wp-load.php';

$svc_test_code   = stream_get_contents( STDIN );
$svc_test_result = ( static function () use ( $svc_test_code ) {
	return eval( $svc_test_code ); // phpcs:ignore Squiz.PHP.Eval.Discouraged -- test support only.
} )();
echo "\n" . wp_json_encode( array( 'result' => $svc_test_result ) ) . "\n";
