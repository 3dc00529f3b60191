<?php
/**
 * The licence this site holds: the hub's last summary and what it switches on.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Keeps the site summary the hub sent (by webhook or answered to a session check) in one
 * option, `svc_client_license`, and derives the features in force from it:
 *
 * - nothing while no summary was ever received, or once the hub refused the key (revoked or
 *   unknown: at once);
 * - nothing once the hub has not confirmed the summary for longer than the grace period;
 * - else the features of the entitlements that are active and not past their expiry (the
 *   hub's own rule, applied again locally so an expiry passes while the hub is unreachable).
 *
 * A site activated with a licence key (Svc_Client_Activation) takes its features from the
 * verified signed licence document instead (Svc_Client_License_Document): the summary is kept
 * for the screen only, so an edited option switches nothing on.
 *
 * Whenever that set changes, the action `svc_client_features_changed( $added, $removed )` runs
 * once with the difference.
 *
 * The summary's AI figures are kept beside it, under `ai` (Svc_Client_Ai_Balance).
 */
final class Svc_Client_License {

	public const OPTION = 'svc_client_license';

	/** The features last announced through the action (option), so each change fires once. */
	public const ANNOUNCED_OPTION = 'svc_client_features_announced';

	/**
	 * The stored state, as this request sees it (the option cache may be a moment old: readers
	 * only; every change goes through change(), which reads the row itself under the lock).
	 *
	 * @return array{summary: array<string, mixed>|null, ai: array<string, mixed>|null, sequence: int, source: string, confirmed_at: int, checked_at: int, key_refused: bool, last_error: string}
	 */
	public static function state(): array {
		return self::normalise( get_option( self::OPTION, array() ) );
	}

	/**
	 * Applies a summary the hub confirmed, unless the site holds a newer state. A webhook's
	 * summary carries its sequence (from the signed body, Svc_Client_Sequence): one not newer than
	 * the last applied is `stale`. A session check's answer carries the hub's newest sequence for
	 * this site (docs/api-notes.md of the hub, "Session check"): lower than the one held means it
	 * was answered before a change this site already applied — `stale`, the newer state stays; 0
	 * (a hub with no message for the site, or one from before the answer carried it) is taken.
	 * `busy` when the licence lock could not be had (the caller answers "try again").
	 * The AI figures follow Svc_Client_Ai_Balance::received(); a change of them is announced.
	 *
	 * @param array<string, mixed> $summary  The site summary (status, features, entitlements…).
	 * @param int                  $sequence The delivery's sequence, or the check answer's (0: none).
	 * @param string               $source   webhook or check.
	 * @return string applied, stale or busy.
	 */
	public static function apply( array $summary, int $sequence, string $source ): string {
		$ai_before = null;
		$verdict   = self::change(
			static function ( array $state ) use ( $summary, $sequence, $source, &$ai_before ) {
				$stale = 'webhook' === $source ? $sequence <= $state['sequence'] : $sequence > 0 && $sequence < $state['sequence'];
				if ( $stale ) {
					return null;
				}
				$ai_before             = $state['ai'];
				$state['summary']      = self::clean_summary( $summary );
				$state['ai']           = Svc_Client_Ai_Balance::received( $summary, $ai_before, $source );
				$state['sequence']     = max( $sequence, $state['sequence'] );
				$state['source']       = $source;
				$state['confirmed_at'] = time();
				$state['checked_at']   = 'check' === $source ? time() : $state['checked_at'];
				$state['key_refused']  = false;
				$state['last_error']   = '';
				return $state;
			}
		);
		if ( 'changed' !== $verdict ) {
			return 'unchanged' === $verdict ? 'stale' : 'busy';
		}
		Svc_Client_Ai_Balance::announce_change( $ai_before, self::state()['ai'] );
		return 'applied';
	}

	/**
	 * Records a session check that did not confirm anything.
	 *
	 * @param bool   $key_refused True when the hub refused the key (features off at once).
	 * @param string $error       Why, one line, no secret.
	 */
	public static function record_failure( bool $key_refused, string $error ): void {
		self::change(
			static function ( array $state ) use ( $key_refused, $error ) {
				$state['key_refused'] = $key_refused || $state['key_refused'];
				$state['last_error']  = $error;
				$state['checked_at']  = time();
				return $state;
			}
		);
	}

