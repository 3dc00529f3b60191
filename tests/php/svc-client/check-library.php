<?php
/**
 * Runs svc-client's library checks without WordPress on a JSON case file written by
 * tests/php/svc-client-library.test.ts (with the hub's own hashing) and prints each verdict
 * as JSON: "" when a check passes, else why.
 *
 * Usage: php tests/php/svc-client/check-library.php CASE.json
 *
 * @package svc-client
 */

define( 'ABSPATH', __DIR__ );

/**
 * WordPress's wp_parse_url, as PHP's parse_url (all the checks need).
 *
 * @param string $url URL.
 * @return array<string, mixed>|false
 */
function wp_parse_url( string $url ) {
	return parse_url( $url ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- stands in for WordPress's own.
}

$client = dirname( __DIR__, 3 ) . '/svc-client/includes/library/';
require $client . 'class-svc-client-canonical-json.php';
require $client . 'class-svc-client-library-check.php';

$case     = json_decode( (string) file_get_contents( $argv[1] ), false );
$verdicts = array(
	'manifest'  => Svc_Client_Library_Check::manifest( $case->manifest ),
	'canonical' => Svc_Client_Canonical_Json::encode( $case->canonical_input ),
	'items'     => array(),
	'files'     => array(),
);
foreach ( $case->items as $probe ) {
	$files                = Svc_Client_Library_Check::files( $probe->kind, $probe->item, $case->hub_url );
	$verdicts['items'][] = is_string( $files ) ? $files : Svc_Client_Library_Check::item( $probe->kind, $probe->item, $probe->entry, $files );
}
foreach ( $case->files as $probe ) {
	$file                = (array) $probe->file;
	$verdicts['files'][] = Svc_Client_Library_Check::file( $file, base64_decode( $probe->bytes ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- test bytes.
}
echo json_encode( $verdicts, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode, WordPress.Security.EscapeOutput.OutputNotEscaped -- CLI output.
