<?php
/**
 * Runs svc-client's licence document rules without WordPress on cases written by
 * tests/php/svc-client-license-document.test.ts (documents the hub's own signer made) and
 * prints, per case, the features in force and why a received document was refused ("" when
 * kept). Options live in memory; the pinned activation is the case's.
 *
 * Usage: php tests/php/svc-client/license-document.php CASES.json
 *
 * @package svc-client
 */

define( 'ABSPATH', __DIR__ );
require dirname( __DIR__, 3 ) . '/svc-client/includes/license/class-svc-client-license-document.php';

$svc_test_options    = array();
$svc_test_activation = array();

/**
 * Stand-in.
 *
 * @param string $name    Option.
 * @param mixed  $default Default.
 * @return mixed
 */
function get_option( $name, $default = false ) {
	global $svc_test_options;
	return $svc_test_options[ $name ] ?? $default;
}

/**
 * Stand-in.
 *
 * @param string $name  Option.
 * @param mixed  $value Value.
 * @return bool
 */
function update_option( $name, $value ) {
	global $svc_test_options;
	$svc_test_options[ $name ] = $value;
	return true;
}

/**
 * Stand-in.
 *
 * @param string $name Option.
 * @return bool
 */
function delete_option( $name ) {
	global $svc_test_options;
	unset( $svc_test_options[ $name ] );
	return true;
}

/**
 * Stand-in.
 *
 * @param string $text Text.
 * @return string
 */
function __( $text ) {
	return $text;
}

/** The pinned activation, as the case sets it. */
final class Svc_Client_Activation {
	/**
	 * The activation.
	 *
	 * @return array<string, string>
	 */
	public static function get(): array {
		global $svc_test_activation;
		return $svc_test_activation;
	}

	/**
	 * The pinned key, raw.
	 *
	 * @return string
	 */
	public static function public_key(): string {
		global $svc_test_activation;
		return (string) base64_decode( $svc_test_activation['public_key'], true );
	}
}

/** No schedule here. */
final class Svc_Client_Features_Timer {
	/**
	 * Stand-in.
	 */
	public static function schedule(): void {}
}

/** No licence state here. */
final class Svc_Client_License {
	/**
	 * Stand-in.
	 *
	 * @return array<string, mixed>
	 */
	public static function state(): array {
		return array();
	}
}

/** Nothing logged here. */
final class Svc_Client_Activity_Log {
	/**
	 * Stand-in.
	 */
	public static function add(): void {}
}

$cases   = json_decode( (string) file_get_contents( $argv[1] ), true );
$answers = array();
foreach ( $cases as $case ) {
	$svc_test_options    = array();
	$svc_test_activation = $case['activation'];
	if ( isset( $case['held'] ) ) {
		update_option( Svc_Client_License_Document::OPTION, $case['held'] );
	}
	$refusal = isset( $case['receive'] ) ? Svc_Client_License_Document::receive( $case['receive'], 'check' ) : '';
	if ( isset( $case['edit'] ) ) {
		$stored            = get_option( Svc_Client_License_Document::OPTION );
		$stored['payload'] = $case['edit'];
		update_option( Svc_Client_License_Document::OPTION, $stored );
	}
	$answers[] = array(
		'refusal'  => $refusal,
		'features' => Svc_Client_License_Document::features(),
	);
}
echo json_encode( $answers ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode, WordPress.Security.EscapeOutput.OutputNotEscaped -- CLI output.
