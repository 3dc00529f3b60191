<?php
/**
 * The session check: the hub confirms this site's licence.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * `GET /svc-license/v1/entitlement` with the site's key, hourly (WP-Cron event
 * `svc_client_session_check`, filter `svc_client_check_interval` for another schedule), on
 * demand, and at once when the hub answers again after a failed check (recover_soon()). Asked
 * for in wp-admin ("Test connection", "Check licence now"), it first asks the hub to deliver
 * what it queued for this site (Svc_Client_Hub_Client::redeliver()).
 *
 * - 200 → the summary is applied unless the site already holds a newer state (the answer's
 *   `sequence`, Svc_Client_License::apply()).
 * - 401/403 with the hub's own error (JSON, a code of HUB_REFUSALS, `data.status` the answer's)
 *   → the key is refused: features off at once.
 * - anything else — unreachable, a 5xx, a firewall's or proxy's HTML 403 — → the hub is
 *   unreachable: the last summary holds until the grace period ends.
 */
final class Svc_Client_Session_Check {

	public const HOOK = 'svc_client_session_check';

	/**
	 * The hub's answers that refuse this site's key (the worker's own codes for a Bearer route,
	 * docs/architecture.md §3 of the hub): a missing, unknown or revoked key, a key that may not
	 * read this site.
	 */
	public const HUB_REFUSALS = array( 'svc_missing_key', 'svc_invalid_key', 'svc_key_revoked', 'svc_forbidden' );

	/** Whether a check runs in this request (a call it makes must not ask for another). */
	private static bool $running = false;

	/** Whether a recovery check is already due at the end of this request. */
	private static bool $recovery_queued = false;

	/**
	 * Schedules the hourly check (once) and hooks it, the features timer and "Re-sync now".
	 */
	public static function register(): void {
		add_action( self::HOOK, array( self::class, 'run' ) );
		Svc_Client_Features_Timer::register();
		Svc_Client_Resync::register();
		if ( ! wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time() + MINUTE_IN_SECONDS, (string) apply_filters( 'svc_client_check_interval', 'hourly' ), self::HOOK );
		}
	}

	/**
	 * Removes the schedules (deactivation).
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::HOOK );
		Svc_Client_Features_Timer::unschedule();
	}

	/**
	 * Runs one check. Returns the outcome for the screen: `ok`, `stale` (the site holds a newer
	 * state), `refused`, `unreachable`, `failed`, `busy` or `not_configured`, with a line saying why.
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
			self::$running = true;
			try {
				if ( self::asked_by_administrator() && '' !== Svc_Client_Settings::get()['webhook_secret'] ) {
					$hub->redeliver();
				}
				$result = self::check( $hub );
			} finally {
				self::$running = false;
			}
		}
		if ( 'not_configured' !== $result['outcome'] ) {
			Svc_Client_Activity_Log::add( 'check', $result['outcome'], $result['detail'] );
		}
		Svc_Client_License::announce_changes();
		return $result;
	}

	/**
	 * The hub answered a call (any but this check's own): when the last check failed, a check
	 * runs at the end of this request, once, so features come back as soon as the hub does.
	 */
	public static function recover_soon(): void {
		if ( self::$running || self::$recovery_queued || ! Svc_Client_License::awaits_recovery() ) {
			return;
		}
		self::$recovery_queued = true;
		add_action( 'shutdown', array( self::class, 'recover' ) );
	}

	/**
	 * The recovery check recover_soon() queued, unless the licence was confirmed meanwhile (a
	 * delivery applied in this request).
	 */
	public static function recover(): void {
		if ( Svc_Client_License::awaits_recovery() ) {
			self::run();
		}
	}

	/**
	 * Whether an administrator asked for this check in wp-admin ("Test connection", "Check
	 * licence now"): the hub is then also asked to deliver what it queued at once.
	 *
	 * @return bool
	 */
	private static function asked_by_administrator(): bool {
		return is_admin() && ! wp_doing_cron() && current_user_can( 'manage_options' );
	}

	/**
	 * Whether an error answer is the hub's own refusal of the key.
	 *
	 * @param array{status: int, body: string} $answer An answer from Svc_Client_Hub_Client::request().
	 * @return bool
	 */
	public static function is_hub_refusal( array $answer ): bool {
		if ( 401 !== $answer['status'] && 403 !== $answer['status'] ) {
			return false;
		}
		$body = json_decode( $answer['body'], true );
		return is_array( $body )
			&& in_array( $body['code'] ?? null, self::HUB_REFUSALS, true )
			&& is_array( $body['data'] ?? null )
			&& $answer['status'] === ( $body['data']['status'] ?? null );
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
		/**
		 * The hub answered a session check; it is applied next (tests hold it here to apply it
		 * after a newer delivery).
		 *
		 * @param array $answer The answer: status, body, headers, error.
		 */
		do_action( 'svc_client_session_check_answered', $answer );
		$refusal = is_array( $summary ) && Svc_Client_Activation::is_active() ? Svc_Client_License_Document::refusal( $summary['license_document'] ?? null ) : '';
		if ( 200 === $answer['status'] && '' !== $refusal ) {
			Svc_Client_Activity_Log::add( 'document', 'refused', 'check: ' . $refusal );
			Svc_Client_License::record_failure( false, $refusal );
			return array(
				'outcome' => 'failed',
				'detail'  => $refusal,
			);
		}
		if ( 200 === $answer['status'] && is_array( $summary ) && is_array( $summary['entitlements'] ?? null ) ) {
			$sequence = is_int( $summary['sequence'] ?? null ) && $summary['sequence'] > 0 ? $summary['sequence'] : 0;
			$verdict  = Svc_Client_License::apply( $summary, $sequence, 'check' );
			if ( 'stale' === $verdict ) {
				Svc_Client_License::mark_checked();
				return array(
					'outcome' => 'stale',
					/* translators: %d: the sequence the hub answered with. */
					'detail'  => sprintf( __( 'The answer (sequence %d) is older than the licence held; kept the newer one.', 'svc-client' ), $sequence ),
				);
			}
			if ( 'busy' === $verdict ) {
				return array(
					'outcome' => 'busy',
					'detail'  => __( 'The licence is being changed by another request; try again.', 'svc-client' ),
				);
			}
			if ( Svc_Client_Activation::is_active() ) {
				Svc_Client_License_Document::receive( $summary['license_document'] ?? null, 'check' );
			}
			return array(
				'outcome' => 'ok',
				/* translators: 1: licence status, 2: feature list. */
				'detail'  => sprintf( __( 'Licence %1$s; features: %2$s', 'svc-client' ), (string) ( $summary['status'] ?? '' ), implode( ', ', Svc_Client_License::features() ) ),
			);
		}
		$detail = Svc_Client_Hub_Client::describe( $answer );
		if ( self::is_hub_refusal( $answer ) ) {
			Svc_Client_License::record_failure( true, $detail );
			return array(
				'outcome' => 'refused',
				'detail'  => $detail,
			);
		}
		Svc_Client_License::record_failure( false, $detail );
		$unreachable = 0 === $answer['status'] || $answer['status'] >= 500 || 401 === $answer['status'] || 403 === $answer['status'];
		return array(
			'outcome' => $unreachable ? 'unreachable' : 'failed',
			'detail'  => $detail,
		);
	}
}
