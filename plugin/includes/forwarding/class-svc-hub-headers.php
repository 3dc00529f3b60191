<?php
/**
 * Header lists as [name, value] pairs, and which of them cross the shell.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Helpers over ordered header pairs (`[ [name, value], … ]`, duplicates kept), shared by
 * the request side (client → worker) and the response side (worker → client).
 */
final class Svc_Hub_Headers {

	/** Hop-by-hop headers (RFC 9110 §7.6.1), never passed on; `proxy-*` is dropped by prefix. */
	private const HOP_BY_HOP = array( 'connection', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade' );

	/**
	 * Request headers the shell does not forward, besides hop-by-hop and `x-svc-hub-*`. The
	 * forwarding headers are among them: the shell vouches for the client's address itself
	 * (the signed `X-Svc-Hub-Client-Ip`), and the worker believes X-Forwarded-For only from
	 * the configured proxy's own connections, never from what the shell relays.
	 */
	public const NOT_FORWARDED = array( 'cookie', 'host', 'content-length', 'expect', 'x-forwarded-for', 'forwarded', 'x-real-ip' );

	/** A CR, LF or NUL: no header name or value may hold one. */
	private const LINE_BREAKING = "/[\r\n\0]/";

	/** Worker response headers the shell does not pass back, besides hop-by-hop. */
	public const NOT_RETURNED = array( 'content-length', 'date', 'server', 'x-powered-by' );

	/**
	 * Turns a name => value map into pairs.
	 *
	 * @param array $headers Name => value.
	 * @return array<int,string[]>
	 */
	public static function from_map( array $headers ): array {
		$pairs = array();
		foreach ( $headers as $name => $value ) {
			$pairs[] = array( (string) $name, (string) $value );
		}
		return $pairs;
	}

	/**
	 * The pairs without hop-by-hop headers (and those the Connection header names), without
	 * `proxy-*` and the given prefixes, and without the given names.
	 *
	 * @param array<int,string[]> $pairs    Header pairs.
	 * @param string[]            $names    Lower-case names to drop as well.
	 * @param string[]            $prefixes Lower-case name prefixes to drop as well.
	 * @return array<int,string[]>
	 */
	public static function end_to_end( array $pairs, array $names, array $prefixes = array() ): array {
		$dropped  = array_fill_keys( array_merge( self::HOP_BY_HOP, $names ), true );
		$prefixes = array_merge( array( 'proxy-' ), $prefixes );
		foreach ( explode( ',', strtolower( (string) self::value( $pairs, 'Connection' ) ) ) as $token ) {
			$dropped[ trim( $token ) ] = true;
		}
		$kept = array();
		foreach ( $pairs as $pair ) {
			$lower = strtolower( $pair[0] );
			if ( '' === $lower || isset( $dropped[ $lower ] ) ) {
				continue;
			}
			foreach ( $prefixes as $prefix ) {
				if ( 0 === strncmp( $lower, $prefix, strlen( $prefix ) ) ) {
					continue 2;
				}
			}
			$kept[] = $pair;
		}
		return $kept;
	}

	/**
	 * Whether any header name or value holds CR, LF or NUL.
	 *
	 * @param array<int,string[]> $pairs Header pairs.
	 * @return bool
	 */
	public static function has_control_character( array $pairs ): bool {
		foreach ( $pairs as $pair ) {
			if ( 1 === preg_match( self::LINE_BREAKING, $pair[0] . ':' . $pair[1] ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Every value of a header (any case) joined with ", " as HTTP allows and the worker joins
	 * them too (two `Authorization` lines whose names differ in case reach PHP as two), or null.
	 *
	 * @param array<int,string[]> $pairs Header pairs.
	 * @param string              $name  Header name.
	 * @return string|null
	 */
	public static function joined_value( array $pairs, string $name ): ?string {
		$values = array();
		foreach ( $pairs as $pair ) {
			if ( 0 === strcasecmp( $pair[0], $name ) ) {
				$values[] = $pair[1];
			}
		}
		return array() === $values ? null : implode( ', ', $values );
	}

	/**
	 * The first value of a header (any case), or null.
	 *
	 * @param array<int,string[]> $pairs Header pairs.
	 * @param string              $name  Header name.
	 * @return string|null
	 */
	public static function value( array $pairs, string $name ): ?string {
		foreach ( $pairs as $pair ) {
			if ( 0 === strcasecmp( $pair[0], $name ) ) {
				return $pair[1];
			}
		}
		return null;
	}

	/**
	 * Sends a response header exactly as given. PHP would append `;charset=UTF-8` to a
	 * `text/*` Content-Type without a charset (default_charset); the worker's value must pass unchanged.
	 *
	 * @param string $name    Header name.
	 * @param string $value   Header value.
	 * @param bool   $replace Whether to replace an earlier header of that name.
	 */
	public static function send( string $name, string $value, bool $replace = true ): void {
		if ( 0 !== strcasecmp( $name, 'Content-Type' ) ) {
			header( $name . ': ' . $value, $replace );
			return;
		}
		$default_charset = (string) ini_get( 'default_charset' );
		ini_set( 'default_charset', '' ); // phpcs:ignore WordPress.PHP.IniSet.Risky -- restored on the next line but one.
		header( $name . ': ' . $value, $replace );
		ini_set( 'default_charset', $default_charset ); // phpcs:ignore WordPress.PHP.IniSet.Risky
	}
}
