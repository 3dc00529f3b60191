<?php
/**
 * Test suite only: activates, deactivates or uninstalls svc-hub on a site as wp-admin does
 * (WordPress's own functions: the plugin's hooks and uninstall.php run), seeds the kinds of
 * data uninstall removes, and reports what is left. There is no wp-cli here.
 *
 * Usage: WP_HOST=127.0.0.1:PORT php plugin-lifecycle.php <wordpress dir> <command> [plugin file], the command one of
 * activate, deactivate, uninstall, seed, keep-data / forget-keep-data (the admin's choice), report.
 *
 * @package svc-hub
 */

list( , $wordpress_dir, $command ) = $argv;
$_SERVER['HTTP_HOST']   = getenv( 'WP_HOST' );
$_SERVER['REQUEST_URI'] = '/';
require $wordpress_dir . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
$plugin_file = $argv[3] ?? 'svc-hub/svc-hub.php'; // Not $plugin: wp-settings.php's loop over the active plugins leaves its own there.

switch ( $command ) {
	case 'activate':
		$result = activate_plugin( $plugin_file );
		if ( is_wp_error( $result ) ) {
			fwrite( STDERR, $result->get_error_message() . "\n" );
			exit( 1 );
		}
		break;
	case 'deactivate':
		deactivate_plugins( $plugin_file );
		break;
	case 'uninstall':
		uninstall_plugin( $plugin_file ); // Runs uninstall.php; never deletes the files (delete_plugins() would).
		break;
	case 'seed':
		update_option( 'svc_hub_woo_retry_at', time() );
		add_option( '_svc_hub_woo_event_seeded', '{"order":1}', '', false );
		set_transient( 'svc_hub_seeded', 'cached', HOUR_IN_SECONDS );
		update_user_meta( 1, 'svc_hub_seeded_notice', 'dismissed' );
		wp_schedule_event( time() + HOUR_IN_SECONDS, 'hourly', 'svc_hub_woo_resend' );
		wp_schedule_single_event( time() + HOUR_IN_SECONDS, 'svc_hub_seeded_event', array( 42 ) );
		update_option( 'unrelated_option', 'stays' );
		break;
	case 'keep-data':
		update_option( 'svc_hub_keep_data_on_uninstall', true );
		break;
	case 'forget-keep-data':
		delete_option( 'svc_hub_keep_data_on_uninstall' );
		break;
	case 'report':
		global $wpdb;
		$cron = array();
		foreach ( (array) _get_cron_array() as $events ) {
			$cron = array_merge( $cron, array_keys( (array) $events ) );
		}
		echo wp_json_encode(
			array(
				'active'   => is_plugin_active( $plugin_file ),
				'tables'   => $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', '%svc%' ) ),
				'options'  => $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE '%svc%' OR option_name = 'unrelated_option' ORDER BY option_name" ),
				'usermeta' => $wpdb->get_col( "SELECT meta_key FROM {$wpdb->usermeta} WHERE meta_key LIKE '%svc%'" ),
				'cron'     => array_values( array_unique( $cron ) ),
			)
		) . "\n";
		break;
	default:
		fwrite( STDERR, "unknown command $command\n" );
		exit( 2 );
}
