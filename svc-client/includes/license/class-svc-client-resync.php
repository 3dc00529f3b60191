<?php
/**
 * Starting the licence afresh: on a change of hub, key or secret, and on "Re-sync now".
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Forgets the licence this site holds, the order of deliveries and the ids seen
 * (Svc_Client_License::forget()), asks the hub to deliver what it has queued for this site, and
 * runs the session check at once. Svc_Client_Settings calls it when the hub URL, key or secret
 * changes — state from another hub or key is never kept (a hub with lower sequences would look
 * stale for ever) — and the settings screen's "Re-sync now" (admin-post action
 * `svc_client_resync`, its own nonce, `manage_options`).
 */
final class Svc_Client_Resync {

	public const ACTION = 'svc_client_resync';

	/**
	 * Hooks the screen's action.
	 */
	public static function register(): void {
		add_action( 'admin_post_' . self::ACTION, array( self::class, 'handle' ) );
	}

	/**
	 * Starts afresh; returns the session check's outcome.
	 *
	 * @return array{outcome: string, detail: string}
	 */
	public static function now(): array {
		Svc_Client_License::forget();
		Svc_Client_Activity_Log::add( 'resync', 'ok', __( 'Forgot the licence, its order and the deliveries seen; checking with the hub.', 'svc-client' ) );
		$hub = Svc_Client_Hub_Client::from_settings();
		if ( $hub->is_configured() ) {
			$hub->redeliver();
		}
		return Svc_Client_Session_Check::run();
	}

	/**
	 * "Re-sync now" on the settings screen.
	 */
	public static function handle(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'You are not allowed to change svc-client.', 'svc-client' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( self::ACTION );
		$result = self::now();
		// The screen shows the outcome once, as its own actions' (Svc_Client_Admin_Page::take_notice()).
		set_transient(
			'svc_client_notice_' . get_current_user_id(),
			array(
				'type'  => 'ok' === $result['outcome'] ? 'success' : 'error',
				'lines' => array( __( 'Re-synced with the hub.', 'svc-client' ), $result['detail'] ),
			),
			5 * MINUTE_IN_SECONDS
		);
		wp_safe_redirect( admin_url( 'options-general.php?page=svc-client' ) );
		exit;
	}
}
