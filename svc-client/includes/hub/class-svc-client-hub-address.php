<?php
/**
 * Lets WordPress's safe HTTP functions reach the hub the administrator configured.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * WordPress's AI Client sends through wp_safe_remote_request(), which refuses a host on a
 * private or loopback address and any port but 80, 443 and 8080 — so a hub on the same
 * network or on its own port (a self-hosted hub, a staging hub) could never answer it. The
 * hub URL in Settings → svc-client is the administrator's explicit choice: exactly that host
 * (and its port) is allowed, for URLs on the hub's own origin; every other address keeps
 * WordPress's rules.
 */
final class Svc_Client_Hub_Address {

	/**
	 * Hooks the two filters.
	 */
	public static function register(): void {
		add_filter( 'http_request_host_is_external', array( self::class, 'allow_hub_host' ), 10, 3 );
		add_filter( 'http_allowed_safe_ports', array( self::class, 'allow_hub_port' ), 10, 3 );
	}

	/**
	 * Treats the hub's host as external (allowed) for URLs on the hub's origin.
	 *
	 * @param bool   $external Whether WordPress already allows the host.
	 * @param string $host     The requested host.
	 * @param string $url      The requested URL.
	 * @return bool
	 */
	public static function allow_hub_host( $external, $host, $url ): bool {
		return (bool) $external || self::is_hub_origin( (string) $url );
	}

	/**
	 * Adds the hub's port to the safe ports for URLs on the hub's origin.
	 *
	 * @param int[]  $ports The allowed ports.
	 * @param string $host  The requested host.
	 * @param string $url   The requested URL.
	 * @return int[]
	 */
	public static function allow_hub_port( $ports, $host, $url ): array {
		$ports = is_array( $ports ) ? $ports : array();
		$hub   = wp_parse_url( Svc_Client_Settings::get()['hub_url'] );
		if ( self::is_hub_origin( (string) $url ) && isset( $hub['port'] ) ) {
			$ports[] = (int) $hub['port'];
		}
		return $ports;
	}

	/**
	 * Whether a URL has the configured hub's scheme, host and port.
	 *
	 * @param string $url The URL.
	 * @return bool
	 */
	private static function is_hub_origin( string $url ): bool {
		$hub_url = Svc_Client_Settings::get()['hub_url'];
		if ( '' === $hub_url ) {
			return false;
		}
		$hub  = wp_parse_url( $hub_url );
		$that = wp_parse_url( $url );
		if ( ! is_array( $hub ) || ! is_array( $that ) ) {
			return false;
		}
		foreach ( array( 'scheme', 'host', 'port' ) as $part ) {
			if ( strtolower( (string) ( $hub[ $part ] ?? '' ) ) !== strtolower( (string) ( $that[ $part ] ?? '' ) ) ) {
				return false;
			}
		}
		return true;
	}
}
