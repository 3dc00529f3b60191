<?php
/**
 * Plugin Name: svc-hub test lane probe
 * Description: Test suite only (tests/e2e/fast-lane.test.ts). A request carrying `X-Svc-Test-Lane` says which WordPress lane answered it: `X-Svc-Test-Full-Boot: 1` when the plugins loaded (the full boot), none when the fast lane answered before them. `X-Svc-Test-Lane: full` switches the fast lane off for that request (SVC_HUB_FAST_LANE), so both lanes answer the same request on one site.
 *
 * Linked into wp-content/mu-plugins by the stack when SVC_STACK_MU_PLUGINS points here.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

if ( isset( $_SERVER['HTTP_X_SVC_TEST_LANE'] ) ) {
	if ( 'full' === $_SERVER['HTTP_X_SVC_TEST_LANE'] && ! defined( 'SVC_HUB_FAST_LANE' ) ) {
		define( 'SVC_HUB_FAST_LANE', false );
	}
	add_action(
		'plugins_loaded',
		static function (): void {
			header( 'X-Svc-Test-Full-Boot: 1' );
		},
		0
	);
}
