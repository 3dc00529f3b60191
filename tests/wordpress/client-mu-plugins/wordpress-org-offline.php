<?php
/**
 * Plugin Name: WordPress.org offline (test client site)
 * Description: Answers WordPress.org's plugin and theme update checks with "nothing to update".
 *
 * The test client site is offline (WP_HTTP_BLOCK_EXTERNAL), and WordPress 7.1's
 * wp_update_plugins() / wp_update_themes() stop when api.wordpress.org cannot be asked, before
 * any `update_plugins_{hostname}` / `update_themes_{hostname}` filter runs (docs/commerce.md
 * "Releases and updates"). The answer has the shape of WordPress.org's update-check answer; it
 * was not recorded from it. Copied into a client site's wp-content/mu-plugins by the tests that
 * drive Dashboard → Updates in a browser.
 *
 * @package svc-hub-tests
 */

add_filter(
	'pre_http_request',
	static function ( $reply, $args, $url ) {
		if ( ! preg_match( '#^https?://api\.wordpress\.org/(plugins|themes)/update-check/#', (string) $url, $match ) ) {
			return $reply;
		}
		$body = array(
			$match[1]      => array(),
			'translations' => array(),
			'no_update'    => array(),
		);
		return array(
			'headers'  => array(),
			'body'     => wp_json_encode( $body ),
			'response' => array(
				'code'    => 200,
				'message' => 'OK',
			),
			'cookies'  => array(),
			'filename' => null,
		);
	},
	10,
	3
);
