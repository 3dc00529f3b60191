<?php
/**
 * svc-client's settings: where the hub is, the key, the webhook secret, cost attribution.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * One option, `svc_client_settings`. The API key and the webhook secret are stored sealed
 * (Svc_Client_Secret_Box) and never printed back: the screen shows only whether one is set.
 * Beside them, `fingerprint`: a keyed hash of hub URL, key and secret (never the values), so a
 * save that changes any of the three is known and the licence held for the old ones is
 * forgotten (Svc_Client_Resync).
 */
final class Svc_Client_Settings {

	public const OPTION = 'svc_client_settings';

	/** Hours the last known licence holds while the hub cannot be reached. */
	public const DEFAULT_GRACE_HOURS = 72;

	/** Longest team or campaign name (the hub's metadata limit). */
	private const MAX_LABEL = 190;

	/**
	 * The stored settings with defaults, secrets opened.
	 *
	 * @return array{hub_url: string, api_key: string, webhook_secret: string, team: string, campaign: string, grace_hours: int}
	 */
	public static function get(): array {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		return array(
			'hub_url'        => is_string( $stored['hub_url'] ?? null ) ? $stored['hub_url'] : '',
			'api_key'        => Svc_Client_Secret_Box::open( (string) ( $stored['api_key'] ?? '' ) ),
			'webhook_secret' => Svc_Client_Secret_Box::open( (string) ( $stored['webhook_secret'] ?? '' ) ),
			'team'           => is_string( $stored['team'] ?? null ) ? $stored['team'] : '',
			'campaign'       => is_string( $stored['campaign'] ?? null ) ? $stored['campaign'] : '',
			'grace_hours'    => max( 1, (int) ( $stored['grace_hours'] ?? self::DEFAULT_GRACE_HOURS ) ),
		);
	}

	/**
	 * This site's team and campaign, those set, as the hub's `metadata` on a call (its cost
	 * report and render log show them).
	 *
	 * @return array<string, string>
	 */
	public static function cost_metadata(): array {
		$settings = self::get();
		return array_filter(
			array(
				'team'     => $settings['team'],
				'campaign' => $settings['campaign'],
			),
			static fn( $value ) => '' !== $value
		);
	}

	/**
	 * Whether a secret is stored but cannot be opened (salts or SVC_CLIENT_ENCRYPTION_KEY changed).
	 *
	 * @param string $name `api_key` or `webhook_secret`.
	 * @return bool
	 */
	public static function is_unreadable( string $name ): bool {
		$stored = get_option( self::OPTION, array() );
		$sealed = is_array( $stored ) ? (string) ( $stored[ $name ] ?? '' ) : '';
		return '' !== $sealed && '' === Svc_Client_Secret_Box::open( $sealed );
	}

	/**
	 * Validates submitted values and stores them when all are valid. An empty secret field keeps
	 * the stored secret (the screen never shows it). Returns the problems, field → message;
	 * nothing is stored when there is any.
	 *
	 * @param array<string, mixed> $input Submitted values (unslashed).
	 * @return array<string, string>
	 */
	public static function save( array $input ): array {
		$current  = self::get();
		$problems = array();
		$next     = $current;

		$hub_url = trim( (string) ( $input['hub_url'] ?? '' ) );
		$problem = self::hub_url_problem( $hub_url );
		if ( '' !== $problem ) {
			$problems['hub_url'] = $problem;
		}
		$next['hub_url'] = untrailingslashit( $hub_url );

		$api_key = trim( (string) ( $input['api_key'] ?? '' ) );
		if ( '' !== $api_key ) {
			if ( ! preg_match( '/\Asvc_live_[A-Za-z0-9]{32}\z/', $api_key ) ) {
				$problems['api_key'] = __( 'The API key is the svc_live_… value the hub showed when the key was created.', 'svc-client' );
			}
			$next['api_key'] = $api_key;
		} elseif ( '' === $current['api_key'] ) {
			$problems['api_key'] = __( 'Enter the API key the hub gave this site.', 'svc-client' );
		}

		$secret = trim( (string) ( $input['webhook_secret'] ?? '' ) );
		if ( '' !== $secret ) {
			if ( ! Svc_Client_Webhook_Verifier::is_valid_secret( $secret ) ) {
				$problems['webhook_secret'] = __( 'The webhook secret is the whsec_… value the hub showed with the key.', 'svc-client' );
			}
			$next['webhook_secret'] = $secret;
		}

		foreach ( array( 'team', 'campaign' ) as $label ) {
			$value = trim( (string) ( $input[ $label ] ?? '' ) );
			if ( strlen( $value ) > self::MAX_LABEL || preg_match( '/[\x00-\x1f\x7f]/', $value ) ) {
				$problems[ $label ] = __( 'At most 190 characters, no control characters.', 'svc-client' );
			}
			$next[ $label ] = $value;
		}

		$grace = (string) ( $input['grace_hours'] ?? (string) self::DEFAULT_GRACE_HOURS );
		if ( ! preg_match( '/\A[0-9]{1,4}\z/', $grace ) || (int) $grace < 1 || (int) $grace > 2160 ) {
			$problems['grace_hours'] = __( 'The grace period is a whole number of hours from 1 to 2160 (90 days).', 'svc-client' );
		}
		$next['grace_hours'] = (int) $grace;

		if ( array() === $problems ) {
			$changed = self::fingerprint( $next ) !== self::stored_fingerprint();
			if ( $changed ) {
				Svc_Client_Activation::forget();
			}
			self::store( $next );
			self::after_save( $changed );
		}
		return $problems;
	}

