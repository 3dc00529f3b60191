<?php
/**
 * The hub's `ai.threshold` alerts: this site's AI allowance passed 50, 80 or 100 %.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Keeps the last alerts the receiver applied (`svc_client_ai_alerts`, not autoloaded), each as
 * the hub sent it (threshold, used, amount, currency, resets_at; checked by
 * Svc_Client_Ai_Figures) with when it arrived and its sequence.
 *
 * Alerts are ordered among themselves by the signed body's sequence (Svc_Client_Sequence): one
 * not newer than the last alert applied is stale. They do not move the licence's own sequence,
 * so an alert never makes a summary the hub queued before it look stale.
 *
 * The alert in force is the newest one whose period has not ended (`resets_at` in the future,
 * or none: an allowance for the whole term). Each applied alert runs the action
 * `svc_client_ai_threshold_reached( $alert )` once.
 */
final class Svc_Client_Ai_Alerts {

	public const OPTION = 'svc_client_ai_alerts';

	/** Alerts kept. */
	private const KEEP = 10;

	/**
	 * The sequence of the last alert applied, 0 for none.
	 *
	 * @return int
	 */
	public static function sequence(): int {
		return self::stored()['sequence'];
	}

	/**
	 * The kept alerts, oldest first.
	 *
	 * @return array<int, array{threshold: int, used: string, amount: string, currency: string, resets_at: string|null, received_at: int, sequence: int}>
	 */
	public static function all(): array {
		return self::stored()['alerts'];
	}

	/**
	 * Records a checked alert (Svc_Client_Ai_Figures::check_threshold). Returns false, changing
	 * nothing, when its sequence is not newer than the last alert's.
	 *
	 * @param array{threshold: int, used: string, amount: string, currency: string, resets_at: string|null} $alert    The alert.
	 * @param int                                                                                           $sequence The delivery's sequence.
	 * @return bool
	 */
	public static function record( array $alert, int $sequence ): bool {
		$stored = self::stored();
		if ( $sequence <= $stored['sequence'] ) {
			return false;
		}
		$alert['received_at'] = time();
		$alert['sequence']    = $sequence;
		$stored['alerts'][]   = $alert;
		$stored['alerts']     = array_slice( $stored['alerts'], -self::KEEP );
		$stored['sequence']   = $sequence;
		update_option( self::OPTION, $stored, false );
		/**
		 * The hub says this site's AI allowance passed a threshold.
		 *
		 * @param array $alert threshold (50, 80 or 100), used, amount, currency, resets_at (ISO 8601 or null), received_at, sequence.
		 */
		do_action( 'svc_client_ai_threshold_reached', $alert );
		return true;
	}

	/**
	 * The alert in force: the newest one whose period has not ended, null for none.
	 *
	 * @return array{threshold: int, used: string, amount: string, currency: string, resets_at: string|null, received_at: int, sequence: int}|null
	 */
	public static function in_force(): ?array {
		$alerts = self::all();
		$newest = end( $alerts );
		if ( false === $newest ) {
			return null;
		}
		$ends = null === $newest['resets_at'] ? false : strtotime( $newest['resets_at'] );
		return false !== $ends && $ends <= time() ? null : $newest;
	}

	/**
	 * What a dismissal is kept under: the threshold and the period (its reset time); a credits
	 * alert's own (credits do not renew).
	 *
	 * @param array{threshold: int, resets_at: string|null, kind?: string} $alert The alert.
	 * @return string
	 */
	public static function dismissal_key( array $alert ): string {
		return 'credits' === ( $alert['kind'] ?? 'allowance' ) ? 'credits-' . $alert['threshold'] . '@' . $alert['amount'] : $alert['threshold'] . '@' . ( $alert['resets_at'] ?? 'term' );
	}

	/**
	 * The stored alerts and sequence.
	 *
	 * @return array{sequence: int, alerts: array<int, array<string, mixed>>}
	 */
	private static function stored(): array {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		return array(
			'sequence' => (int) ( $stored['sequence'] ?? 0 ),
			'alerts'   => array_values( array_filter( (array) ( $stored['alerts'] ?? array() ), 'is_array' ) ),
		);
	}
}
