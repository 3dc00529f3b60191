<?php
/**
 * Times and the licence's state in words, for Settings → svc-client.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every time on the screen says how far it is from now ("3 hours ago", "in 2 days") beside the
 * date; the licence's status says what the grace period means for it now: running while the hub
 * cannot be reached ("grace period ends in …") or over ("expired …: features are off").
 */
final class Svc_Client_Admin_Words {

	/**
	 * A time for people: the date and how long ago or ahead, "—" for never.
	 *
	 * @param int $timestamp Unix seconds.
	 * @return string
	 */
	public static function when( int $timestamp ): string {
		return 0 === $timestamp ? '—' : wp_date( 'Y-m-d H:i:s', $timestamp ) . ' (' . self::from_now( $timestamp ) . ')';
	}

	/**
	 * "5 mins ago" or "in 3 days".
	 *
	 * @param int $timestamp Unix seconds.
	 * @return string
	 */
	public static function from_now( int $timestamp ): string {
		$distance = human_time_diff( $timestamp );
		/* translators: %s: a time span, e.g. "3 days". */
		return $timestamp > time() ? sprintf( __( 'in %s', 'svc-client' ), $distance ) : sprintf( __( '%s ago', 'svc-client' ), $distance );
	}

	/**
	 * The grace period: when it ends, or that it expired.
	 *
	 * @param array<string, mixed> $state The licence state (Svc_Client_License::state()).
	 * @return string
	 */
	public static function grace( array $state ): string {
		$ends = Svc_Client_License::grace_ends_at( $state );
		if ( 0 === $ends ) {
			return '—';
		}
		$date = wp_date( 'Y-m-d H:i:s', $ends );
		if ( $ends > time() ) {
			/* translators: 1: a time span, 2: a date. */
			return sprintf( __( 'ends in %1$s (%2$s)', 'svc-client' ), human_time_diff( $ends ), $date );
		}
		/* translators: 1: a time span, 2: a date. */
		return sprintf( __( 'expired %1$s ago (%2$s)', 'svc-client' ), human_time_diff( $ends ), $date );
	}

	/**
	 * The licence's status, with the grace period while the hub cannot be reached.
	 *
	 * @param array<string, mixed> $state The licence state (Svc_Client_License::state()).
	 * @return string
	 */
	public static function status( array $state ): string {
		if ( null === $state['summary'] ) {
			return __( 'never synced', 'svc-client' );
		}
		$status = (string) ( $state['summary']['status'] ?? '' );
		if ( $state['key_refused'] || '' === $state['last_error'] ) {
			return $status;
		}
		$ends = Svc_Client_License::grace_ends_at( $state );
		if ( $ends > time() ) {
			/* translators: 1: the licence status, 2: a time span. */
			return sprintf( __( '%1$s — the hub cannot be reached: grace period ends in %2$s', 'svc-client' ), $status, human_time_diff( $ends ) );
		}
		/* translators: 1: the licence status, 2: a time span. */
		return sprintf( __( 'expired — the hub could not be reached and the grace period ended %2$s ago: features are off (last known: %1$s)', 'svc-client' ), $status, human_time_diff( $ends ) );
	}

	/**
	 * An activated site's status, from the verified signed document: its status, and while the
	 * hub cannot be reached until when the document holds; "features are off" once it ran out.
	 *
	 * @param array<string, mixed> $state The licence state (Svc_Client_License::state()).
	 * @return string
	 */
	public static function document_status( array $state ): string {
		$fields = Svc_Client_License_Document::fields();
		if ( null === $fields ) {
			return __( 'no signed licence received yet: features are off', 'svc-client' );
		}
		$status = (string) ( $fields['status'] ?? '' );
		$ends   = Svc_Client_License_Document::ends_at();
		if ( 'active' !== $status || $state['key_refused'] ) {
			return $status;
		}
		if ( $ends <= time() ) {
			/* translators: 1: the licence status, 2: a time span. */
			return sprintf( __( '%1$s — the signed licence ran out %2$s ago: features are off', 'svc-client' ), $status, human_time_diff( $ends ) );
		}
		if ( '' !== $state['last_error'] ) {
			/* translators: 1: the licence status, 2: a date. */
			return sprintf( __( '%1$s — the hub cannot be reached: the signed licence holds until %2$s', 'svc-client' ), $status, wp_date( 'Y-m-d H:i:s', $ends ) );
		}
		return $status;
	}

	/**
	 * An entitlement's expiry: "never", "in 29 days (…)" or "expired 3 days ago (…)".
	 *
	 * @param string|null $expires_at ISO 8601, or null for never.
	 * @return string
	 */
	public static function expiry( ?string $expires_at ): string {
		$at = null === $expires_at ? false : strtotime( $expires_at );
		if ( false === $at ) {
			return __( 'never expires', 'svc-client' );
		}
		/* translators: %s: a time with how far it is from now. */
		return $at > time() ? sprintf( __( 'expires %s', 'svc-client' ), self::when( $at ) ) : sprintf( __( 'expired %s', 'svc-client' ), self::when( $at ) );
	}
}
