<?php
/**
 * Shell <-> worker request signatures (scheme v2: docs/architecture.md §1 plus the route's auth kind,
 * docs/api-notes.md), in plain PHP.
 *
 * This file must not call WordPress functions: tests/php/signer-vector.php loads it alone.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || defined( 'SVC_HUB_STANDALONE' ) || exit;

/**
 * Signs and verifies `X-Svc-Hub-Signature: v2=<hex HMAC-SHA256>`.
 *
 * The signed text is these lines joined by "\n":
 * `v2`, METHOD, path (+ `?query`), timestamp, nonce, sha256hex(Authorization or ""),
 * auth kind (of the route-table row, sent as X-Svc-Hub-Auth), user, client ip,
 * sha256hex(raw body).
 */
final class Svc_Hub_Signer {

	/** Signature scheme version, first line of the signed text and prefix of the header value. */
	public const VERSION = 'v2';

	/** Largest accepted distance, in seconds, between a signature's timestamp and now. */
	public const MAX_AGE = 300;

	/** @var string Shared secret (SVC_HUB_SECRET). */
	private string $secret;

	/** @var callable(): int Returns the current unix time; injectable for tests. */
	private $clock;

	/**
	 * @param string        $secret Shared secret, never empty.
	 * @param callable|null $clock  Returns "now" in unix seconds; defaults to time().
	 */
	public function __construct( string $secret, ?callable $clock = null ) {
		$this->secret = $secret;
		$this->clock  = $clock ?? 'time';
	}

	/**
	 * Builds the exact text that is signed.
	 *
	 * @param string $method        HTTP method, any case (upper-cased here).
	 * @param string $path          Canonical path `/wp-json/<namespace>/<route>` plus `?query` when there is one.
	 * @param string $timestamp     Unix seconds as sent in X-Svc-Hub-Timestamp.
	 * @param string $nonce         32 hex characters as sent in X-Svc-Hub-Nonce.
	 * @param string $authorization Authorization header value, "" when absent.
	 * @param string $auth          Auth kind of the route (`public`, `bearer`, `webhook`, `admin`, `internal`), as sent in X-Svc-Hub-Auth.
	 * @param string $user          Acting WordPress user id, "" when none.
	 * @param string $client_ip     Client address as sent in X-Svc-Hub-Client-Ip.
	 * @param string $body          Raw request body bytes.
	 * @return string
	 */
	public static function canonical_text( string $method, string $path, string $timestamp, string $nonce, string $authorization, string $auth, string $user, string $client_ip, string $body ): string {
		return implode(
			"\n",
			array(
				self::VERSION,
				strtoupper( $method ),
				$path,
				$timestamp,
				$nonce,
				hash( 'sha256', $authorization ),
				$auth,
				$user,
				$client_ip,
				hash( 'sha256', $body ),
			)
		);
	}

	/**
	 * Computes the header value `v2=<hex>` for the given request parts.
	 *
	 * Same parameters as canonical_text().
	 *
	 * @return string
	 */
	public function sign( string $method, string $path, string $timestamp, string $nonce, string $authorization, string $auth, string $user, string $client_ip, string $body ): string {
		$text = self::canonical_text( $method, $path, $timestamp, $nonce, $authorization, $auth, $user, $client_ip, $body );
		return self::VERSION . '=' . hash_hmac( 'sha256', $text, $this->secret );
	}

	/**
	 * Produces the six X-Svc-Hub-* headers for an outgoing request, with a fresh timestamp and nonce.
	 *
	 * @param string $method        HTTP method.
	 * @param string $path          Canonical path plus `?query`.
	 * @param string $authorization Authorization header value, "" when absent.
	 * @param string $auth          Auth kind of the route.
	 * @param string $user          Acting WordPress user id, "" when none.
	 * @param string $client_ip     Client address.
	 * @param string $body          Raw body bytes.
	 * @return array<string,string> Header name => value.
	 */
	public function headers_for( string $method, string $path, string $authorization, string $auth, string $user, string $client_ip, string $body ): array {
		$timestamp = (string) ( $this->clock )();
		$nonce     = bin2hex( random_bytes( 16 ) );
		return array(
			'X-Svc-Hub-Timestamp' => $timestamp,
			'X-Svc-Hub-Nonce'     => $nonce,
			'X-Svc-Hub-Auth'      => $auth,
			'X-Svc-Hub-User'      => $user,
			'X-Svc-Hub-Client-Ip' => $client_ip,
			'X-Svc-Hub-Signature' => $this->sign( $method, $path, $timestamp, $nonce, $authorization, $auth, $user, $client_ip, $body ),
		);
	}

	/**
	 * Checks a received signature: well-formed timestamp and nonce, timestamp within MAX_AGE
	 * of now (either side), and a matching HMAC compared in constant time.
	 *
	 * Replay (a nonce seen before) is the caller's check: it needs storage.
	 *
	 * @param string $signature     X-Svc-Hub-Signature value as received.
	 * @param string $method        HTTP method.
	 * @param string $path          Canonical path plus `?query`, as received.
	 * @param string $timestamp     X-Svc-Hub-Timestamp value.
	 * @param string $nonce         X-Svc-Hub-Nonce value.
	 * @param string $authorization Authorization header value, "" when absent.
	 * @param string $auth          X-Svc-Hub-Auth value.
	 * @param string $user          X-Svc-Hub-User value.
	 * @param string $client_ip     X-Svc-Hub-Client-Ip value.
	 * @param string $body          Raw body bytes.
	 * @return bool
	 */
	public function verify( string $signature, string $method, string $path, string $timestamp, string $nonce, string $authorization, string $auth, string $user, string $client_ip, string $body ): bool {
		if ( 1 !== preg_match( '/^[0-9]{1,12}\z/', $timestamp ) || 1 !== preg_match( '/^[0-9a-f]{32}\z/', $nonce ) ) {
			return false;
		}
		if ( abs( (int) ( $this->clock )() - (int) $timestamp ) > self::MAX_AGE ) {
			return false;
		}
		$expected = $this->sign( $method, $path, $timestamp, $nonce, $authorization, $auth, $user, $client_ip, $body );
		return hash_equals( $expected, $signature );
	}
}
