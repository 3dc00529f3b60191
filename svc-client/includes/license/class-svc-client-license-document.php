<?php
/**
 * The hub's signed licence document: verified against the key pinned at activation.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every push and every session check answer carries `license_document { payload, signature }`
 * (docs/architecture.md §12): base64url canonical JSON signed with the hub's Ed25519 key. On an
 * activated site (a public key pinned, Svc_Client_Activation) a document is kept only when its
 * signature verifies with the pinned key, it names this activation's site and its sequence is
 * not older than the one held; a refused one is logged and changes nothing. The stored document
 * is verified again whenever it is read, so an edited option switches nothing on: the features
 * in force are the document's, while its status is active, before its expiry and before its
 * grace end (a hub outage is survived exactly until then; Svc_Client_Features_Timer announces
 * the change at that moment).
 */
final class Svc_Client_License_Document {

	public const OPTION = 'svc_client_license_document';

	/**
	 * Why a document cannot be this activation's, "" when it can: it must verify with the pinned
	 * key and name this activation's site.
	 *
	 * @param mixed $document The `license_document` received.
	 * @return string
	 */
	public static function refusal( $document ): string {
		$fields = is_array( $document ) ? self::verify( $document ) : null;
		if ( null === $fields ) {
			return __( 'the licence document is missing or its signature does not verify with the pinned key', 'svc-client' );
		}
		return $fields['site'] === Svc_Client_Activation::get()['site_url'] ? '' : __( 'the licence document is for another site', 'svc-client' );
	}

	/**
	 * Checks and keeps a document the hub sent. Returns "" when kept, else why it was refused
	 * (one line, also logged in the activity log).
	 *
	 * @param mixed  $document The `license_document` received.
	 * @param string $source   webhook or check.
	 * @return string
	 */
	public static function receive( $document, string $source ): string {
		$reason = self::refusal( $document );
		$held   = self::fields();
		if ( '' === $reason && null !== $held ) {
			$sequence = (int) self::verify( $document )['sequence'];
			if ( $sequence < (int) $held['sequence'] ) {
				/* translators: 1: the document's sequence, 2: the one held. */
				$reason = sprintf( __( 'the licence document\'s sequence %1$d is older than the one held (%2$d)', 'svc-client' ), $sequence, (int) $held['sequence'] );
			}
		}
		if ( '' !== $reason ) {
			Svc_Client_Activity_Log::add( 'document', 'refused', $source . ': ' . $reason );
			return $reason;
		}
		update_option(
			self::OPTION,
			array(
				'payload'   => (string) $document['payload'],
				'signature' => (string) $document['signature'],
			),
			false
		);
		Svc_Client_Features_Timer::schedule( Svc_Client_License::state() );
		return '';
	}

	/**
	 * The stored document's fields, verified now with the pinned key; null when none verifies.
	 *
	 * @return array<string, mixed>|null
	 */
	public static function fields(): ?array {
		$stored = get_option( self::OPTION, null );
		return is_array( $stored ) ? self::verify( $stored ) : null;
	}

	/**
	 * The features the stored document switches on now, sorted.
	 *
	 * @return string[]
	 */
	public static function features(): array {
		$fields = self::fields();
		$now    = time();
		if ( null === $fields || 'active' !== ( $fields['status'] ?? '' ) || $now >= self::time_of( $fields['grace_ends_at'] ?? null ) ) {
			return array();
		}
		if ( is_string( $fields['expires_at'] ?? null ) && $now >= self::time_of( $fields['expires_at'] ) ) {
			return array();
		}
		$features = array_values( array_unique( array_filter( (array) ( $fields['features'] ?? array() ), 'is_string' ) ) );
		sort( $features );
		return $features;
	}

	/**
	 * The next moment (unix seconds) the stored document switches features off by itself: its
	 * grace end or its expiry, whichever comes first; 0 without one.
	 *
	 * @return int
	 */
	public static function ends_at(): int {
		$fields = self::fields();
		if ( null === $fields ) {
			return 0;
		}
		$grace = self::time_of( $fields['grace_ends_at'] ?? null );
		return is_string( $fields['expires_at'] ?? null ) ? min( $grace, self::time_of( $fields['expires_at'] ) ) : $grace;
	}

	/**
	 * Forgets the document (a deactivation, another hub, key or secret).
	 */
	public static function forget(): void {
		delete_option( self::OPTION );
	}

	/**
	 * The fields a document vouches for when its signature verifies with the pinned key.
	 *
	 * @param array<string, mixed> $document Payload and signature, base64url.
	 * @return array<string, mixed>|null
	 */
	public static function verify( array $document ): ?array {
		$public_key = Svc_Client_Activation::public_key();
		$payload    = self::base64url_decode( $document['payload'] ?? null );
		$signature  = self::base64url_decode( $document['signature'] ?? null );
		if ( '' === $public_key || null === $payload || null === $signature || SODIUM_CRYPTO_SIGN_BYTES !== strlen( $signature ) ) {
			return null;
		}
		if ( ! sodium_crypto_sign_verify_detached( $signature, $payload, $public_key ) ) {
			return null;
		}
		$fields = json_decode( $payload, true );
		return is_array( $fields ) && is_int( $fields['sequence'] ?? null ) && is_string( $fields['site'] ?? null ) ? $fields : null;
	}

	/**
	 * Unix seconds of an ISO 8601 time; 0 (long past) when it is not one.
	 *
	 * @param mixed $value The time.
	 * @return int
	 */
	private static function time_of( $value ): int {
		$time = is_string( $value ) ? strtotime( $value ) : false;
		return false === $time ? 0 : $time;
	}

	/**
	 * Decodes base64url without padding; null when it is not.
	 *
	 * @param mixed $value Encoded.
	 * @return string|null
	 */
	private static function base64url_decode( $value ): ?string {
		if ( ! is_string( $value ) || '' === $value || strlen( $value ) > 65536 ) {
			return null;
		}
		$bytes = base64_decode( strtr( $value, '-_', '+/' ) . str_repeat( '=', ( 4 - strlen( $value ) % 4 ) % 4 ), true );
		return false === $bytes ? null : $bytes;
	}
}
