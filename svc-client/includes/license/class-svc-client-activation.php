<?php
/**
 * Activation with a licence key, and deactivation.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Activation is onboarding (docs/architecture.md §12): `POST {hub}/wp-json/svc-license/v1/activations
 * { license_key, site_url }` issues this site's API key and webhook secret (stored sealed, as
 * the settings screen stores them), and the answer's activation id, licence block, staging flag
 * and the hub's `public_key` are kept in the option `svc_client_activation`. The public key is
 * pinned: only a new activation replaces it, never a push. While it is pinned, the features in
 * force come from the verified licence document only (Svc_Client_License_Document); a site
 * onboarded the old way (an admin-created key, nothing pinned) keeps the summary's rule.
 * Deactivation frees the seat on the hub, then forgets key, secret, licence and document.
 */
final class Svc_Client_Activation {

	public const OPTION = 'svc_client_activation';

	/** Longest licence key accepted before asking the hub. */
	private const MAX_KEY = 200;

	/**
	 * The pinned activation; empty strings and nulls when this site was not activated.
	 *
	 * @return array{activation_id: string, site_url: string, staging: bool, public_key: string, license: array<string, mixed>|null, activated_at: int}
	 */
	public static function get(): array {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		return array(
			'activation_id' => (string) ( $stored['activation_id'] ?? '' ),
			'site_url'      => (string) ( $stored['site_url'] ?? '' ),
			'staging'       => (bool) ( $stored['staging'] ?? false ),
			'public_key'    => (string) ( $stored['public_key'] ?? '' ),
			'license'       => is_array( $stored['license'] ?? null ) ? $stored['license'] : null,
			'activated_at'  => (int) ( $stored['activated_at'] ?? 0 ),
		);
	}

	/**
	 * Whether this site was activated with a licence key (a public key is pinned).
	 *
	 * @return bool
	 */
	public static function is_active(): bool {
		return '' !== self::public_key();
	}

	/**
	 * The pinned public key, raw 32 bytes; "" when none.
	 *
	 * @return string
	 */
	public static function public_key(): string {
		$raw = base64_decode( self::get()['public_key'], true );
		return is_string( $raw ) && SODIUM_CRYPTO_SIGN_PUBLICKEYBYTES === strlen( $raw ) ? $raw : '';
	}

	/**
	 * Activates this site with a licence key at the hub (the stored hub URL, or `$hub_url`).
	 *
	 * @param string $license_key The licence key from the order.
	 * @param string $hub_url     The hub's address; "" for the stored one.
	 * @return array<string, mixed>|WP_Error The hub's answer without the secrets, or its refusal.
	 */
	public static function activate( string $license_key, string $hub_url = '' ) {
		$license_key = trim( $license_key );
		$hub_url     = untrailingslashit( trim( '' === $hub_url ? Svc_Client_Settings::get()['hub_url'] : $hub_url ) );
		if ( '' !== Svc_Client_Settings::hub_url_problem( $hub_url ) ) {
			return new WP_Error( 'svc_client_invalid_hub_url', Svc_Client_Settings::hub_url_problem( $hub_url ), array( 'params' => array( 'hub_url' => 'invalid' ) ) );
		}
		if ( '' === $license_key || strlen( $license_key ) > self::MAX_KEY || preg_match( '/[\x00-\x20\x7f]/', $license_key ) ) {
			return new WP_Error( 'svc_client_invalid_license_key', __( 'Enter the licence key from your order.', 'svc-client' ), array( 'params' => array( 'license_key' => 'invalid' ) ) );
		}
		$hub    = new Svc_Client_Hub_Client( $hub_url, '' );
		$answer = $hub->request(
			'POST',
			'svc-license/v1/activations',
			array(
				'license_key' => $license_key,
				'site_url'    => home_url(),
			)
		);
		$body   = json_decode( $answer['body'], true );
		$issued = is_array( $body ) && is_string( $body['api_key'] ?? null ) && is_string( $body['webhook_secret'] ?? null ) && is_string( $body['public_key'] ?? null );
		if ( ! in_array( $answer['status'], array( 200, 201 ), true ) || ! $issued ) {
			return self::refusal( $answer, $body );
		}
		update_option(
			self::OPTION,
			array(
				'activation_id' => (string) ( $body['activation_id'] ?? '' ),
				'site_url'      => (string) ( $body['site_url'] ?? home_url() ),
				'staging'       => true === ( $body['staging'] ?? false ),
				'public_key'    => $body['public_key'],
				'license'       => is_array( $body['license'] ?? null ) ? $body['license'] : null,
				'activated_at'  => time(),
			),
			false
		);
		Svc_Client_License_Document::forget();
		Svc_Client_Settings::connect( $hub_url, $body['api_key'], $body['webhook_secret'] );
		Svc_Client_Activity_Log::add( 'activation', 'ok', sprintf( '%s: %s', (string) ( $body['activation_id'] ?? '' ), (string) ( $body['site_url'] ?? '' ) ) );
		Svc_Client_Session_Check::run();
		unset( $body['api_key'], $body['webhook_secret'] );
		return $body;
	}

