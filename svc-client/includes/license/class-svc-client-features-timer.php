<?php
/**
 * The moment the features in force change without a word from the hub.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * The features switch off by themselves when the grace period ends and when an active
 * entitlement passes its `expires_at`; nothing arrives then, so a single WP-Cron event
 * (`svc_client_features_due`) is scheduled for the earlier of the two, and runs
 * Svc_Client_License::announce_changes() — `svc_client_features_changed` fires then, not at the
 * next hourly check. Rescheduled whenever the licence state is stored.
 */
final class Svc_Client_Features_Timer {

	public const HOOK = 'svc_client_features_due';

	/**
	 * Hooks the event.
	 */
	public static function register(): void {
		add_action( self::HOOK, array( Svc_Client_License::class, 'announce_changes' ) );
	}

	/**
	 * Schedules the event for the next moment the state switches a feature off by itself (one
	 * second after it), replacing the one scheduled; none when no such moment is ahead.
	 *
	 * @param array<string, mixed> $state The licence state (normalised).
	 */
	public static function schedule( array $state ): void {
		wp_clear_scheduled_hook( self::HOOK );
		$due = self::next_change( $state, time() );
		if ( $due > 0 ) {
			wp_schedule_single_event( $due + 1, self::HOOK );
		}
	}

	/**
	 * Removes the event (deactivation, uninstall).
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::HOOK );
	}

	/**
	 * The earliest future moment (unix seconds) the grace period ends or an active entitlement
	 * expires; 0 when there is none (no summary, key refused, or already past).
	 *
	 * @param array<string, mixed> $state The licence state (normalised).
	 * @param int                  $now   Unix seconds.
	 * @return int
	 */
	public static function next_change( array $state, int $now ): int {
		if ( $state['key_refused'] ) {
			return 0;
		}
		if ( Svc_Client_Activation::is_active() ) {
			$end = Svc_Client_License_Document::ends_at();
			return $end > $now ? $end : 0;
		}
		if ( null === $state['summary'] ) {
			return 0;
		}
		$moments = array( Svc_Client_License::grace_ends_at( $state ) );
		foreach ( (array) ( $state['summary']['entitlements'] ?? array() ) as $entitlement ) {
			if ( is_array( $entitlement ) && 'active' === ( $entitlement['status'] ?? '' ) && is_string( $entitlement['expires_at'] ?? null ) ) {
				$moments[] = (int) strtotime( $entitlement['expires_at'] );
			}
		}
		$ahead = array_filter( $moments, static fn( $moment ) => $moment > $now );
		return array() === $ahead ? 0 : min( $ahead );
	}
}
