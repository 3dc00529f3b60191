<?php
/**
 * Plugin Name: WooCommerce stand-in (svc-hub tests)
 * Description: Test suite only. Emulates the part of WooCommerce svc-hub uses — its functions, WC_Order's methods and hooks, with WooCommerce's own signatures and argument order, as observed on WooCommerce 10.0.2 (docs: docs/external/woocommerce.md) — because WooCommerce itself cannot be installed on these machines. Adds the svc-hub-test-woo/v1 routes that drive it from jest.
 *
 * Linked into wp-content/mu-plugins by the stack when SVC_STACK_MU_PLUGINS points here. Never
 * loads next to a real WooCommerce. The option `svc_test_woo_active` = "no" makes it behave
 * as if WooCommerce were deactivated (the test routes stay, to switch it back on). The option
 * `svc_test_store_mode` = "yes" makes the site a store-only shop: it defines SVC_HUB_MODE =
 * store before svc-hub loads (as the shop's wp-config.php would).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

if ( file_exists( WP_PLUGIN_DIR . '/woocommerce/woocommerce.php' ) ) {
	return;
}

if ( 'yes' === get_option( 'svc_test_store_mode', 'no' ) && ! defined( 'SVC_HUB_MODE' ) ) {
	define( 'SVC_HUB_MODE', 'store' );
}

$svc_stand_in_dir = dirname( __DIR__ ) . '/woocommerce-stand-in/';
require_once $svc_stand_in_dir . 'class-svc-stand-in-test-routes.php';
require_once $svc_stand_in_dir . 'class-svc-stand-in-store-test-routes.php';
require_once $svc_stand_in_dir . 'class-svc-stand-in-subscription-routes.php';
Svc_Stand_In_Test_Routes::register();
Svc_Stand_In_Subscription_Routes::register();

if ( 'no' !== get_option( 'svc_test_woo_active', 'yes' ) ) {
	$svc_stand_in_files = array(
		'functions',
		'class-wc-datetime',
		'class-wc-product',
		'class-wc-order-item-product',
		'class-wc-orders-table-data-store',
		'abstract-wc-order',
		'class-wc-order-item-fee',
		'class-wc-order',
		'class-wc-order-refund',
		'class-wc-payment-gateways',
		'class-wc-session-handler',
		'class-wc-cart',
		'class-wc-form-handler',
		'class-wc-checkout',
		'class-svc-stand-in-store-api-checkout',
		'class-svc-stand-in-checkout-pages',
		'class-svc-stand-in-action-scheduler',
		'class-svc-stand-in-rest-order',
		'class-wc-webhook',
		'class-svc-stand-in-hook-recorder',
		'class-woocommerce',
		'class-svc-stand-in-my-account',
	);
	foreach ( $svc_stand_in_files as $svc_stand_in_file ) {
		require_once $svc_stand_in_dir . $svc_stand_in_file . '.php';
	}
	WC_Orders_Table_Data_Store::install();
	WooCommerce::instance();
	Svc_Stand_In_Store_Api_Checkout::register();
	Svc_Stand_In_Checkout_Pages::register();
	Svc_Stand_In_My_Account::register();
	Svc_Stand_In_Action_Scheduler::register();
	add_action( 'shutdown', array( 'Svc_Stand_In_Store_Test_Routes', 'hold_request' ), 19 );
	WC_Webhook::load();
	unset( $svc_stand_in_files );
	// WooCommerce Subscriptions, on top.
	require_once $svc_stand_in_dir . 'class-wc-subscription.php';
	require_once $svc_stand_in_dir . 'functions-subscriptions.php';
}
unset( $svc_stand_in_dir, $svc_stand_in_file );