	/**
	 * Deactivates this site at the hub (`DELETE /svc-license/v1/activations/{id}` with the site's
	 * key: the seat is freed), then forgets key, secret, licence, document and activation. An
	 * activation the hub no longer knows (404), or one whose key the hub refuses (ended from the
	 * hub's side, its key revoked), is forgotten too.
	 *
	 * @return true|WP_Error
	 */
	public static function deactivate() {
		$activation = self::get();
		if ( '' === $activation['activation_id'] ) {
			return new WP_Error( 'svc_client_not_activated', __( 'This site was not activated with a licence key.', 'svc-client' ), array( 'status' => 400 ) );
		}
		$answer = Svc_Client_Hub_Client::from_settings()->request( 'DELETE', 'svc-license/v1/activations/' . rawurlencode( $activation['activation_id'] ) );
		$gone = 404 === $answer['status'] || Svc_Client_Session_Check::is_hub_refusal( $answer );
		if ( 200 !== $answer['status'] && ! $gone ) {
			return self::refusal( $answer, json_decode( $answer['body'], true ) );
		}
		delete_option( self::OPTION );
		Svc_Client_License_Document::forget();
		Svc_Client_Settings::connect( Svc_Client_Settings::get()['hub_url'], '', '' );
		Svc_Client_Activity_Log::add( 'activation', 'ended', $activation['activation_id'] );
		return true;
	}

	/**
	 * Forgets the pinned activation alone (the hub URL, key or secret were changed by hand).
	 */
	public static function forget(): void {
		delete_option( self::OPTION );
		Svc_Client_License_Document::forget();
	}

	/**
	 * The hub's refusal in its own words, as a WP_Error: 409 lists the sites holding the seats,
	 * 429 says when to try again.
	 *
	 * @param array{status: int, body: string, headers: array<string, string>, error: string} $answer The answer.
	 * @param mixed                                                                           $body   Its decoded body.
	 * @return WP_Error
	 */
	private static function refusal( array $answer, $body ): WP_Error {
		$body    = is_array( $body ) ? $body : array();
		$data    = is_array( $body['data'] ?? null ) ? $body['data'] : array();
		$message = is_string( $body['message'] ?? null ) ? $body['message'] : Svc_Client_Hub_Client::describe( $answer );
		$sites   = array_values( array_filter( (array) ( $data['sites'] ?? array() ), 'is_string' ) );
		if ( array() !== $sites ) {
			/* translators: %s: the sites, comma-separated. */
			$message .= ' ' . sprintf( __( 'Sites holding the seats: %s.', 'svc-client' ), implode( ', ', $sites ) );
		}
		$retry = (int) ( $answer['headers']['retry-after'] ?? 0 );
		if ( 429 === $answer['status'] && $retry > 0 ) {
			/* translators: %d: seconds. */
			$message .= ' ' . sprintf( _n( 'Try again in %d second.', 'Try again in %d seconds.', $retry, 'svc-client' ), $retry );
		}
		$code = is_string( $body['code'] ?? null ) ? $body['code'] : 'svc_client_hub_unreachable';
		return new WP_Error(
			$code,
			$message,
			array(
				'status'      => $answer['status'],
				'sites'       => $sites,
				'retry_after' => $retry,
				'params'      => $data['params'] ?? null,
			)
		);
	}
}
