<?php
/**
 * Runs svc-client's AI figure checks without WordPress on cases written by
 * tests/php/svc-client-ai-figures.test.ts and prints each answer as JSON: for a block or an
 * alert, [checked value or null, problem]; for a sum, remaining, percent and the figure for
 * people.
 *
 * Usage: php tests/php/svc-client/ai-figures.php CASES.json
 *
 * @package svc-client
 */

define( 'ABSPATH', __DIR__ );
require dirname( __DIR__, 3 ) . '/svc-client/includes/license/class-svc-client-ai-figures.php';

$cases   = json_decode( (string) file_get_contents( $argv[1] ), true );
$answers = array();
foreach ( $cases as $case ) {
	if ( array_key_exists( 'block', $case ) ) {
		$answers[] = Svc_Client_Ai_Figures::check_block( $case['block'] );
	} elseif ( array_key_exists( 'alert', $case ) ) {
		$answers[] = Svc_Client_Ai_Figures::check_threshold( $case['alert'] );
	} else {
		$answers[] = array(
			Svc_Client_Ai_Figures::remaining( $case['amount'], $case['used'] ),
			Svc_Client_Ai_Figures::percent( $case['amount'], $case['used'] ),
			Svc_Client_Ai_Figures::for_people( $case['used'] ),
		);
	}
}
echo json_encode( $answers ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode, WordPress.Security.EscapeOutput.OutputNotEscaped -- CLI output.
