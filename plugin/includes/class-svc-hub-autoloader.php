<?php
/**
 * The one class loader of the shell.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Loads a class of the shell the first time it is used, from a map of class → file (relative
 * to includes/). A class file missing from the map is unreachable: tests/php/autoloader.php
 * walks includes/ and fails on any, and on a map row whose file is gone.
 */
final class Svc_Hub_Autoloader {

	/** Every class of the shell → its file under includes/. */
	private const CLASSES = array(
		'Svc_Hub_Plugin'                          => 'class-svc-hub-plugin.php',
		'Svc_Hub_Settings'                        => 'class-svc-hub-settings.php',
		'Svc_Hub_Client_Stream'                   => 'forwarding/class-svc-hub-client-stream.php',
		'Svc_Hub_Error_Dialect'                   => 'forwarding/class-svc-hub-error-dialect.php',
		'Svc_Hub_Errors'                          => 'forwarding/class-svc-hub-errors.php',
		'Svc_Hub_Forwarder'                       => 'forwarding/class-svc-hub-forwarder.php',
		'Svc_Hub_Forwarding_Slots'                => 'forwarding/class-svc-hub-forwarding-slots.php',
		'Svc_Hub_Headers'                         => 'forwarding/class-svc-hub-headers.php',
		'Svc_Hub_Health_Fallback'                 => 'forwarding/class-svc-hub-health-fallback.php',
		'Svc_Hub_Incoming_Request'                => 'forwarding/class-svc-hub-incoming-request.php',
		'Svc_Hub_Multipart_Body'                  => 'forwarding/class-svc-hub-multipart-body.php',
		'Svc_Hub_Php_Pool'                        => 'forwarding/class-svc-hub-php-pool.php',
		'Svc_Hub_Rest_Guard'                      => 'forwarding/class-svc-hub-rest-guard.php',
		'Svc_Hub_Route_Table'                     => 'forwarding/class-svc-hub-route-table.php',
		'Svc_Hub_Signer'                          => 'forwarding/class-svc-hub-signer.php',
		'Svc_Hub_Stream_Proxy'                    => 'forwarding/class-svc-hub-stream-proxy.php',
		'Svc_Hub_Worker_Response'                 => 'forwarding/class-svc-hub-worker-response.php',
		'Svc_Hub_Fast_Lane'                       => 'fast-lane/class-svc-hub-fast-lane.php',
		'Svc_Hub_Fast_Lane_Installer'             => 'fast-lane/class-svc-hub-fast-lane-installer.php',
		'Svc_Hub_Fast_Lane_Response'              => 'fast-lane/class-svc-hub-fast-lane-response.php',
		'Svc_Hub_Internal_Routes'                 => 'internal/class-svc-hub-internal-routes.php',
		'Svc_Hub_Nonce_Store'                     => 'internal/class-svc-hub-nonce-store.php',
		'Svc_Hub_Worker_Client'                   => 'internal/class-svc-hub-worker-client.php',
		'Svc_Hub_Woocommerce_Ai_Overage'          => 'woocommerce/class-svc-hub-woocommerce-ai-overage.php',
		'Svc_Hub_Woocommerce_Bridge'              => 'woocommerce/class-svc-hub-woocommerce-bridge.php',
		'Svc_Hub_Woocommerce_Event_Queue'         => 'woocommerce/class-svc-hub-woocommerce-event-queue.php',
		'Svc_Hub_Woocommerce_Order_Facts'         => 'woocommerce/class-svc-hub-woocommerce-order-facts.php',
		'Svc_Hub_Woocommerce_Orders'              => 'woocommerce/class-svc-hub-woocommerce-orders.php',
		'Svc_Hub_Woocommerce_Store_Meta'          => 'woocommerce/class-svc-hub-woocommerce-store-meta.php',
		'Svc_Hub_Woocommerce_Store_Status'        => 'woocommerce/class-svc-hub-woocommerce-store-status.php',
		'Svc_Hub_Woocommerce_Subscription_Bridge' => 'woocommerce/class-svc-hub-woocommerce-subscription-bridge.php',
		'Svc_Hub_Woocommerce_Subscription_Facts'  => 'woocommerce/class-svc-hub-woocommerce-subscription-facts.php',
		'Svc_Hub_Portal_Account'                  => 'portal/class-svc-hub-portal-account.php',
		'Svc_Hub_Portal_Licences'                 => 'portal/class-svc-hub-portal-licences.php',
		'Svc_Hub_Portal_Order_Key'                => 'portal/class-svc-hub-portal-order-key.php',
		'Svc_Hub_Portal_View'                     => 'portal/class-svc-hub-portal-view.php',
		'Svc_Hub_Abilities'                       => 'abilities/class-svc-hub-abilities.php',
		'Svc_Hub_Ability_Definitions'             => 'abilities/class-svc-hub-ability-definitions.php',
		'Svc_Hub_Admin_Page'                      => 'admin/class-svc-hub-admin-page.php',
		'Svc_Hub_Setup_Checklist'                 => 'admin/class-svc-hub-setup-checklist.php',
		'Svc_Hub_Setup_Notice'                    => 'admin/class-svc-hub-setup-notice.php',
		'Svc_Hub_Setup_Probe'                     => 'admin/class-svc-hub-setup-probe.php',
		'Svc_Hub_Setup_Site_Checks'               => 'admin/class-svc-hub-setup-site-checks.php',
		'Svc_Hub_Setup_Worker_Items'              => 'admin/class-svc-hub-setup-worker-items.php',
		'Svc_Hub_Lifecycle'                       => 'lifecycle/class-svc-hub-lifecycle.php',
		'Svc_Hub_Uninstaller'                     => 'lifecycle/class-svc-hub-uninstaller.php',
		'Svc_Hub_Update_Guard'                    => 'lifecycle/class-svc-hub-update-guard.php',
	);

	/**
	 * Registers the loader with PHP (once; a second call changes nothing).
	 */
	public static function register(): void {
		spl_autoload_register( array( self::class, 'load' ) );
	}

	/**
	 * Autoload callback: loads the class's file when the class is the shell's.
	 *
	 * @param string $class_name Class PHP is looking for.
	 */
	public static function load( string $class_name ): void {
		$file = self::file_for( $class_name );
		if ( null !== $file ) {
			require $file;
		}
	}

	/**
	 * The absolute path of a class's file, or null when the class is not the shell's.
	 *
	 * @param string $class_name Class name.
	 * @return string|null
	 */
	public static function file_for( string $class_name ): ?string {
		return isset( self::CLASSES[ $class_name ] ) ? __DIR__ . '/' . self::CLASSES[ $class_name ] : null;
	}

	/**
	 * Every class the loader knows, for the test that holds the map to the files.
	 *
	 * @return string[]
	 */
	public static function class_names(): array {
		return array_keys( self::CLASSES );
	}
}
