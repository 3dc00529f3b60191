<?php
/**
 * Canonical JSON and integrity strings, as the hub hashes its library.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * The hub's canonical JSON (RFC 8785 rules that matter for the library): object keys sorted
 * by UTF-16 code units, no whitespace, strings and numbers as JavaScript's JSON.stringify
 * writes them, array order kept. Values come from json_decode( …, false ), so `{}` and `[]`
 * stay apart.
 */
final class Svc_Client_Canonical_Json {

	/** json_encode flags that write strings as JSON.stringify does. */
	private const FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_LINE_TERMINATORS | JSON_THROW_ON_ERROR;

	/**
	 * The canonical text of a decoded JSON value.
	 *
	 * @param mixed $value A value from json_decode( $text, false ).
	 * @return string
	 * @throws InvalidArgumentException For a value JSON cannot hold.
	 */
	public static function encode( $value ): string {
		if ( null === $value || is_bool( $value ) || is_string( $value ) || is_int( $value ) ) {
			return json_encode( $value, self::FLAGS ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- exact bytes matter; wp_json_encode may change flags.
		}
		if ( is_float( $value ) ) {
			if ( ! is_finite( $value ) ) {
				throw new InvalidArgumentException( 'canonical JSON has no representation for a non-finite number' );
			}
			return floor( $value ) === $value && abs( $value ) < 1e21 ? (string) (int) $value : json_encode( $value, self::FLAGS ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- see above.
		}
		if ( is_array( $value ) ) {
			return '[' . implode( ',', array_map( array( self::class, 'encode' ), $value ) ) . ']';
		}
		if ( $value instanceof stdClass ) {
			$fields = get_object_vars( $value );
			$keys   = array_keys( $fields );
			usort( $keys, static fn( $a, $b ) => strcmp( self::utf16( (string) $a ), self::utf16( (string) $b ) ) );
			$parts = array();
			foreach ( $keys as $key ) {
				$parts[] = json_encode( (string) $key, self::FLAGS ) . ':' . self::encode( $fields[ $key ] ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- see above.
			}
			return '{' . implode( ',', $parts ) . '}';
		}
		throw new InvalidArgumentException( 'canonical JSON cannot hold this value' );
	}

	/**
	 * A Subresource Integrity string: `sha256-<base64 of the SHA-256 digest>`.
	 *
	 * @param string $bytes The bytes.
	 * @return string
	 */
	public static function integrity( string $bytes ): string {
		return 'sha256-' . base64_encode( hash( 'sha256', $bytes, true ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- the SRI encoding.
	}

	/**
	 * The digest of an integrity string as 64 hex characters, or "" when it is not one.
	 *
	 * @param string $integrity `sha256-<base64>`.
	 * @return string
	 */
	public static function to_hex( string $integrity ): string {
		if ( ! preg_match( '/\Asha256-([A-Za-z0-9+\/]{43}=)\z/', $integrity, $match ) ) {
			return '';
		}
		$digest = base64_decode( $match[1], true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- the SRI encoding.
		return false !== $digest && 32 === strlen( $digest ) ? bin2hex( $digest ) : '';
	}

	/**
	 * A key as UTF-16 big-endian bytes, whose byte order is the code-unit order.
	 *
	 * @param string $key UTF-8 key.
	 * @return string
	 */
	private static function utf16( string $key ): string {
		return (string) mb_convert_encoding( $key, 'UTF-16BE', 'UTF-8' );
	}
}
