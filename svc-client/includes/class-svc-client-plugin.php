<?php
/**
 * Wires svc-client into WordPress.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Hooks: the receiver route, the session check and library schedules, the library routes,
 * the settings screen and the AI allowance notice, the AI Client provider (where WordPress has
 * one), and the deactivation clean-up.
 */
final class Svc_Client_Plugin {

	/**
	 * Hooks everything once.
	 *
	 * @param string $plugin_file The main plugin file.
	 */
	public static function boot( string $plugin_file ): void {
		add_action( 'rest_api_init', array( Svc_Client_Receiver::class, 'register' ) );
		add_action( 'rest_api_init', array( Svc_Client_Library_Routes::class, 'register' ) );
		add_action( 'init', array( Svc_Client_Session_Check::class, 'register' ) );
		add_action( 'init', array( Svc_Client_Library_Sync::class, 'register' ) );
		Svc_Client_Hub_Address::register();
		add_action( 'init', array( Svc_Client_Updates::class, 'register' ) );
		register_deactivation_hook( $plugin_file, array( self::class, 'deactivate' ) );
		Svc_Client_Ai_Registration::register();
		if ( is_admin() ) {
			Svc_Client_Admin_Page::register();
			Svc_Client_Ai_Notice::register();
		}
		/**
		 * svc-client is loaded: its functions and classes can be used.
		 */
		do_action( 'svc_client_loaded' );
	}

	/**
	 * Removes the schedules; settings, licence and library copy stay for a reactivation.
	 */
	public static function deactivate(): void {
		Svc_Client_Session_Check::unschedule();
		Svc_Client_Library_Sync::unschedule();
	}
}
