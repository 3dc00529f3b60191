<?php
/**
 * POST /wp-json/svc-client/v1/entitlement — the hub's propagation messages.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Receives `entitlement.updated` summaries and `ai.threshold` alerts (docs/propagation.md of the
 * hub):
 *
 * 0. no webhook secret set yet (the site is being connected) → 503 with `Retry-After: 10`: the
 *    hub tries again soon instead of on its schedule, and saving the settings asks it to
 *    deliver at once (docs/propagation.md of the hub);
 * 1. verified first (Standard Webhooks; anything wrong → 401, nothing stored);
 * 2. its order is the `sequence` inside the signed body (Svc_Client_Sequence; the unsigned
 *    `svc-sequence` header is never read): none → 400; more than ten million past the one
 *    held → 409, nothing stored, the id not remembered (a retry is refused the same way);
 * 3. a `webhook-id` already applied is acknowledged (200, `duplicate`) and not applied again —
 *    the hub delivers at least once, and a 401 would make it retry a message it already gave;
 * 4. a summary whose sequence is not newer than the one held is acknowledged and ignored;
 * 5. else the summary is stored and the features switch at once; an alert is recorded
 *    (Svc_Client_Ai_Alerts: alerts are ordered among themselves, so steps 2 and 4 compare an
 *    alert's sequence with the last alert's; the jump, with the newest sequence held).
 *
 * What anyone can send — an unverified request, a repeat of a captured delivery — is counted
 * (Svc_Client_Request_Tally, bounded writes), never logged one by one, so it cannot push the
 * real deliveries out of the activity log.
 */
final class Svc_Client_Receiver {

	/** Ids remembered for twice the signature's five-minute window. */
	private const SEEN_SECONDS = 600;

	/** Most ids remembered. */
	private const SEEN_MAX = 1000;

	/** Largest body read, in bytes (a summary of 200 entitlements fits many times over). */
	private const MAX_BODY = 262144;

	public const SEEN_OPTION = 'svc_client_seen_webhooks';

	/** Seconds the hub is asked to wait while no secret is set (short: the admin is pasting it). */
	public const NOT_READY_RETRY_AFTER = 10;

	/** Seconds the hub is asked to wait while another request changes the licence. */
	private const BUSY_RETRY_AFTER = 2;

	/**
	 * Registers the route.
	 */
	public static function register(): void {
		register_rest_route(
			'svc-client/v1',
			'/entitlement',
			array(
				'methods'             => 'POST',
				'callback'            => array( self::class, 'receive' ),
				'permission_callback' => '__return_true', // Public by design: the signature is the authentication, checked first in receive().
			)
		);
	}

