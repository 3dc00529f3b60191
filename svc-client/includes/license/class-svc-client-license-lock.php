<?php
/**
 * One writer at a time for the licence this site holds.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Runs a read-modify-write of `svc_client_license` under a MySQL named lock (`GET_LOCK` through
 * $wpdb), reading the stored value from the database, never from a cache.
 *
 * Why a named lock: it lives in the database every PHP process of the site shares, is freed by
 * MySQL when the connection ends (a PHP process that dies never leaves it held), and involves no
 * cache — an option-row lock (`add_option` of a lock row) is read through the object cache, and
 * with a persistent object cache (Redis, Memcached) a process may see a stale copy of it. For the
 * same reason the state is read with a direct query: an autoloaded copy (`alloptions`) loaded when
 * the process started, or re-saved by another process with its own stale copy, may be older than
 * the row (docs/architecture.md §10).
 */
final class Svc_Client_License_Lock {

	/** Seconds to wait for the lock before giving up (the caller says "busy"). */
	public const WAIT_SECONDS = 5;

	/**
	 * Runs `$change` with the stored state (uncached) while holding the lock. Returns what it
	 * returned, or null when the lock could not be had within WAIT_SECONDS.
	 *
	 * @param callable $change fn( array|null $stored ): mixed.
	 * @return mixed
	 */
	public static function with( callable $change ) {
		global $wpdb;
		$name = self::name();
		if ( '1' !== (string) $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK( %s, %d )', $name, self::WAIT_SECONDS ) ) ) {
			return null;
		}
		try {
			return $change( self::read_stored() );
		} finally {
			$wpdb->get_var( $wpdb->prepare( 'SELECT RELEASE_LOCK( %s )', $name ) );
		}
	}

	/**
	 * The stored option as the database holds it now (null when absent); the caches are cleared
	 * so that update_option() compares against this value, not a stale one.
	 *
	 * @return mixed
	 */
	public static function read_stored() {
		global $wpdb;
		wp_cache_delete( Svc_Client_License::OPTION, 'options' );
		wp_cache_delete( 'alloptions', 'options' );
		$value = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s LIMIT 1", Svc_Client_License::OPTION ) );
		return null === $value ? null : maybe_unserialize( $value );
	}

	/**
	 * The lock's name: per database and options table (a MySQL server may hold several sites), at
	 * most 64 characters.
	 *
	 * @return string
	 */
	private static function name(): string {
		global $wpdb;
		return 'svc_client_license_' . substr( md5( DB_NAME . '|' . $wpdb->options ), 0, 24 );
	}
}
