<?php
/**
 * Standard Webhooks verification of what the hub POSTs.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Checks `webhook-id`, `webhook-timestamp` (within five minutes of now) and
 * `webhook-signature` (space-separated `v1,<base64>` entries; any one matching, compared in
 * constant time) over `{id}.{timestamp}.{raw body}`, keyed with the base64-decoded part of
 * the `whsec_` secret. The hub sends one entry per active key of the site, so a rotation
 * verifies with whichever secret this site holds.
 */
final class Svc_Client_Webhook_Verifier {

	/** Largest clock difference accepted, in seconds (Standard Webhooks: five minutes). */
	public const TOLERANCE_SECONDS = 300;

	/** Most signature entries read from one header. */
	private const MAX_SIGNATURES = 10;

	/** @var string */
	private string $key;

	/**
	 * @param string $secret The webhook secret, `whsec_<base64>`.
	 */
	public function __construct( string $secret ) {
		$this->key = self::key_bytes( $secret );
	}

	/**
	 * Whether a secret has the `whsec_<base64>` form and 24 to 512 key bytes.
	 *
	 * @param string $secret Candidate secret.
	 * @return bool
	 */
	public static function is_valid_secret( string $secret ): bool {
		$length = strlen( self::key_bytes( $secret ) );
		return $length >= 24 && $length <= 512;
	}

	/**
	 * Verifies one delivery. Returns "" when it is genuine, else why not (never the secret).
	 *
	 * @param string $id        The webhook-id header.
	 * @param string $timestamp The webhook-timestamp header.
	 * @param string $signature The webhook-signature header.
	 * @param string $body      The raw body, byte for byte.
	 * @param int    $now       Unix seconds now.
	 * @return string
	 */
	public function problem( string $id, string $timestamp, string $signature, string $body, int $now ): string {
		if ( '' === $this->key ) {
			return 'no webhook secret is configured';
		}
		if ( '' === $id || strlen( $id ) > 255 || '' === $signature ) {
			return 'webhook-id and webhook-signature are required';
		}
		if ( ! preg_match( '/\A[0-9]{1,12}\z/', $timestamp ) ) {
			return 'webhook-timestamp must be unix seconds';
		}
		if ( abs( $now - (int) $timestamp ) > self::TOLERANCE_SECONDS ) {
			return 'webhook-timestamp is more than five minutes from now';
		}
		$expected = base64_encode( hash_hmac( 'sha256', $id . '.' . $timestamp . '.' . $body, $this->key, true ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- the Standard Webhooks signature encoding.
		$entries  = array_slice( preg_split( '/\s+/', trim( $signature ) ), 0, self::MAX_SIGNATURES );
		foreach ( $entries as $entry ) {
			if ( str_starts_with( $entry, 'v1,' ) && hash_equals( $expected, substr( $entry, 3 ) ) ) {
				return '';
			}
		}
		return 'no signature matches';
	}

	/**
	 * The key bytes of a `whsec_` secret, "" when it has another form.
	 *
	 * @param string $secret The secret.
	 * @return string
	 */
	private static function key_bytes( string $secret ): string {
		if ( ! str_starts_with( $secret, 'whsec_' ) ) {
			return '';
		}
		$bytes = base64_decode( substr( $secret, 6 ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- Standard Webhooks secrets are base64.
		return false === $bytes ? '' : $bytes;
	}
}
