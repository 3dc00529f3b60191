<?php
/**
 * How many PHP workers serve this site, where that can be read.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * The size of the PHP worker pool this request runs in:
 * - php-fpm: `pm.max_children` of this request's pool (`fpm_get_status()` names it), read from
 *   the pool files beside the loaded php.ini (`…/fpm/pool.d/*.conf`, Debian's and most
 *   distributions' layout) or from `php-fpm.conf` there;
 * - PHP's built-in server: `PHP_CLI_SERVER_WORKERS` (1 when unset);
 * - anything else (Apache's mod_php, LiteSpeed, a layout not found): unknown (null).
 */
final class Svc_Hub_Php_Pool {

	/**
	 * The pool's size, or null when it cannot be read.
	 *
	 * @return int|null
	 */
	public static function size(): ?int {
		$sapi = PHP_SAPI;
		if ( 'cli-server' === $sapi ) {
			$workers = getenv( 'PHP_CLI_SERVER_WORKERS' );
			return false !== $workers && ctype_digit( $workers ) && (int) $workers > 0 ? (int) $workers : 1;
		}
		if ( 'fpm-fcgi' !== $sapi || ! function_exists( 'fpm_get_status' ) ) {
			return null;
		}
		$status = fpm_get_status();
		$pool   = is_array( $status ) && isset( $status['pool'] ) ? (string) $status['pool'] : '';
		$ini    = php_ini_loaded_file();
		return '' === $pool || false === $ini ? null : self::max_children( dirname( $ini ), $pool );
	}

	/**
	 * `pm.max_children` of the pool named `$pool` in the configuration under `$directory`.
	 *
	 * @param string $directory The php-fpm configuration directory (e.g. /etc/php/8.2/fpm).
	 * @param string $pool      The pool's name (its `[section]`).
	 * @return int|null
	 */
	public static function max_children( string $directory, string $pool ): ?int {
		$files = glob( $directory . '/pool.d/*.conf' );
		$files = array_merge( is_array( $files ) ? $files : array(), array( $directory . '/php-fpm.conf' ) );
		foreach ( $files as $file ) {
			$text = is_readable( $file ) ? file_get_contents( $file ) : false; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local configuration file.
			if ( false === $text ) {
				continue;
			}
			$value = self::in_section( $text, $pool, 'pm.max_children' );
			if ( null !== $value ) {
				return $value;
			}
		}
		return null;
	}

	/**
	 * A positive whole number set as `$key = N` inside `[$section]` of php-fpm's INI text.
	 *
	 * @param string $text    The file's text.
	 * @param string $section The section (pool) name.
	 * @param string $key     The setting.
	 * @return int|null
	 */
	private static function in_section( string $text, string $section, string $key ): ?int {
		$current = '';
		foreach ( preg_split( '/\R/', $text ) as $line ) {
			$line = trim( $line );
			if ( 1 === preg_match( '/^\[(.+)\]$/', $line, $match ) ) {
				$current = trim( $match[1] );
			} elseif ( $current === $section && 1 === preg_match( '/^' . preg_quote( $key, '/' ) . '\s*=\s*([0-9]+)\s*(?:;.*)?$/', $line, $match ) && (int) $match[1] > 0 ) {
				return (int) $match[1];
			}
		}
		return null;
	}
}
