<?php
/**
 * Settings → svc-client: the actions (save, test connection, check the licence now).
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers the screen and handles its forms through admin-post.php, each with its own nonce
 * and `manage_options`. The outcome of an action is kept for the next page view only (a
 * transient per user) and the browser is redirected back (post/redirect/get).
 */
final class Svc_Client_Admin_Page {

	public const SLUG = 'svc-client';

	/**
	 * Hooks the menu entry and the form handlers.
	 */
	public static function register(): void {
		add_action( 'admin_menu', array( self::class, 'add_menu' ) );
		add_action( 'admin_post_svc_client_save', array( self::class, 'handle_save' ) );
		add_action( 'admin_post_svc_client_activate', array( self::class, 'handle_activate' ) );
		add_action( 'admin_post_svc_client_deactivate', array( self::class, 'handle_deactivate' ) );
		add_action( 'admin_post_svc_client_test', array( self::class, 'handle_test' ) );
		add_action( 'admin_post_svc_client_check', array( self::class, 'handle_check' ) );
		add_action( 'admin_post_svc_client_library_sync', array( self::class, 'handle_library_sync' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( dirname( __DIR__, 2 ) . '/svc-client.php' ), array( self::class, 'add_settings_link' ) );
	}

	/**
	 * A "Settings" link first on svc-client's row of the Plugins screen.
	 *
	 * @param array<int|string, string> $links The row's links.
	 * @return array<int|string, string>
	 */
	public static function add_settings_link( array $links ): array {
		$url = admin_url( 'options-general.php?page=' . self::SLUG );
		return array_merge( array( 'settings' => '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'svc-client' ) . '</a>' ), $links );
	}

	/**
	 * Adds Settings → svc-client.
	 */
	public static function add_menu(): void {
		add_options_page( __( 'svc-client', 'svc-client' ), __( 'svc-client', 'svc-client' ), 'manage_options', self::SLUG, array( Svc_Client_Admin_View::class, 'render' ) );
	}

	/**
	 * Saves the settings; on any problem nothing is stored, each field says why, and the screen
	 * shows again what was typed in the plain fields. Typed secrets are never kept nor shown back
	 * (only which were typed, so their fields ask for them again).
	 */
	public static function handle_save(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'You are not allowed to change svc-client.', 'svc-client' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( 'svc_client_save' );
		$input    = wp_unslash( $_POST ); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- each field is validated in Svc_Client_Settings::save().
		$input    = is_array( $input ) ? $input : array();
		$problems = Svc_Client_Settings::save( $input );
		if ( array() === $problems ) {
			self::finish( array( 'type' => 'success', 'lines' => array( __( 'Settings saved.', 'svc-client' ) ) ) );
		}
		$typed = array();
		foreach ( array( 'hub_url', 'team', 'campaign', 'grace_hours' ) as $name ) {
			if ( is_string( $input[ $name ] ?? null ) ) {
				$typed[ $name ] = substr( $input[ $name ], 0, 2000 );
			}
		}
		self::finish(
			array(
				'type'          => 'error',
				'lines'         => array_merge( array( __( 'Nothing was saved:', 'svc-client' ) ), array_values( $problems ) ),
				'fields'        => $problems,
				'typed'         => $typed,
				'secrets_typed' => array_keys( array_filter( array_intersect_key( $input, array_flip( array( 'api_key', 'webhook_secret' ) ) ), static fn( $value ) => is_string( $value ) && '' !== $value ) ),
			)
		);
	}

	/**
	 * Activates this site with the licence key typed (Svc_Client_Activation); the hub's refusal
	 * is shown in its own words.
	 */
	public static function handle_activate(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'You are not allowed to change svc-client.', 'svc-client' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( 'svc_client_activate' );
		$key    = is_string( $_POST['license_key'] ?? null ) ? sanitize_text_field( wp_unslash( $_POST['license_key'] ) ) : '';
		$hub    = is_string( $_POST['hub_url'] ?? null ) ? esc_url_raw( wp_unslash( $_POST['hub_url'] ) ) : '';
		$result = Svc_Client_Activation::activate( $key, $hub );
		if ( is_wp_error( $result ) ) {
			self::finish( array( 'type' => 'error', 'lines' => array( __( 'Not activated:', 'svc-client' ), $result->get_error_message() ) ) );
		}
		self::finish( array( 'type' => 'success', 'lines' => array( __( 'Activated.', 'svc-client' ) ) ) );
	}

	/**
	 * Deactivates this site at the hub (the seat is freed) and forgets its key and licence.
	 */
	public static function handle_deactivate(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'You are not allowed to change svc-client.', 'svc-client' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( 'svc_client_deactivate' );
		$result = Svc_Client_Activation::deactivate();
		if ( is_wp_error( $result ) ) {
			self::finish( array( 'type' => 'error', 'lines' => array( __( 'Not deactivated:', 'svc-client' ), $result->get_error_message() ) ) );
		}
		self::finish( array( 'type' => 'success', 'lines' => array( __( 'Deactivated: the seat is free and this site\'s key is forgotten.', 'svc-client' ) ) ) );
	}

	/**
	 * Tests the connection: health, then the key's licence.
	 */
	public static function handle_test(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'You are not allowed to change svc-client.', 'svc-client' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( 'svc_client_test' );
		$result = Svc_Client_Connection_Test::run();
		$lines  = array_map( static fn( $step ) => ( $step['ok'] ? '✓ ' : '✗ ' ) . $step['name'] . ': ' . $step['detail'], $result['steps'] );
		self::finish( array( 'type' => $result['ok'] ? 'success' : 'error', 'lines' => $lines ) );
	}

	/**
	 * Checks the licence now.
	 */
	public static function handle_check(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'You are not allowed to change svc-client.', 'svc-client' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( 'svc_client_check' );
		$result = Svc_Client_Session_Check::run();
		self::finish( array( 'type' => 'ok' === $result['outcome'] ? 'success' : 'error', 'lines' => array( $result['detail'] ) ) );
	}

	/**
	 * Mirrors the hub's image library now (when the library mirror is loaded).
	 */
	public static function handle_library_sync(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'You are not allowed to change svc-client.', 'svc-client' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( 'svc_client_library_sync' );
		if ( ! class_exists( 'Svc_Client_Library_Sync' ) ) {
			self::finish( array( 'type' => 'error', 'lines' => array( __( 'The library mirror is not available.', 'svc-client' ) ) ) );
		}
		$result = Svc_Client_Library_Sync::run();
		self::finish( array( 'type' => $result['ok'] ? 'success' : 'error', 'lines' => array( $result['detail'] ) ) );
	}

	/**
	 * The outcome kept for this user's next view, then cleared.
	 *
	 * @return array{type: string, lines: string[], fields?: array<string, string>}|null
	 */
	public static function take_notice(): ?array {
		$key    = self::notice_key();
		$notice = get_transient( $key );
		delete_transient( $key );
		return is_array( $notice ) ? $notice : null;
	}

	/**
	 * Keeps the outcome and goes back to the screen.
	 *
	 * @param array<string, mixed> $notice The outcome.
	 */
	private static function finish( array $notice ): void {
		set_transient( self::notice_key(), $notice, 5 * MINUTE_IN_SECONDS );
		wp_safe_redirect( admin_url( 'options-general.php?page=' . self::SLUG ) );
		exit;
	}

	/**
	 * This user's notice transient.
	 *
	 * @return string
	 */
	private static function notice_key(): string {
		return 'svc_client_notice_' . get_current_user_id();
	}
}
