<?php
/**
 * What deleting the plugin removes.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Run by plugin/uninstall.php when an admin deletes the plugin (WordPress's convention): on
 * every site of the install, drops the `{prefix}svc_*` tables (the worker's data: keys, usage,
 * orders, entitlements, the library…), deletes the plugin's options, transients and user meta,
 * and unschedules its cron events — unless the admin chose to keep the data
 * (docs/architecture.md §1, "Deactivate means off"; plugin/readme.txt, "Deactivation and uninstall").
 * WooCommerce orders keep the meta the hub wrote on them: they are the shop's records.
 */
final class Svc_Hub_Uninstaller {

	/** wp-config.php constant: `define( 'SVC_HUB_KEEP_DATA_ON_UNINSTALL', true );` keeps everything. */
	public const KEEP_DATA_CONSTANT = 'SVC_HUB_KEEP_DATA_ON_UNINSTALL';

	/** Site option (set on the svc-hub screen, or with WP-CLI): keeps that site's data. */
	public const KEEP_DATA_OPTION = 'svc_hub_keep_data_on_uninstall';

	/** Option, transient, user meta and cron hook names of the plugin start with one of these. */
	private const NAME_PREFIXES = array( 'svc_hub_', '_svc_hub_' );

	/**
	 * Uninstalls every site (one on a single site, each site of a network on multisite).
	 */
	public static function run(): void {
		if ( ! is_multisite() ) {
			self::uninstall_site();
			return;
		}
		foreach ( get_sites(
			array(
				'fields' => 'ids',
				'number' => 0,
			)
		) as $site_id ) {
			switch_to_blog( (int) $site_id );
			self::uninstall_site();
			restore_current_blog();
		}
		if ( ! self::keeps_data() ) {
			self::delete_network_options();
		}
	}

	/**
	 * Whether the current site's data is kept: the wp-config.php constant, or the site's option.
	 *
	 * @return bool
	 */
	public static function keeps_data(): bool {
		if ( defined( self::KEEP_DATA_CONSTANT ) ) {
			return (bool) constant( self::KEEP_DATA_CONSTANT );
		}
		return (bool) get_option( self::KEEP_DATA_OPTION, false );
	}

	/**
	 * Removes the current site's tables, options, transients, user meta and cron events.
	 */
	private static function uninstall_site(): void {
		if ( self::keeps_data() ) {
			return;
		}
		self::drop_tables();
		self::delete_options();
		self::unschedule_events();
		wp_cache_flush();
	}

	/**
	 * Drops every `{prefix}svc_*` table of the current site, listed from the database (the
	 * worker's migrations decide the names). `_` is escaped, so another site's tables
	 * (`wp_2_svc_…` when the prefix is `wp_`) and look-alikes (`wpXsvcY…`) never match.
	 */
	private static function drop_tables(): void {
		global $wpdb;
		$tables = $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $wpdb->prefix . 'svc_' ) . '%' ) );
		if ( empty( $tables ) ) {
			return;
		}
		$wpdb->query( 'SET FOREIGN_KEY_CHECKS = 0' );
		foreach ( $tables as $table ) {
			$wpdb->query( $wpdb->prepare( 'DROP TABLE IF EXISTS %i', $table ) );
		}
		$wpdb->query( 'SET FOREIGN_KEY_CHECKS = 1' );
	}

	/**
	 * Deletes the plugin's options (`svc_hub_*`, `_svc_hub_*`: settings, queued WooCommerce
	 * events, nonces), its transients (`_transient_svc_hub_*` and their timeouts) and user meta.
	 */
	private static function delete_options(): void {
		global $wpdb;
		foreach ( self::NAME_PREFIXES as $prefix ) {
			foreach ( array( '', '_transient_', '_transient_timeout_' ) as $kind ) {
				$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( $kind . $prefix ) . '%' ) );
			}
		}
		if ( ! is_multisite() || is_main_site() ) {
			foreach ( self::NAME_PREFIXES as $prefix ) {
				$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->usermeta} WHERE meta_key LIKE %s", $wpdb->esc_like( $prefix ) . '%' ) );
			}
		}
	}

	/**
	 * Network options and site transients (multisite): `svc_hub_*` in sitemeta.
	 */
	private static function delete_network_options(): void {
		global $wpdb;
		foreach ( self::NAME_PREFIXES as $prefix ) {
			foreach ( array( '', '_site_transient_', '_site_transient_timeout_' ) as $kind ) {
				$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->sitemeta} WHERE meta_key LIKE %s", $wpdb->esc_like( $kind . $prefix ) . '%' ) );
			}
		}
	}

	/**
	 * Unschedules every cron event whose hook is the plugin's (`svc_hub_*`), whatever its arguments.
	 */
	private static function unschedule_events(): void {
		$hooks = array();
		foreach ( (array) _get_cron_array() as $events ) {
			foreach ( array_keys( (array) $events ) as $hook ) {
				if ( self::is_own_name( (string) $hook ) ) {
					$hooks[ $hook ] = true;
				}
			}
		}
		foreach ( array_keys( $hooks ) as $hook ) {
			wp_unschedule_hook( $hook );
		}
	}

	/**
	 * Whether a name is the plugin's.
	 *
	 * @param string $name Option, meta or hook name.
	 * @return bool
	 */
	private static function is_own_name( string $name ): bool {
		foreach ( self::NAME_PREFIXES as $prefix ) {
			if ( str_starts_with( $name, $prefix ) ) {
				return true;
			}
		}
		return false;
	}
}
