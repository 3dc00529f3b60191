<?php
/**
 * Plugin Name:       svc-hub
 * Description:       LLM router, commerce and license hub, and image template library for client sites. WordPress registers the routes; a Node worker answers them.
 * Version:           0.1.0
 * Requires at least: 6.7
 * Requires PHP:      8.1
 * Author:            svc-hub
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       svc-hub
 * Update URI:        https://svc-hub.invalid/svc-hub
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Boots svc-hub when PHP, WordPress and curl are recent enough; otherwise shows an admin
 * notice and stays inactive. Written for old PHP too, so that the notice can appear.
 */
function svc_hub_bootstrap() {
	$php_ok  = version_compare( PHP_VERSION, '8.1', '>=' );
	$wp_ok   = version_compare( get_bloginfo( 'version' ), '6.7', '>=' );
	$curl_ok = function_exists( 'curl_init' );
	if ( ! $php_ok || ! $wp_ok || ! $curl_ok ) {
		add_action(
			'admin_notices',
			function () use ( $php_ok, $wp_ok ) {
				if ( ! current_user_can( 'activate_plugins' ) ) {
					return;
				}
				if ( ! $php_ok ) {
					/* translators: %s: PHP version of the site. */
					$message = sprintf( __( 'svc-hub needs PHP 8.1 or newer; this site runs PHP %s. The plugin is inactive.', 'svc-hub' ), PHP_VERSION );
				} elseif ( ! $wp_ok ) {
					$message = __( 'svc-hub needs WordPress 6.7 or newer. The plugin is inactive.', 'svc-hub' );
				} else {
					$message = __( 'svc-hub needs the PHP curl extension (php-curl). The plugin is inactive.', 'svc-hub' );
				}
				echo '<div class="notice notice-error"><p>' . esc_html( $message ) . '</p></div>';
			}
		);
		return;
	}

	require_once __DIR__ . '/includes/class-svc-hub-autoloader.php';
	Svc_Hub_Autoloader::register();
	Svc_Hub_Plugin::boot( __FILE__ );
}

svc_hub_bootstrap();
