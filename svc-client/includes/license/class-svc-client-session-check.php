<?php
/**
 * The session check: the hub confirms this site's licence.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * `GET /svc-license/v1/entitlement` with the site's key, hourly (WP-Cron event
 * `svc_client_session_check`, filter `svc_client_check_interval` for another schedule) and on
 * demand. 200 → the summary is applied; 401/403 (key revoked, unknown, or for another site)
 * → features off at once; unreachable or any other answer → the last summary holds until the
 * grace period ends.
 */
final class Svc_Client_Session_Check {

	public const HOOK = 'svc_client_session_check';

	/**
	 * Schedules the hourly check (once) and hooks it.
	 */
	public static function register(): void {
		add_action( self::HOOK, array( self::class, 'run' ) );
		if ( ! wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time() + MINUTE_IN_SECONDS, (string) apply_filters( 'svc_client_check_interval', 'hourly' ), self::HOOK );
		}
	}

	/**
	 * Removes the schedule (deactivation).
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::HOOK );
	}

	/**
	 * Runs one check. Returns the outcome for the screen: `ok`, `refused`, `unreachable`,
	 * `failed` or `not_configured`, with a line saying why.
	 *
	 * @return array{outcome: string, detail: string}
	 */
	public static function run(): array {
		$hub = Svc_Client_Hub_Client::from_settings();
		if ( ! $hub->is_configured() ) {
			$result = array(
				'outcome' => 'not_configured',
				'detail'  => __( 'Enter the hub URL and the API key first.', 'svc-client' ),
			);
		} else {
			$result = self::check( $hub );
		}
		if ( 'not_configured' !== $result['outcome'] ) {
			Svc_Client_Activity_Log::add( 'check', $result['outcome'], $result['detail'] );
		}
		Svc_Client_License::announce_changes();
		return $result;
	}

	/**
	 * One call and what it means for the licence.
	 *
	 * @param Svc_Client_Hub_Client $hub The hub.
	 * @return array{outcome: string, detail: string}
	 */
	private static function check( Svc_Client_Hub_Client $hub ): array {
		$answer  = $hub->request( 'GET', 'svc-license/v1/entitlement' );
		$summary = json_decode( $answer['body'], true );
		if ( 200 === $answer['status'] && is_array( $summary ) && is_array( $summary['entitlements'] ?? null ) ) {
			Svc_Client_License::apply( $summary, 0, 'check' );
			Svc_Client_License::mark_checked();
			return array(
				'outcome' => 'ok',
				/* translators: 1: licence status, 2: feature list. */
				'detail'  => sprintf( __( 'Licence %1$s; features: %2$s', 'svc-client' ), (string) ( $summary['status'] ?? '' ), implode( ', ', Svc_Client_License::features() ) ),
			);
		}
		$detail = Svc_Client_Hub_Client::describe( $answer );
		if ( 401 === $answer['status'] || 403 === $answer['status'] ) {
			Svc_Client_License::record_failure( true, $detail );
			return array(
				'outcome' => 'refused',
				'detail'  => $detail,
			);
		}
		Svc_Client_License::record_failure( false, $detail );
		return array(
			'outcome' => 0 === $answer['status'] || $answer['status'] >= 500 ? 'unreachable' : 'failed',
			'detail'  => $detail,
		);
	}
}
