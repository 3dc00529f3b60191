<?php
/**
 * One update check per update cycle for every product this site gets from its hub.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Asks the hub once (`POST /svc-license/v1/updates/check`, docs/architecture.md §12) about every
 * installed plugin and theme whose `Update URI` is on the hub's host, and keeps the answer for
 * the update cycle: in memory for the request, in a site transient for the update transient's
 * lifetime (12 hours), forgotten when WordPress forces a check (it deletes update_plugins /
 * update_themes) or the licence changes. Download URLs in it are short-lived: the upgrader asks
 * again before downloading (Svc_Client_Updates::fresh_package).
 */
final class Svc_Client_Update_Check {

	/** The site transient that keeps the answer. */
	public const TRANSIENT = 'svc_client_update_check';

	/** Seconds the answer is kept: WordPress's own update check interval. */
	public const LIFETIME = 12 * HOUR_IN_SECONDS;

	/**
	 * The `Update URI` host that means "the hub this site is connected to", whichever it is:
	 * svc-client's and svc-hub's own headers name it (docs/commerce.md "Releases and updates").
	 */
	public const CONNECTED_HUB_HOST = 'svc-hub.invalid';

	/** @var array<string, array<string, array<string, mixed>>>|null */
	private static ?array $answer = null;

	/**
	 * The host of the hub's URL ('' when none is set).
	 *
	 * @return string
	 */
	public static function hub_host(): string {
		$host = wp_parse_url( Svc_Client_Settings::get()['hub_url'], PHP_URL_HOST );
		return is_string( $host ) ? strtolower( $host ) : '';
	}

	/**
	 * Whether an `Update URI` header points at the hub.
	 *
	 * @param string $update_uri The header's value.
	 * @return bool
	 */
	public static function points_at_hub( string $update_uri ): bool {
		$host = wp_parse_url( $update_uri, PHP_URL_HOST );
		$host = is_string( $host ) ? strtolower( $host ) : '';
		return '' !== self::hub_host() && ( self::hub_host() === $host || self::CONNECTED_HUB_HOST === $host );
	}

	/**
	 * The hub's answer about one product, or null when the hub releases none for it.
	 *
	 * @param string $kind `plugins` or `themes`.
	 * @param string $key  The plugin's file (`folder/file.php`) or the theme's folder.
	 * @return array<string, mixed>|null
	 */
	public static function answer_for( string $kind, string $key ): ?array {
		$answer = self::answer();
		return isset( $answer[ $kind ][ $key ] ) && is_array( $answer[ $kind ][ $key ] ) ? $answer[ $kind ][ $key ] : null;
	}

	/** Forgets the kept answer: the next check asks the hub. */
	public static function forget(): void {
		self::$answer = null;
		delete_site_transient( self::TRANSIENT );
	}

	/**
	 * The body: this site's products on the hub, its WordPress and PHP versions, its channel.
	 *
	 * @return array<string, mixed>
	 */
	public static function request_body(): array {
		if ( ! function_exists( 'get_plugins' ) ) {
			require_once ABSPATH . 'wp-admin/includes/plugin.php';
		}
		$plugins = array();
		foreach ( get_plugins() as $file => $data ) {
			if ( str_contains( $file, '/' ) && self::points_at_hub( (string) ( $data['UpdateURI'] ?? '' ) ) ) {
				$plugins[] = array(
					'file'    => $file,
					'version' => (string) $data['Version'],
				);
			}
		}
		$themes = array();
		foreach ( wp_get_themes() as $slug => $theme ) {
			if ( self::points_at_hub( (string) $theme->get( 'UpdateURI' ) ) ) {
				$themes[] = array(
					'slug'    => (string) $slug,
					'version' => (string) $theme->get( 'Version' ),
				);
			}
		}
		return array(
			'plugins'     => $plugins,
			'themes'      => $themes,
			'wp_version'  => (string) get_bloginfo( 'version' ),
			'php_version' => PHP_VERSION,
			'channel'     => (string) apply_filters( 'svc_client_update_channel', 'stable' ),
		);
	}

	/**
	 * The answer of this cycle, asked once.
	 *
	 * @return array<string, array<string, array<string, mixed>>>
	 */
	private static function answer(): array {
		if ( null !== self::$answer ) {
			return self::$answer;
		}
		$body = self::request_body();
		$hash = md5( (string) wp_json_encode( $body ) );
		$kept = get_site_transient( self::TRANSIENT );
		if ( is_array( $kept ) && ( $kept['hash'] ?? '' ) === $hash && is_array( $kept['answer'] ?? null ) ) {
			self::$answer = $kept['answer'];
			return self::$answer;
		}
		self::$answer = array(
			'plugins' => array(),
			'themes'  => array(),
		);
		$client = Svc_Client_Hub_Client::from_settings();
		if ( ! $client->is_configured() || ( array() === $body['plugins'] && array() === $body['themes'] ) ) {
			return self::$answer;
		}
		$response = $client->request( 'POST', 'svc-license/v1/updates/check', $body );
		$decoded  = json_decode( $response['body'], true );
		if ( 200 !== $response['status'] || ! is_array( $decoded ) ) {
			Svc_Client_Activity_Log::add( 'updates', 'error', __( 'The hub did not answer the update check; WordPress asks again at its next check.', 'svc-client' ) );
			return self::$answer;
		}
		foreach ( array( 'plugins', 'themes' ) as $kind ) {
			self::$answer[ $kind ] = is_array( $decoded[ $kind ] ?? null ) ? $decoded[ $kind ] : array();
		}
		set_site_transient(
			self::TRANSIENT,
			array(
				'hash'   => $hash,
				'answer' => self::$answer,
			),
			self::LIFETIME
		);
		return self::$answer;
	}
}