	/**
	 * Handles one delivery.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function receive( WP_REST_Request $request ) {
		$body = $request->get_body();
		if ( strlen( $body ) > self::MAX_BODY ) {
			return self::refuse_unverified( 413, 'svc_client_too_large', __( 'The message is larger than a summary can be.', 'svc-client' ), 'body too large' );
		}
		$secret = Svc_Client_Settings::get()['webhook_secret'];
		if ( '' === $secret ) {
			return self::try_later( self::NOT_READY_RETRY_AFTER, 'svc_client_not_configured', __( 'This site has no webhook secret yet; try again shortly.', 'svc-client' ) );
		}
		$verifier = new Svc_Client_Webhook_Verifier( $secret );
		$id       = (string) $request->get_header( 'webhook-id' );
		$problem  = $verifier->problem( $id, (string) $request->get_header( 'webhook-timestamp' ), (string) $request->get_header( 'webhook-signature' ), $body, time() );
		if ( '' !== $problem ) {
			return self::refuse_unverified( 401, 'svc_client_bad_signature', __( 'The message could not be verified.', 'svc-client' ), $problem );
		}
		$message = json_decode( $body, true );
		$data    = is_array( $message ) ? ( $message['data'] ?? null ) : null;
		$alert   = null;
		if ( is_array( $message ) && 'ai.threshold' === ( $message['type'] ?? '' ) ) {
			list( $alert, $problem ) = Svc_Client_Ai_Figures::check_threshold( $data );
			if ( null === $alert ) {
				/* translators: %s: the first field that is wrong, e.g. data.used. */
				return self::refuse( 400, 'svc_client_bad_message', sprintf( __( 'The ai.threshold alert is not as the hub documents it: %s.', 'svc-client' ), $problem ), sprintf( '%s: ai.threshold alert refused: %s', $id, $problem ) );
			}
		} elseif ( ! is_array( $data ) || 'entitlement.updated' !== ( $message['type'] ?? '' ) || ! is_array( $data['entitlements'] ?? null ) ) {
			return self::refuse( 400, 'svc_client_bad_message', __( 'The message is not an entitlement.updated summary or an ai.threshold alert.', 'svc-client' ), 'not an entitlement.updated summary or an ai.threshold alert' );
		}
		$document = null === $alert && Svc_Client_Activation::is_active() ? Svc_Client_License_Document::refusal( $data['license_document'] ?? null ) : '';
		if ( '' !== $document ) {
			return self::refuse( 403, 'svc_client_bad_document', __( 'The licence document does not verify for this site: nothing changed.', 'svc-client' ), sprintf( '%s: %s', $id, $document ) );
		}
		$sequence = Svc_Client_Sequence::of( $message );
		if ( 0 === $sequence ) {
			return self::refuse( 400, 'svc_client_bad_message', __( 'The message has no sequence: a whole number from 1 in the signed body (the svc-sequence header is not read).', 'svc-client' ), sprintf( '%s: no sequence in the signed body', $id ) );
		}
		$held = max( Svc_Client_License::state()['sequence'], Svc_Client_Ai_Alerts::sequence() );
		if ( 'jump' === Svc_Client_Sequence::verdict( $sequence, $held ) ) {
			/* translators: 1: the message's sequence, 2: the largest step accepted, 3: the last applied sequence. */
			$text = sprintf( __( 'The message\'s sequence %1$d is more than %2$s past the last one applied (%3$d): refused, nothing changed.', 'svc-client' ), $sequence, number_format_i18n( Svc_Client_Sequence::MAX_STEP ), $held );
			return self::refuse( 409, 'svc_client_sequence_jump', $text, sprintf( '%s: sequence %d is more than %d past the last applied %d', $id, $sequence, Svc_Client_Sequence::MAX_STEP, $held ) );
		}
		if ( self::seen( $id ) ) {
			Svc_Client_Request_Tally::count( 'duplicate', $id );
			return new WP_REST_Response( array( 'received' => true, 'applied' => false, 'reason' => 'duplicate' ), 200 );
		}
		self::remember( $id );
		Svc_Client_Session_Check::recover_soon();
		if ( null !== $alert ) {
			return self::record_alert( $id, $alert, $sequence );
		}
		$verdict = Svc_Client_License::apply( $data, $sequence, 'webhook' );
		if ( 'busy' === $verdict ) {
			self::forget( $id );
			return self::try_later( self::BUSY_RETRY_AFTER, 'svc_client_busy', __( 'The licence is being changed by another request; try again.', 'svc-client' ) );
		}
		if ( 'stale' === $verdict ) {
			Svc_Client_Activity_Log::add( 'delivery', 'ignored', sprintf( '%s: sequence %d is not newer than the one held', $id, $sequence ) );
			return new WP_REST_Response( array( 'received' => true, 'applied' => false, 'reason' => 'stale' ), 200 );
		}
		if ( Svc_Client_Activation::is_active() ) {
			Svc_Client_License_Document::receive( $data['license_document'] ?? null, 'webhook' );
		}
		Svc_Client_License::announce_changes();
		Svc_Client_Activity_Log::add( 'delivery', 'applied', sprintf( '%s: sequence %d, features: %s', $id, $sequence, implode( ', ', Svc_Client_License::features() ) ) );
		return new WP_REST_Response( array( 'received' => true, 'applied' => true ), 200 );
	}

	/**
	 * Records a verified, checked `ai.threshold` alert unless a newer alert was applied.
	 *
	 * @param string                                                                                        $id       webhook-id.
	 * @param array{threshold: int, used: string, amount: string, currency: string, resets_at: string|null} $alert    The alert.
	 * @param int                                                                                           $sequence Its sequence.
	 * @return WP_REST_Response
	 */
	private static function record_alert( string $id, array $alert, int $sequence ): WP_REST_Response {
		if ( ! Svc_Client_Ai_Alerts::record( $alert, $sequence ) ) {
			Svc_Client_Activity_Log::add( 'delivery', 'ignored', sprintf( '%s: ai.threshold sequence %d is not newer than the last alert', $id, $sequence ) );
			return new WP_REST_Response( array( 'received' => true, 'applied' => false, 'reason' => 'stale' ), 200 );
		}
		Svc_Client_Activity_Log::add( 'delivery', 'applied', sprintf( '%s: sequence %d, AI allowance %d %% used (%s of %s %s)', $id, $sequence, $alert['threshold'], $alert['used'], $alert['amount'], $alert['currency'] ) );
		return new WP_REST_Response( array( 'received' => true, 'applied' => true ), 200 );
	}

	/**
	 * A refusal of a verified delivery: logged (reason only), answered in the REST error shape.
	 *
	 * @param int    $status  HTTP status.
	 * @param string $code    Error code.
	 * @param string $message Message for the sender.
	 * @param string $reason  Reason for the activity log.
	 * @return WP_Error
	 */
	private static function refuse( int $status, string $code, string $message, string $reason ): WP_Error {
		Svc_Client_Activity_Log::add( 'delivery', 'refused', $reason );
		return new WP_Error( $code, $message, array( 'status' => $status ) );
	}

	/**
	 * A refusal of a request that is not a verified delivery: counted, not logged (anyone can
	 * send one), answered in the REST error shape.
	 *
	 * @param int    $status  HTTP status.
	 * @param string $code    Error code.
	 * @param string $message Message for the sender.
	 * @param string $reason  Reason for the tally.
	 * @return WP_Error
	 */
	private static function refuse_unverified( int $status, string $code, string $message, string $reason ): WP_Error {
		Svc_Client_Request_Tally::count( 'unverified', $reason );
		return new WP_Error( $code, $message, array( 'status' => $status ) );
	}

	/**
	 * A 503 with Retry-After in the REST error shape: the hub tries again at that time.
	 *
	 * @param int    $seconds Retry-After.
	 * @param string $code    Error code.
	 * @param string $message Message for the sender.
	 * @return WP_REST_Response
	 */
	private static function try_later( int $seconds, string $code, string $message ): WP_REST_Response {
		$response = new WP_REST_Response(
			array(
				'code'    => $code,
				'message' => $message,
				'data'    => array( 'status' => 503 ),
			),
			503
		);
		$response->header( 'Retry-After', (string) $seconds );
		return $response;
	}

	/**
	 * Forgets a webhook id remembered for a delivery that was not applied after all.
	 *
	 * @param string $id webhook-id.
	 */
	private static function forget( string $id ): void {
		$recent = self::recent();
		unset( $recent[ $id ] );
		update_option( self::SEEN_OPTION, $recent, false );
	}

	/**
	 * Whether a webhook id was applied within the remembered window.
	 *
	 * @param string $id webhook-id.
	 * @return bool
	 */
	private static function seen( string $id ): bool {
		return isset( self::recent()[ $id ] );
	}

	/**
	 * Remembers a webhook id, forgetting those past the window.
	 *
	 * @param string $id webhook-id.
	 */
	private static function remember( string $id ): void {
		$recent        = self::recent();
		$recent[ $id ] = time();
		update_option( self::SEEN_OPTION, array_slice( $recent, -self::SEEN_MAX, null, true ), false );
	}

	/**
	 * The remembered ids within the window, id → when.
	 *
	 * @return array<string, int>
	 */
	private static function recent(): array {
		$stored = get_option( self::SEEN_OPTION, array() );
		$cutoff = time() - self::SEEN_SECONDS;
		return array_filter( is_array( $stored ) ? $stored : array(), static fn( $at ) => (int) $at >= $cutoff );
	}
}
