<?php
/**
 * POST /wp-json/svc-client/v1/entitlement — the hub's propagation messages.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Receives `entitlement.updated` messages (docs/propagation.md of the hub):
 *
 * 1. verified first (Standard Webhooks; anything wrong → 401, nothing stored);
 * 2. a `webhook-id` already applied is acknowledged (200, `duplicate`) and not applied again —
 *    the hub delivers at least once, and a 401 would make it retry a message it already gave;
 * 3. a summary whose `svc-sequence` is not newer than the one held is acknowledged and ignored;
 * 4. else the summary is stored and the features switch at once.
 */
final class Svc_Client_Receiver {

	/** Ids remembered for twice the signature's five-minute window. */
	private const SEEN_SECONDS = 600;

	/** Most ids remembered. */
	private const SEEN_MAX = 1000;

	/** Largest body read, in bytes (a summary of 200 entitlements fits many times over). */
	private const MAX_BODY = 262144;

	public const SEEN_OPTION = 'svc_client_seen_webhooks';

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
			return self::refuse( 413, 'svc_client_too_large', __( 'The message is larger than a summary can be.', 'svc-client' ), 'body too large' );
		}
		$verifier = new Svc_Client_Webhook_Verifier( Svc_Client_Settings::get()['webhook_secret'] );
		$id       = (string) $request->get_header( 'webhook-id' );
		$problem  = $verifier->problem( $id, (string) $request->get_header( 'webhook-timestamp' ), (string) $request->get_header( 'webhook-signature' ), $body, time() );
		if ( '' !== $problem ) {
			return self::refuse( 401, 'svc_client_bad_signature', __( 'The message could not be verified.', 'svc-client' ), $problem );
		}
		$message = json_decode( $body, true );
		$data    = is_array( $message ) ? ( $message['data'] ?? null ) : null;
		if ( ! is_array( $data ) || 'entitlement.updated' !== ( $message['type'] ?? '' ) || ! is_array( $data['entitlements'] ?? null ) ) {
			return self::refuse( 400, 'svc_client_bad_message', __( 'The message is not an entitlement.updated summary.', 'svc-client' ), 'not an entitlement.updated summary' );
		}
		$sequence = (string) $request->get_header( 'svc-sequence' );
		if ( ! preg_match( '/\A[1-9][0-9]{0,17}\z/', $sequence ) ) {
			return self::refuse( 400, 'svc_client_bad_message', __( 'The svc-sequence header must be a positive whole number.', 'svc-client' ), 'no svc-sequence' );
		}
		if ( self::seen( $id ) ) {
			Svc_Client_Activity_Log::add( 'delivery', 'duplicate', sprintf( '%s already applied', $id ) );
			return new WP_REST_Response( array( 'received' => true, 'applied' => false, 'reason' => 'duplicate' ), 200 );
		}
		self::remember( $id );
		if ( ! Svc_Client_License::apply( $data, (int) $sequence, 'webhook' ) ) {
			Svc_Client_Activity_Log::add( 'delivery', 'ignored', sprintf( '%s: sequence %s is not newer than the one held', $id, $sequence ) );
			return new WP_REST_Response( array( 'received' => true, 'applied' => false, 'reason' => 'stale' ), 200 );
		}
		Svc_Client_License::announce_changes();
		Svc_Client_Activity_Log::add( 'delivery', 'applied', sprintf( '%s: sequence %s, features: %s', $id, $sequence, implode( ', ', Svc_Client_License::features() ) ) );
		return new WP_REST_Response( array( 'received' => true, 'applied' => true ), 200 );
	}

	/**
	 * A refusal: logged (reason only), answered in the REST error shape.
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
