<?php
/**
 * Runs svc-client's sequence rules without WordPress on cases written by
 * tests/php/svc-client-sequence.test.ts and prints each answer as JSON: for a body, the
 * sequence read from it (0 for none); for a pair, the verdict.
 *
 * Usage: php tests/php/svc-client/sequence.php CASES.json
 *
 * @package svc-client
 */

define( 'ABSPATH', __DIR__ );
require dirname( __DIR__, 3 ) . '/svc-client/includes/license/class-svc-client-sequence.php';

$cases   = json_decode( (string) file_get_contents( $argv[1] ), true );
$answers = array();
foreach ( $cases as $case ) {
	$answers[] = isset( $case['body'] )
		? Svc_Client_Sequence::of( (array) json_decode( $case['body'], true ) )
		: Svc_Client_Sequence::verdict( $case['sequence'], $case['held'] );
}
echo json_encode( $answers ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode, WordPress.Security.EscapeOutput.OutputNotEscaped -- CLI output.
