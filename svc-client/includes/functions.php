<?php
/**
 * The functions other plugins call.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Whether this site's licence switches a feature on now (e.g. `module.seo`).
 *
 * @param string $feature Feature name as the hub's packages list it.
 * @return bool
 */
function svc_client_has_feature( string $feature ): bool {
	return in_array( $feature, Svc_Client_License::features(), true );
}

/**
 * Every feature switched on now, sorted.
 *
 * @return string[]
 */
function svc_client_features(): array {
	return Svc_Client_License::features();
}
