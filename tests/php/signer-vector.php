<?php
/**
 * Checks Svc_Hub_Signer against the scheme v2 test vectors of docs/api-notes.md (the same as
 * worker/src/support/shell-signing.test.ts), without WordPress.
 *
 * Usage: php tests/php/signer-vector.php   → prints "ok" and exits 0, or prints each mismatch and exits 1.
 *
 * @package svc-hub
 */

define( 'SVC_HUB_STANDALONE', true );
require dirname( __DIR__, 2 ) . '/plugin/includes/forwarding/class-svc-hub-signer.php';

$secret   = 'test-secret-0123456789abcdef0123456789abcdef';
$vector   = array(
	'method'        => 'POST',
	'path'          => '/wp-json/llm/router/v1/chat?trace=1',
	'timestamp'     => '1767225600',
	'nonce'         => '00112233445566778899aabbccddeeff',
	'authorization' => 'Bearer svc_live_TESTKEY',
	'auth'          => 'bearer',
	'user'          => '',
	'client_ip'     => '203.0.113.7',
	'body'          => '{"model":"mock/echo","messages":[{"role":"user","content":"hi"}]}',
);
$expected = 'v2=b2b249cc1467684fefb6930a1eb7d472d25f3670e7bc4fd4d61479afe8adc800';
$admin    = array(
	'method'        => 'PUT',
	'path'          => '/wp-json/svc-hub/v1/admin/prices/openai/gpt-4o-mini',
	'timestamp'     => '1767225600',
	'nonce'         => 'ffeeddccbbaa99887766554433221100',
	'authorization' => '',
	'auth'          => 'admin',
	'user'          => '1',
	'client_ip'     => '127.0.0.1',
	'body'          => '{"input_per_mtok":0.15,"output_per_mtok":0.6}',
);

$failures = array();
$check    = static function ( string $name, $actual, $wanted ) use ( &$failures ): void {
	if ( $actual !== $wanted ) {
		$failures[] = sprintf( '%s: expected %s, got %s', $name, var_export( $wanted, true ), var_export( $actual, true ) );
	}
};

/**
 * A signer whose clock says $now.
 */
$signer_at = static fn ( int $now ): Svc_Hub_Signer => new Svc_Hub_Signer( $secret, static fn (): int => $now );
$ts        = (int) $vector['timestamp'];

$check( 'sign(vector)', $signer_at( $ts )->sign( ...$vector ), $expected );
$check( 'sign(admin vector)', $signer_at( $ts )->sign( ...$admin ), 'v2=91e7a5191c0877dd34561b3d0e8dbeb61ebd5192649ad6e295a79f3f179b4c02' );
$check( 'verify at ts', $signer_at( $ts )->verify( $expected, ...$vector ), true );
$check( 'verify at ts+300', $signer_at( $ts + 300 )->verify( $expected, ...$vector ), true );
$check( 'verify at ts-300 (clock behind)', $signer_at( $ts - 300 )->verify( $expected, ...$vector ), true );
$check( 'verify stale (ts+301)', $signer_at( $ts + 301 )->verify( $expected, ...$vector ), false );
$check( 'verify future (ts-301)', $signer_at( $ts - 301 )->verify( $expected, ...$vector ), false );

$wrong = 'v2=' . str_repeat( '0', 64 );
$check( 'verify wrong signature', $signer_at( $ts )->verify( $wrong, ...$vector ), false );
$check( 'verify uppercase-hex signature', $signer_at( $ts )->verify( strtoupper( $expected ), ...$vector ), false );
$check( 'verify empty signature', $signer_at( $ts )->verify( '', ...$vector ), false );

$changed = array_merge( $vector, array( 'body' => '{"model":"mock/echo","messages":[{"role":"user","content":"hI"}]}' ) );
$check( 'verify changed body', $signer_at( $ts )->verify( $expected, ...$changed ), false );
$as_admin = array_merge( $vector, array( 'auth' => 'admin' ) );
$check( 'verify changed auth kind', $signer_at( $ts )->verify( $expected, ...$as_admin ), false );
$newline_nonce = array_merge( $vector, array( 'nonce' => $vector['nonce'] . "\n" ) );
$check( 'verify nonce with a trailing newline', $signer_at( $ts )->verify( $expected, ...$newline_nonce ), false );

$other_secret = ( new Svc_Hub_Signer( $secret . 'x', static fn (): int => $ts ) )->verify( $expected, ...$vector );
$check( 'verify other secret', $other_secret, false );

$headers = $signer_at( $ts )->headers_for( 'post', $vector['path'], $vector['authorization'], 'bearer', '', $vector['client_ip'], $vector['body'] );
$check( 'headers_for auth kind', $headers['X-Svc-Hub-Auth'], 'bearer' );
$check( 'headers_for timestamp', $headers['X-Svc-Hub-Timestamp'], $vector['timestamp'] );
$check( 'headers_for nonce format', 1 === preg_match( '/^[0-9a-f]{32}$/', $headers['X-Svc-Hub-Nonce'] ), true );
$resigned = array_merge( $vector, array( 'nonce' => $headers['X-Svc-Hub-Nonce'] ) );
$check( 'headers_for signature verifies', $signer_at( $ts )->verify( $headers['X-Svc-Hub-Signature'], ...$resigned ), true );

if ( $failures ) {
	fwrite( STDOUT, implode( "\n", $failures ) . "\n" );
	exit( 1 );
}
fwrite( STDOUT, "ok\n" );
exit( 0 );