	/**
	 * Records that a session check ran and its answer was older than the state held.
	 */
	public static function mark_checked(): void {
		self::change(
			static function ( array $state ) {
				$state['checked_at'] = time();
				$state['last_error'] = '';
				return $state;
			}
		);
	}

	/**
	 * Forgets the licence, the order of deliveries and the ids seen (another hub, key or secret,
	 * or "Re-sync now"): the next delivery or session check starts afresh. Announces the change.
	 */
	public static function forget(): void {
		Svc_Client_License_Lock::with(
			static function () {
				delete_option( self::OPTION );
				delete_option( Svc_Client_Receiver::SEEN_OPTION );
				delete_option( Svc_Client_Ai_Alerts::OPTION );
				Svc_Client_License_Document::forget();
				return null;
			}
		);
		wp_cache_delete( self::OPTION, 'options' );
		Svc_Client_Features_Timer::schedule( self::state() );
		self::announce_changes();
	}

	/**
	 * Whether the last session check failed without the hub refusing the key (the hub was
	 * unreachable or answered something else): the next answer from the hub calls for a check.
	 *
	 * @return bool
	 */
	public static function awaits_recovery(): bool {
		$state = self::state();
		return '' !== $state['last_error'] && ! $state['key_refused'];
	}

	/**
	 * The features in force now, sorted.
	 *
	 * @return string[]
	 */
	public static function features(): array {
		return self::features_of( self::state() );
	}

	/**
	 * The features a state switches on now, sorted.
	 *
	 * @param array<string, mixed> $state The state (normalised).
	 * @return string[]
	 */
	public static function features_of( array $state ): array {
		if ( Svc_Client_Activation::is_active() ) {
			return $state['key_refused'] ? array() : Svc_Client_License_Document::features();
		}
		if ( null === $state['summary'] || $state['key_refused'] || self::grace_expired( $state ) ) {
			return array();
		}
		$now      = time();
		$features = array();
		foreach ( (array) ( $state['summary']['entitlements'] ?? array() ) as $entitlement ) {
			if ( ! is_array( $entitlement ) || 'active' !== ( $entitlement['status'] ?? '' ) ) {
				continue;
			}
			$expires = is_string( $entitlement['expires_at'] ?? null ) ? strtotime( $entitlement['expires_at'] ) : false;
			if ( false !== $expires && $expires <= $now ) {
				continue;
			}
			foreach ( (array) ( $entitlement['features'] ?? array() ) as $feature ) {
				if ( is_string( $feature ) ) {
					$features[ $feature ] = true;
				}
			}
		}
		$names = array_keys( $features );
		sort( $names );
		return $names;
	}

	/**
	 * When the grace period ends (unix seconds), 0 before the first summary.
	 *
	 * @param array<string, mixed>|null $state The state (normalised), null: the stored one.
	 * @return int
	 */
	public static function grace_ends_at( ?array $state = null ): int {
		$state = $state ?? self::state();
		return 0 === $state['confirmed_at'] ? 0 : $state['confirmed_at'] + HOUR_IN_SECONDS * Svc_Client_Settings::get()['grace_hours'];
	}

	/**
	 * Runs `svc_client_features_changed` when the features in force differ from the ones last
	 * announced. Called after every apply, failure and check, and when the grace period ends or
	 * an entitlement expires (Svc_Client_Features_Timer). Under the licence lock, from the
	 * stored rows, so two processes never announce one change twice or out of step with
	 * svc_client_has_feature().
	 */
	public static function announce_changes(): void {
		Svc_Client_License_Lock::with(
			static function ( $stored ) {
				wp_cache_delete( self::ANNOUNCED_OPTION, 'options' );
				$before = get_option( self::ANNOUNCED_OPTION, array() );
				$before = is_array( $before ) ? $before : array();
				$now    = self::features_of( self::normalise( $stored ) );
				$added  = array_values( array_diff( $now, $before ) );
				$gone   = array_values( array_diff( $before, $now ) );
				if ( array() === $added && array() === $gone ) {
					return null;
				}
				update_option( self::ANNOUNCED_OPTION, $now, false );
				/**
				 * The features in force on this site changed.
				 *
				 * @param string[] $added   Features now on that were off.
				 * @param string[] $removed Features now off that were on.
				 */
				do_action( 'svc_client_features_changed', $added, $gone );
				return null;
			}
		);
	}

