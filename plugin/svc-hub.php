<?php
/**
 * Plugin Name:       svc-hub
 * Description:       LLM router, commerce and license hub, and image template library for client sites. WordPress registers the routes; a Node worker answers them.
 * Version:           0.1.0
 * Requires at least: 6.7
 * Requires PHP:      8.1
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       svc-hub
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

	$includes = __DIR__ . '/includes/';
	require_once $includes . 'class-svc-hub-signer.php';
	require_once $includes . 'class-svc-hub-settings.php';
	require_once $includes . 'class-svc-hub-route-table.php';
	require_once $includes . 'class-svc-hub-headers.php';
	require_once $includes . 'class-svc-hub-incoming-request.php';
	require_once $includes . 'class-svc-hub-errors.php';
	require_once $includes . 'class-svc-hub-health-fallback.php';
	require_once $includes . 'class-svc-hub-worker-response.php';
	require_once $includes . 'class-svc-hub-client-stream.php';
	require_once $includes . 'class-svc-hub-stream-proxy.php';
	require_once $includes . 'class-svc-hub-rest-guard.php';
	require_once $includes . 'class-svc-hub-php-pool.php';
	require_once $includes . 'class-svc-hub-forwarding-slots.php';
	require_once $includes . 'class-svc-hub-forwarder.php';
	require_once $includes . 'class-svc-hub-nonce-store.php';
	require_once $includes . 'class-svc-hub-internal-routes.php';
	require_once $includes . 'class-svc-hub-worker-client.php';
	require_once $includes . 'class-svc-hub-woocommerce-order-facts.php';
	require_once $includes . 'class-svc-hub-woocommerce-orders.php';
	require_once $includes . 'class-svc-hub-woocommerce-event-queue.php';
	require_once $includes . 'class-svc-hub-woocommerce-subscription-facts.php';
	require_once $includes . 'class-svc-hub-woocommerce-subscription-bridge.php';
	require_once $includes . 'class-svc-hub-woocommerce-bridge.php';
	require_once $includes . 'class-svc-hub-woocommerce-store-meta.php';
	require_once $includes . 'class-svc-hub-admin-page.php';
	require_once $includes . 'class-svc-hub-ability-definitions.php';
	require_once $includes . 'class-svc-hub-abilities.php';
	require_once $includes . 'class-svc-hub-plugin.php';

	Svc_Hub_Plugin::boot( __FILE__ );
}

svc_hub_bootstrap();
