<?php
/**
 * Checks that PHP's sodium verifies a licence document the worker signed (docs/propagation.md
 * "Licence documents"): tests/fixtures/licence-document.json, written by the worker's signer
 * with a fixed test key (worker/src/license/documents/licence-document.test.ts keeps it in
 * step), verifies with the raw public key; a changed payload, a changed signature or another
 * key is refused. svc-client builds its verification on the same calls.
 *
 * Usage: php tests/php/licence-document.php   → prints "ok" and exits 0, or each failure and exits 1.
 *
 * @package svc-hub
 */

$fixture  = json_decode( file_get_contents( dirname( __DIR__ ) . '/fixtures/licence-document.json' ), true );
$failures = array();

/**
 * Decodes base64url without padding.
 *
 * @param string $value Encoded.
 * @return string Bytes.
 */
function licence_base64url_decode( $value ) {
	return base64_decode( strtr( $value, '-_', '+/' ) . str_repeat( '=', ( 4 - strlen( $value ) % 4 ) % 4 ), true );
}

/**
 * Whether the document verifies with the raw public key, as svc-client will check it.
 *
 * @param array  $document   Payload and signature, base64url.
 * @param string $public_key Raw 32 bytes.
 * @return bool Verified.
 */
function licence_document_verifies( $document, $public_key ) {
	$payload   = licence_base64url_decode( $document['payload'] );
	$signature = licence_base64url_decode( $document['signature'] );
	if ( false === $payload || false === $signature || SODIUM_CRYPTO_SIGN_BYTES !== strlen( $signature ) ) {
		return false;
	}
	return sodium_crypto_sign_verify_detached( $signature, $payload, $public_key );
}

$public_key = base64_decode( $fixture['public_key'], true );
$document   = $fixture['document'];
if ( SODIUM_CRYPTO_SIGN_PUBLICKEYBYTES !== strlen( $public_key ) ) {
	$failures[] = 'the public key is not 32 raw bytes';
}
if ( ! licence_document_verifies( $document, $public_key ) ) {
	$failures[] = 'the signed document does not verify';
}
$fields = json_decode( licence_base64url_decode( $document['payload'] ), true );
if ( 'https://client.example.com' !== $fields['site'] || 42 !== $fields['sequence'] ) {
	$failures[] = 'the payload does not read back: ' . wp_json_encode_fallback( $fields );
}

$tampered             = $fields;
$tampered['features'] = array( 'module.seo', 'module.forms', 'module.shop' );
$forged               = array(
	'payload'   => rtrim( strtr( base64_encode( wp_json_encode_fallback( $tampered ) ), '+/', '-_' ), '=' ),
	'signature' => $document['signature'],
);
if ( licence_document_verifies( $forged, $public_key ) ) {
	$failures[] = 'a tampered payload verifies';
}
$flipped    = licence_base64url_decode( $document['signature'] );
$flipped[0] = chr( ord( $flipped[0] ) ^ 1 );
if ( licence_document_verifies( array( 'payload' => $document['payload'], 'signature' => rtrim( strtr( base64_encode( $flipped ), '+/', '-_' ), '=' ) ), $public_key ) ) {
	$failures[] = 'a changed signature verifies';
}
$other = sodium_crypto_sign_publickey( sodium_crypto_sign_keypair() );
if ( licence_document_verifies( $document, $other ) ) {
	$failures[] = 'another key verifies the document';
}

/**
 * JSON as the test writes it (no WordPress here).
 *
 * @param mixed $value Value.
 * @return string JSON.
 */
function wp_json_encode_fallback( $value ) {
	return json_encode( $value, JSON_UNESCAPED_SLASHES );
}

if ( $failures ) {
	echo implode( "\n", $failures ), "\n";
	exit( 1 );
}
echo "ok\n";
