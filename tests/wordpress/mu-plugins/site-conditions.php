<?php
/**
 * Plugin Name: svc-hub test site conditions
 * Description: Test suite only. Makes the test site behave like a real one in two ways that reveal translation calls made too early (WordPress 6.7+ logs "Translation loading for the svc-hub domain was triggered too early", and the e2e suite fails on it): a language pack for svc-hub is present (as on a site in another language), and another plugin schedules a cron event while plugins load (as WP Staging, Action Scheduler and many others do), which runs every `cron_schedules` filter before `init`.
 *
 * Linked into wp-content/mu-plugins by the stack when SVC_STACK_MU_PLUGINS points here.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

add_filter(
	'lang_dir_for_domain',
	static function ( $path, $domain ) {
		return 'svc-hub' === $domain ? WP_LANG_DIR . '/plugins/' : $path;
	},
	10,
	2
);

add_action(
	'plugins_loaded',
	static function () {
		wp_get_schedules();
	},
	20
);
