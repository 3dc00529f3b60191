<?php
/**
 * Prints, for the status and code pairs tests/php/error-dialect-parity.test.ts writes, what the
 * shell's Svc_Hub_Error_Dialect makes of each: OpenAI's type, Anthropic's type and whether
 * retrying cannot cure it — without WordPress.
 *
 * Usage: php tests/php/error-dialect/types.php CASES.json
 *
 * @package svc-hub
 */

define( 'ABSPATH', __DIR__ );
require dirname( __DIR__, 3 ) . '/plugin/includes/forwarding/class-svc-hub-error-dialect.php';

$cases   = json_decode( (string) file_get_contents( $argv[1] ), true );
$answers = array();
foreach ( $cases as $case ) {
	$answers[] = array(
		'openai'    => Svc_Hub_Error_Dialect::openai_type( $case['status'], $case['code'] ),
		'anthropic' => Svc_Hub_Error_Dialect::anthropic_type( $case['status'] ),
		'no_retry'  => Svc_Hub_Error_Dialect::retry_cannot_cure( $case['status'], $case['code'] ),
	);
}
echo json_encode( $answers ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode, WordPress.Security.EscapeOutput.OutputNotEscaped -- CLI output.
