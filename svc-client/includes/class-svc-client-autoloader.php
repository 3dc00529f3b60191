<?php
/**
 * The one class loader of svc-client.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Loads a class of svc-client the first time it is used, from a map of class → file (relative
 * to includes/). A class file missing from the map is unreachable: tests/php/autoloader.php
 * walks includes/ and fails on any, and on a map row whose file is gone. The AI Client classes
 * extend WordPress 7.0's and are only loaded where it has them (Svc_Client_Ai_Registration).
 */
final class Svc_Client_Autoloader {

	/** Every class of svc-client → its file under includes/. */
	private const CLASSES = array(
		'Svc_Client_Plugin'             => 'class-svc-client-plugin.php',
		'Svc_Client_Settings'           => 'class-svc-client-settings.php',
		'Svc_Client_Secret_Box'         => 'class-svc-client-secret-box.php',
		'Svc_Client_Activity_Log'       => 'class-svc-client-activity-log.php',
		'Svc_Client_License'            => 'license/class-svc-client-license.php',
		'Svc_Client_License_Document'   => 'license/class-svc-client-license-document.php',
		'Svc_Client_Activation'         => 'license/class-svc-client-activation.php',
		'Svc_Client_Ai_Figures'         => 'license/class-svc-client-ai-figures.php',
		'Svc_Client_Ai_Balance'         => 'license/class-svc-client-ai-balance.php',
		'Svc_Client_Ai_Alerts'          => 'license/class-svc-client-ai-alerts.php',
		'Svc_Client_Receiver'           => 'license/class-svc-client-receiver.php',
		'Svc_Client_Request_Tally'      => 'license/class-svc-client-request-tally.php',
		'Svc_Client_Sequence'           => 'license/class-svc-client-sequence.php',
		'Svc_Client_Session_Check'      => 'license/class-svc-client-session-check.php',
		'Svc_Client_License_Lock'       => 'license/class-svc-client-license-lock.php',
		'Svc_Client_Features_Timer'     => 'license/class-svc-client-features-timer.php',
		'Svc_Client_Resync'             => 'license/class-svc-client-resync.php',
		'Svc_Client_Webhook_Verifier'   => 'license/class-svc-client-webhook-verifier.php',
		'Svc_Client_Hub_Address'        => 'hub/class-svc-client-hub-address.php',
		'Svc_Client_Hub_Client'         => 'hub/class-svc-client-hub-client.php',
		'Svc_Client_Update_Check'       => 'updates/class-svc-client-update-check.php',
		'Svc_Client_Updates'            => 'updates/class-svc-client-updates.php',
		'Svc_Client_Admin_Page'         => 'admin/class-svc-client-admin-page.php',
		'Svc_Client_Admin_View'         => 'admin/class-svc-client-admin-view.php',
		'Svc_Client_Activation_View'    => 'admin/class-svc-client-activation-view.php',
		'Svc_Client_Admin_Words'        => 'admin/class-svc-client-admin-words.php',
		'Svc_Client_Connection_Test'    => 'admin/class-svc-client-connection-test.php',
		'Svc_Client_Ai_View'            => 'admin/class-svc-client-ai-view.php',
		'Svc_Client_Ai_Notice'          => 'admin/class-svc-client-ai-notice.php',
		'Svc_Client_Canonical_Json'     => 'library/class-svc-client-canonical-json.php',
		'Svc_Client_Library_Check'      => 'library/class-svc-client-library-check.php',
		'Svc_Client_Library_Folder'     => 'library/class-svc-client-library-folder.php',
		'Svc_Client_Library_Upgrade'    => 'library/class-svc-client-library-upgrade.php',
		'Svc_Client_Library_Routes'     => 'library/class-svc-client-library-routes.php',
		'Svc_Client_Library_Sync'       => 'library/class-svc-client-library-sync.php',
		'Svc_Client_Template_Render'    => 'library/class-svc-client-template-render.php',
		'Svc_Client_Render_Attachment'  => 'library/class-svc-client-render-attachment.php',
		'Svc_Client_Ai_Registration'    => 'ai-client/class-svc-client-ai-registration.php',
		'Svc_Client_Ai_Provider'        => 'ai-client/class-svc-client-ai-provider.php',
		'Svc_Client_Ai_Availability'    => 'ai-client/class-svc-client-ai-availability.php',
		'Svc_Client_Ai_Model_Directory' => 'ai-client/class-svc-client-ai-model-directory.php',
		'Svc_Client_Ai_Text_Model'      => 'ai-client/class-svc-client-ai-text-model.php',
		'Svc_Client_Ai_Image_Model'     => 'ai-client/class-svc-client-ai-image-model.php',
	);

	/**
	 * Registers the loader with PHP (once; a second call changes nothing).
	 */
	public static function register(): void {
		spl_autoload_register( array( self::class, 'load' ) );
	}

	/**
	 * Autoload callback: loads the class's file when the class is svc-client's.
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
	 * The absolute path of a class's file, or null when the class is not svc-client's.
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
