<?php
/**
 * Plugin Name: svc example SEO module (tests)
 * Description: A module that is on only while this site's licence holds the feature `module.seo` — the smallest real use of svc-client. The e2e tests read its state through the option it keeps.
 * Version:     0.1.0
 * License:     GPL-2.0-or-later
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * The module's own switch: adds a meta tag to every page while the feature is on.
 */
add_action(
	'wp_head',
	static function () {
		if ( function_exists( 'svc_client_has_feature' ) && svc_client_has_feature( 'module.seo' ) ) {
			echo '<meta name="svc-example-seo" content="on">' . "\n";
		}
	}
);

/**
 * Reacts to changes at once: keeps when the module last turned on or off (what the tests read).
 */
add_action(
	'svc_client_features_changed',
	static function ( array $added, array $removed ) {
		if ( in_array( 'module.seo', $added, true ) ) {
			update_option( 'svc_example_seo_module', array( 'state' => 'on', 'at' => time() ) );
		}
		if ( in_array( 'module.seo', $removed, true ) ) {
			update_option( 'svc_example_seo_module', array( 'state' => 'off', 'at' => time() ) );
		}
	},
	10,
	2
);
