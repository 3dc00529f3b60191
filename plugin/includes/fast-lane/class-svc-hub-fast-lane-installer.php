<?php
/**
 * Installs and removes the fast lane's must-use loader.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Writes `wp-content/mu-plugins/svc-hub-fast-lane.php` — a few lines that load
 * Svc_Hub_Fast_Lane from the plugin's folder, naming the plugin's basename and the REST URL
 * prefix in force — on activation and on any admin page where it is missing or outdated
 * (an upgrade, a moved plugin, a prefix another plugin changed); deletes it on uninstall.
 * While the plugin is inactive the loader only answers the plugin's public namespaces 503
 * `svc_hub_disabled` (Svc_Hub_Fast_Lane::route_to_refuse()); with the plugin's folder gone it
 * does nothing, so a loader left behind (a folder deleted by hand) is harmless. Not on a multisite, nor in store
 * mode (the lane refuses both). Failures to write are logged, never shown: the full boot
 * answers the same requests, only slower.
 */
final class Svc_Hub_Fast_Lane_Installer {

	/** The loader's file name in the must-use plugins folder. */
	public const FILE_NAME = 'svc-hub-fast-lane.php';

	/** First line after `<?php` of every loader written: a file without it is not ours. */
	private const MARKER = '// svc-hub fast lane loader';

	/**
	 * Activation, and `admin_init`: writes the loader when it is missing or differs.
	 *
	 * @param string $plugin_file Absolute path of the plugin's main file.
	 * @return bool Whether the loader is in place.
	 */
	public static function install( string $plugin_file ): bool {
		if ( is_multisite() || Svc_Hub_Settings::MODE_STORE === Svc_Hub_Settings::mode() ) {
			return false;
		}
		$path     = self::path();
		$contents = self::contents( plugin_basename( $plugin_file ), rest_get_url_prefix() );
		if ( is_readable( $path ) && file_get_contents( $path ) === $contents ) { // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
			return true;
		}
		$temporary = $path . '.' . bin2hex( random_bytes( 4 ) ) . '.tmp';
		$written   = ( is_dir( WPMU_PLUGIN_DIR ) || wp_mkdir_p( WPMU_PLUGIN_DIR ) )
			&& false !== @file_put_contents( $temporary, $contents ) // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- logged below.
			&& @rename( $temporary, $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.rename_rename -- atomic: a request never reads half a loader.
		if ( ! $written ) {
			@unlink( $temporary ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.unlink_unlink
			error_log( 'svc-hub: cannot write ' . $path . ' (the fast lane for API calls); calls take the full WordPress boot.' ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log
		}
		return $written;
	}

	/**
	 * Uninstall: deletes the loader when it is ours.
	 */
	public static function remove(): void {
		$path = self::path();
		if ( is_readable( $path ) && str_contains( (string) file_get_contents( $path ), self::MARKER ) ) { // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
			@unlink( $path ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.unlink_unlink -- gone already is fine.
		}
	}

	/**
	 * Where the loader lives.
	 *
	 * @return string
	 */
	public static function path(): string {
		return WPMU_PLUGIN_DIR . '/' . self::FILE_NAME;
	}

	/**
	 * The loader's text: PHP 8.1 checked before the plugin's files are read (they need it).
	 *
	 * @param string $plugin The plugin's basename, e.g. `svc-hub/svc-hub.php`.
	 * @param string $prefix The REST URL prefix, e.g. `wp-json`.
	 * @return string
	 */
	public static function contents( string $plugin, string $prefix ): string {
		$class_file = dirname( $plugin ) . '/includes/fast-lane/class-svc-hub-fast-lane.php';
		return implode(
			"\n",
			array(
				'<?php',
				self::MARKER,
				'/**',
				' * Plugin Name: svc-hub fast lane',
				' * Description: Answers svc-hub\'s public API calls before plugins and the theme load. Written and removed by the svc-hub plugin: do not edit.',
				' *',
				' * @package svc-hub',
				' */',
				'',
				"defined( 'ABSPATH' ) || exit;",
				'',
				'if ( PHP_VERSION_ID >= 80100 && is_file( WP_PLUGIN_DIR . ' . self::quote( '/' . $class_file ) . ' ) ) {',
				"\trequire_once WP_PLUGIN_DIR . " . self::quote( '/' . $class_file ) . ';',
				"\tSvc_Hub_Fast_Lane::hook( " . self::quote( $plugin ) . ', ' . self::quote( $prefix ) . ' );',
				'}',
				'',
			)
		);
	}

	/**
	 * A PHP single-quoted string literal.
	 *
	 * @param string $text Text.
	 * @return string
	 */
	private static function quote( string $text ): string {
		return "'" . addcslashes( $text, "'\\" ) . "'";
	}
}
