<?php
/**
 * Runs svc-client's Standard Webhooks verifier without WordPress on cases written by
 * tests/php/svc-client-webhook.test.ts (signed by the hub's own signer) and prints each
 * verdict as JSON: "" when genuine, else why.
 *
 * Usage: php tests/php/svc-client/verify-webhook.php CASES.json
 *
 * @package svc-client
 */

define( 'ABSPATH', __DIR__ );
require dirname( __DIR__, 3 ) . '/svc-client/includes/license/class-svc-client-webhook-verifier.php';

$cases    = json_decode( (string) file_get_contents( $argv[1] ), true );
$verdicts = array();
foreach ( $cases as $case ) {
	$verifier   = new Svc_Client_Webhook_Verifier( $case['secret'] );
	$verdicts[] = $verifier->problem( $case['id'], $case['timestamp'], $case['signature'], $case['body'], (int) $case['now'] );
}
echo json_encode( $verdicts ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode, WordPress.Security.EscapeOutput.OutputNotEscaped -- CLI output.
