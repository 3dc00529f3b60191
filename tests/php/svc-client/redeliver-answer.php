<?php
/**
 * Runs svc-client's reading of a redelivery answer without WordPress on answers written by
 * tests/php/svc-client-redeliver-answer.test.ts and prints, for each, whether it means "the
 * hub was asked a moment ago" (true) rather than a failure (false).
 *
 * Usage: php tests/php/svc-client/redeliver-answer.php CASES.json
 *
 * @package svc-client
 */

define( 'ABSPATH', __DIR__ );
require dirname( __DIR__, 3 ) . '/svc-client/includes/hub/class-svc-client-hub-client.php';

$cases   = json_decode( (string) file_get_contents( $argv[1] ), true );
$answers = array();
foreach ( $cases as $case ) {
	$answers[] = Svc_Client_Hub_Client::asked_recently( $case['status'], json_decode( $case['body'], true ) );
}
echo json_encode( $answers ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode, WordPress.Security.EscapeOutput.OutputNotEscaped -- CLI output.
