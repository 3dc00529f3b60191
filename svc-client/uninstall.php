<?php
/**
 * Runs when an administrator deletes svc-client in wp-admin (WordPress's uninstall convention):
 * removes everything svc-client stored — its options, user meta, transients, cron events and
 * the mirrored image library — on every site of a network.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;
defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/includes/class-svc-client-autoloader.php';
Svc_Client_Autoloader::register();

/**
 * Removes svc-client's data from the current site.
 */
function svc_client_uninstall_site() {
	global $wpdb;
	$options = array(
		Svc_Client_Settings::OPTION,
		Svc_Client_License::OPTION,
		Svc_Client_License::ANNOUNCED_OPTION,
		Svc_Client_Activity_Log::OPTION,
		Svc_Client_Request_Tally::OPTION,
		Svc_Client_Receiver::SEEN_OPTION,
		Svc_Client_Library_Folder::STATE_OPTION,
		Svc_Client_Ai_Alerts::OPTION,
		Svc_Client_Activation::OPTION,
		Svc_Client_License_Document::OPTION,
	);
	foreach ( $options as $option ) {
		delete_option( $option );
	}
	foreach ( array( Svc_Client_Session_Check::HOOK, Svc_Client_Features_Timer::HOOK, Svc_Client_Library_Sync::HOOK ) as $hook ) {
		wp_clear_scheduled_hook( $hook );
	}
	// The settings screen's one-view notices, one transient per user (Svc_Client_Admin_Page).
	$notices = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( '_transient_svc_client_notice_' ) . '%' ) );
	foreach ( $notices as $name ) {
		delete_transient( substr( $name, strlen( '_transient_' ) ) );
	}
	svc_client_uninstall_folder( Svc_Client_Library_Folder::path() );
}

/**
 * Deletes a folder and everything in it.
 *
 * @param string $folder Absolute path.
 */
function svc_client_uninstall_folder( string $folder ) {
	if ( ! is_dir( $folder ) || is_link( $folder ) ) {
		return;
	}
	$entries = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $folder, FilesystemIterator::SKIP_DOTS ), RecursiveIteratorIterator::CHILD_FIRST );
	foreach ( $entries as $entry ) {
		if ( $entry->isDir() && ! $entry->isLink() ) {
			rmdir( $entry->getPathname() ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- uninstall runs without WP_Filesystem credentials.
		} else {
			wp_delete_file( $entry->getPathname() );
		}
	}
	rmdir( $folder ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- as above.
}

if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids' ) ) as $svc_client_site ) {
		switch_to_blog( $svc_client_site );
		svc_client_uninstall_site();
		restore_current_blog();
	}
} else {
	svc_client_uninstall_site();
}
delete_metadata( 'user', 0, Svc_Client_Ai_Notice::DISMISSED_META, '', true );