	/**
	 * Stores the hub URL, key and secret an activation issued (or empty ones after a
	 * deactivation), as a save would (Svc_Client_Activation).
	 *
	 * @param string $hub_url        The hub's address.
	 * @param string $api_key        The issued key, "" to forget it.
	 * @param string $webhook_secret The issued secret, "" to forget it.
	 */
	public static function connect( string $hub_url, string $api_key, string $webhook_secret ): void {
		$next    = array_merge( self::get(), compact( 'hub_url', 'api_key', 'webhook_secret' ) );
		$changed = self::fingerprint( $next ) !== self::stored_fingerprint();
		self::store( $next );
		self::after_save( $changed );
	}

	/**
	 * After a save: the licence held for another hub, key or secret is forgotten; once a secret
	 * is set, the hub is asked to deliver what it queued for this site at once (a delivery
	 * refused while no secret was set need not wait for the hub's schedule).
	 *
	 * @param bool $connection_changed Whether hub URL, key or secret changed.
	 */
	private static function after_save( bool $connection_changed ): void {
		if ( $connection_changed ) {
			Svc_Client_License::forget();
			Svc_Client_Activity_Log::add( 'resync', 'ok', __( 'The hub URL, key or secret changed: the licence held for the old ones is forgotten.', 'svc-client' ) );
		}
		$hub = Svc_Client_Hub_Client::from_settings();
		if ( $hub->is_configured() && '' !== self::get()['webhook_secret'] ) {
			$hub->redeliver();
		}
	}

	/**
	 * A keyed hash of hub URL, key and secret: equal for equal values, reveals none of them.
	 *
	 * @param array<string, mixed> $settings Settings as get() returns them.
	 * @return string
	 */
	private static function fingerprint( array $settings ): string {
		$connection = wp_json_encode( array( (string) $settings['hub_url'], (string) $settings['api_key'], (string) $settings['webhook_secret'] ) );
		return hash_hmac( 'sha256', (string) $connection, wp_salt( 'auth' ) );
	}

	/**
	 * The stored fingerprint; for settings saved before it was kept, the current values'.
	 *
	 * @return string
	 */
	private static function stored_fingerprint(): string {
		$stored = get_option( self::OPTION, array() );
		if ( is_array( $stored ) && is_string( $stored['fingerprint'] ?? null ) ) {
			return $stored['fingerprint'];
		}
		return is_array( $stored ) && array() !== $stored ? self::fingerprint( self::get() ) : '';
	}

	/**
	 * Why a hub URL cannot be used, "" when it can: http(s), a host, no credentials, query or fragment.
	 *
	 * @param string $url Candidate URL.
	 * @return string
	 */
	public static function hub_url_problem( string $url ): string {
		$parts = '' === $url ? false : wp_parse_url( $url );
		$valid = is_array( $parts )
			&& in_array( strtolower( (string) ( $parts['scheme'] ?? '' ) ), array( 'http', 'https' ), true )
			&& '' !== (string) ( $parts['host'] ?? '' )
			&& ! isset( $parts['user'] )
			&& ! isset( $parts['pass'] )
			&& ! isset( $parts['query'] )
			&& ! isset( $parts['fragment'] )
			&& strlen( $url ) <= 2000;
		return $valid ? '' : __( 'The hub URL is the hub site\'s address, e.g. https://hub.example (http or https, no query).', 'svc-client' );
	}

	/**
	 * Stores settings, sealing the secrets.
	 *
	 * @param array<string, mixed> $settings Settings as get() returns them.
	 */
	private static function store( array $settings ): void {
		$settings['fingerprint']    = self::fingerprint( $settings );
		$settings['api_key']        = Svc_Client_Secret_Box::seal( (string) $settings['api_key'] );
		$settings['webhook_secret'] = Svc_Client_Secret_Box::seal( (string) $settings['webhook_secret'] );
		update_option( self::OPTION, $settings, false );
	}
}
