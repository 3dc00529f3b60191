<?php
/**
 * Plugin Name:       svc-client
 * Description:       Connects a client site to its svc-hub: licences kept in sync, features switched on and off, the hub as WordPress's AI provider, and the image template library mirrored locally.
 * Version:           0.1.0
 * Requires at least: 6.7
 * Requires PHP:      8.1
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       svc-client
 * Update URI:        https://svc-hub.invalid/svc-client
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

define( 'SVC_CLIENT_VERSION', '0.1.0' );

/**
 * Boots svc-client when PHP and WordPress are recent enough and libsodium is there;
 * otherwise shows an admin notice and stays inactive.
 */
function svc_client_bootstrap() {
	$php_ok = version_compare( PHP_VERSION, '8.1', '>=' );
	$wp_ok  = version_compare( get_bloginfo( 'version' ), '6.7', '>=' );
	if ( ! $php_ok || ! $wp_ok || ! function_exists( 'sodium_crypto_secretbox' ) ) {
		add_action(
			'admin_notices',
			function () {
				if ( current_user_can( 'activate_plugins' ) ) {
					echo '<div class="notice notice-error"><p>' . esc_html__( 'svc-client needs PHP 8.1 with libsodium and WordPress 6.7 or newer. The plugin is inactive.', 'svc-client' ) . '</p></div>';
				}
			}
		);
		return;
	}
	require_once __DIR__ . '/includes/class-svc-client-autoloader.php';
	Svc_Client_Autoloader::register();
	require_once __DIR__ . '/includes/functions.php';

	Svc_Client_Plugin::boot( __FILE__ );
}

svc_client_bootstrap();
