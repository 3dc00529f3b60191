<?php
/**
 * WooCommerce stand-in: WC_Install::create_roles() (includes/class-wc-install.php), the part
 * svc-hub reads: administrators hold `manage_woocommerce`, as WooCommerce's installation gives them.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * WooCommerce's installation, reduced to the administrator's WooCommerce capability.
 */
class WC_Install {

	/**
	 * Gives administrators `manage_woocommerce` once (a role capability, stored like WooCommerce's).
	 */
	public static function create_roles(): void {
		$role = get_role( 'administrator' );
		if ( $role && ! $role->has_cap( 'manage_woocommerce' ) ) {
			$role->add_cap( 'manage_woocommerce' );
		}
	}
}

add_action( 'init', array( WC_Install::class, 'create_roles' ), 1 );
