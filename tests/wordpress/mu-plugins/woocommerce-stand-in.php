<?php
/**
 * Plugin Name: WooCommerce stand-in (svc-hub tests)
 * Description: Test suite only. Emulates the part of WooCommerce svc-hub uses — its functions, WC_Order's methods and hooks, with WooCommerce's own signatures and argument order (docs: /work/shared/facts/woocommerce.md) — because WooCommerce itself cannot be installed on these machines. Adds the svc-hub-test-woo/v1 routes that drive it from jest.
 *
 * Linked into wp-content/mu-plugins by the stack when SVC_STACK_MU_PLUGINS points here. Never
 * loads next to a real WooCommerce. The option `svc_test_woo_active` = "no" makes it behave
 * as if WooCommerce were deactivated (the test routes stay, to switch it back on).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

if ( file_exists( WP_PLUGIN_DIR . '/woocommerce/woocommerce.php' ) ) {
	return;
}

$svc_stand_in_dir = dirname( __DIR__ ) . '/woocommerce-stand-in/';
require_once $svc_stand_in_dir . 'class-svc-stand-in-test-routes.php';
require_once $svc_stand_in_dir . 'class-svc-stand-in-subscription-routes.php';
Svc_Stand_In_Test_Routes::register();
Svc_Stand_In_Subscription_Routes::register();

if ( 'no' !== get_option( 'svc_test_woo_active', 'yes' ) ) {
	foreach ( array( 'functions', 'class-wc-datetime', 'class-wc-product', 'class-wc-order-item-product', 'class-wc-order', 'class-wc-session-handler', 'class-wc-cart', 'class-wc-form-handler', 'class-wc-checkout', 'class-woocommerce' ) as $svc_stand_in_file ) {
		require_once $svc_stand_in_dir . $svc_stand_in_file . '.php';
	}
	WooCommerce::instance();
	// WooCommerce Subscriptions, on top.
	require_once $svc_stand_in_dir . 'class-wc-subscription.php';
	require_once $svc_stand_in_dir . 'functions-subscriptions.php';
}
unset( $svc_stand_in_dir, $svc_stand_in_file );
