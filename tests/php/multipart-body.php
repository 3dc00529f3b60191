<?php
/**
 * Checks Svc_Hub_Multipart_Body, without WordPress: fields (nested arrays spelled back as PHP
 * read them) rebuilt under a fresh boundary, an empty file input skipped, and PHP's refusals
 * (post_max_size, upload_max_filesize, UPLOAD_ERR_PARTIAL, a file that was not uploaded) as
 * 413/400. The files' bytes need a real upload (is_uploaded_file): tests/e2e/router-images.test.ts.
 *
 * Usage: php tests/php/multipart-body.php   → prints "ok" and exits 0, or each failure and exits 1.
 *
 * @package svc-hub
 */

define( 'ABSPATH', __DIR__ . '/' );
require dirname( __DIR__, 2 ) . '/plugin/includes/forwarding/class-svc-hub-multipart-body.php';

if ( ! function_exists( '__' ) ) {
	/**
	 * WordPress's translation function, as the identity.
	 *
	 * @param string $text Text.
	 * @return string
	 */
	function __( string $text ): string {
		return $text;
	}
}

$failures = array();
$check    = static function ( string $what, $actual, $expected ) use ( &$failures ): void {
	if ( $actual !== $expected ) {
		$failures[] = $what . ': expected ' . var_export( $expected, true ) . ', got ' . var_export( $actual, true );
	}
};
$file     = static fn ( int $error, string $tmp = '' ): array => array(
	'name'     => 'a.png',
	'type'     => 'image/png',
	'tmp_name' => $tmp,
	'error'    => $error,
	'size'     => 0,
);

$form = Svc_Hub_Multipart_Body::rebuild(
	array(
		'model'    => 'mock/image',
		'prompt'   => "two\r\nlines \"quoted\"",
		'tags'     => array( 'a', 'b' ),
		'metadata' => array( 'team' => 'blue' ),
	),
	array( 'image' => $file( UPLOAD_ERR_NO_FILE ) )
);
$check( 'no refusal', $form->refusal, null );
$check( 'a fresh boundary in the Content-Type', 1 === preg_match( '#^multipart/form-data; boundary=(----svc-hub-[0-9a-f]{32})$#', $form->content_type, $found ), true );
$boundary = $found[1] ?? '';
$expected = '';
foreach ( array( array( 'model', 'mock/image' ), array( 'prompt', "two\r\nlines \"quoted\"" ), array( 'tags[]', 'a' ), array( 'tags[]', 'b' ), array( 'metadata[team]', 'blue' ) ) as [ $name, $value ] ) {
	$expected .= "--{$boundary}\r\nContent-Disposition: form-data; name=\"{$name}\"\r\n\r\n{$value}\r\n";
}
$check( 'fields in order, arrays spelled back, the empty file input left out', $form->body, $expected . "--{$boundary}--\r\n" );
$check( 'is_form', array( Svc_Hub_Multipart_Body::is_form( 'multipart/form-data; boundary=x' ), Svc_Hub_Multipart_Body::is_form( 'application/json' ) ), array( true, false ) );

$check( 'upload_max_filesize', Svc_Hub_Multipart_Body::rebuild( array(), array( 'image' => $file( UPLOAD_ERR_INI_SIZE ) ) )->refusal['status'] ?? null, 413 );
$nested = array(
	'image' => array(
		'name'     => array( 'a.png', 'b.png' ),
		'type'     => array( 'image/png', 'image/png' ),
		'tmp_name' => array( '', '' ),
		'error'    => array( UPLOAD_ERR_NO_FILE, UPLOAD_ERR_PARTIAL ),
		'size'     => array( 0, 0 ),
	),
);
$check( 'image[]: the second one arrived in part', Svc_Hub_Multipart_Body::rebuild( array(), $nested )->refusal['status'] ?? null, 400 );
$local = tempnam( sys_get_temp_dir(), 'svc' );
$check( 'a file PHP did not upload', Svc_Hub_Multipart_Body::rebuild( array(), array( 'image' => $file( UPLOAD_ERR_OK, $local ) ) )->refusal['status'] ?? null, 400 );
unlink( $local );
$_SERVER['CONTENT_LENGTH'] = (string) ( 64 * 1024 * 1024 * 1024 );
$check( 'post_max_size', Svc_Hub_Multipart_Body::rebuild( array(), array() )->refusal['status'] ?? null, 413 );

if ( $failures ) {
	fwrite( STDERR, implode( "\n", $failures ) . "\n" );
	exit( 1 );
}
echo "ok\n";