	/**
	 * Whether the hub has not confirmed the summary for longer than the grace period.
	 *
	 * @param array<string, mixed> $state The state.
	 * @return bool
	 */
	private static function grace_expired( array $state ): bool {
		return time() > (int) $state['confirmed_at'] + HOUR_IN_SECONDS * Svc_Client_Settings::get()['grace_hours'];
	}

	/**
	 * Keeps only the summary's known fields, bounded, so a hub cannot fill the option.
	 *
	 * @param array<string, mixed> $summary The summary as received.
	 * @return array<string, mixed>
	 */
	private static function clean_summary( array $summary ): array {
		$entitlements = array();
		foreach ( array_slice( (array) ( $summary['entitlements'] ?? array() ), 0, 200 ) as $entitlement ) {
			if ( ! is_array( $entitlement ) ) {
				continue;
			}
			$entitlements[] = array(
				'id'         => mb_substr( (string) ( $entitlement['id'] ?? '' ), 0, 64 ),
				'package_id' => is_string( $entitlement['package_id'] ?? null ) ? mb_substr( $entitlement['package_id'], 0, 190 ) : null,
				'status'     => mb_substr( (string) ( $entitlement['status'] ?? '' ), 0, 32 ),
				'features'   => array_values( array_filter( array_slice( (array) ( $entitlement['features'] ?? array() ), 0, 200 ), 'is_string' ) ),
				'expires_at' => is_string( $entitlement['expires_at'] ?? null ) ? mb_substr( $entitlement['expires_at'], 0, 40 ) : null,
			);
		}
		return array(
			'site_url'     => mb_substr( (string) ( $summary['site_url'] ?? '' ), 0, 2000 ),
			'status'       => mb_substr( (string) ( $summary['status'] ?? '' ), 0, 32 ),
			'features'     => array_values( array_filter( array_slice( (array) ( $summary['features'] ?? array() ), 0, 500 ), 'is_string' ) ),
			'entitlements' => $entitlements,
		);
	}

	/**
	 * A read-modify-write of the state under the licence lock (Svc_Client_License_Lock): `$change`
	 * gets the state as stored now and returns the next one, or null to leave it. Returns
	 * `changed`, `unchanged` or `busy`.
	 *
	 * @param callable $change fn( array $state ): ?array.
	 * @return string
	 */
	private static function change( callable $change ): string {
		$verdict = Svc_Client_License_Lock::with(
			static function ( $stored ) use ( $change ) {
				$next = $change( self::normalise( $stored ) );
				if ( null === $next ) {
					return 'unchanged';
				}
				update_option( self::OPTION, $next, false );
				Svc_Client_Features_Timer::schedule( $next );
				return 'changed';
			}
		);
		return null === $verdict ? 'busy' : $verdict;
	}

	/**
	 * The state with every field in its type, whatever was stored.
	 *
	 * @param mixed $stored The option's value.
	 * @return array{summary: array<string, mixed>|null, ai: array<string, mixed>|null, sequence: int, source: string, confirmed_at: int, checked_at: int, key_refused: bool, last_error: string}
	 */
	private static function normalise( $stored ): array {
		$stored = is_array( $stored ) ? $stored : array();
		return array(
			'summary'      => is_array( $stored['summary'] ?? null ) ? $stored['summary'] : null,
			'ai'           => is_array( $stored['ai'] ?? null ) ? $stored['ai'] : null,
			'sequence'     => (int) ( $stored['sequence'] ?? 0 ),
			'source'       => (string) ( $stored['source'] ?? '' ),
			'confirmed_at' => (int) ( $stored['confirmed_at'] ?? 0 ),
			'checked_at'   => (int) ( $stored['checked_at'] ?? 0 ),
			'key_refused'  => (bool) ( $stored['key_refused'] ?? false ),
			'last_error'   => (string) ( $stored['last_error'] ?? '' ),
		);
	}
}
