<?php
/**
 * WordPress's own update flow for the plugins and themes this site gets from its hub.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Serves `update_plugins_{hub host}`, `update_themes_{hub host}` and `plugins_api` for every
 * plugin or theme whose `Update URI` header is on the hub's host, or on `svc-hub.invalid` (the
 * connected hub, whichever it is: svc-client's and svc-hub's own headers; docs/architecture.md §12),
 * so its updates appear in Dashboard → Updates, auto-updates work, and "View version x
 * details" shows the hub's changelog. The answers come from Svc_Client_Update_Check (one hub
 * request per cycle). A site whose licence does not cover the product sees the update with an
 * empty package and the hub's upgrade notice (renewal link); WordPress then offers no install.
 */
final class Svc_Client_Updates {

	/** The hub's download route: URLs under it are refreshed before the upgrader downloads. */
	private const DOWNLOADS = '/wp-json/svc-license/v1/downloads/';

	/** Hooks the filters for the hub's host (nothing when no hub is set). */
	public static function register(): void {
		$host = Svc_Client_Update_Check::hub_host();
		if ( '' === $host ) {
			return;
		}
		foreach ( array( $host, Svc_Client_Update_Check::CONNECTED_HUB_HOST ) as $update_host ) {
			add_filter( "update_plugins_{$update_host}", array( self::class, 'plugin_update' ), 10, 3 );
			add_filter( "update_themes_{$update_host}", array( self::class, 'theme_update' ), 10, 3 );
		}
		add_filter( 'plugins_api', array( self::class, 'plugin_information' ), 20, 3 );
		add_filter( 'upgrader_pre_download', array( self::class, 'fresh_package' ), 10, 4 );
		add_filter( 'http_request_args', array( self::class, 'name_this_site' ), 10, 2 );
		foreach ( array( 'delete_site_transient_update_plugins', 'delete_site_transient_update_themes' ) as $forced ) {
			add_action( $forced, array( Svc_Client_Update_Check::class, 'forget' ) );
		}
		foreach ( array( Svc_Client_Settings::OPTION, Svc_Client_Activation::OPTION, Svc_Client_License::OPTION ) as $licence_option ) {
			add_action( "update_option_{$licence_option}", array( Svc_Client_Update_Check::class, 'forget' ) );
		}
	}

	/**
	 * `update_plugins_{hub host}`: the hub's answer for this plugin file, as wp_update_plugins() takes it.
	 *
	 * @param array|false $update      An answer another callback gave.
	 * @param array       $plugin_data The plugin's headers.
	 * @param string      $plugin_file The plugin's file.
	 * @return array|false
	 */
	public static function plugin_update( $update, $plugin_data, $plugin_file ) {
		if ( false !== $update || ! is_string( $plugin_file ) ) {
			return $update;
		}
		$answer = Svc_Client_Update_Check::answer_for( 'plugins', $plugin_file );
		if ( null === $answer ) {
			return false;
		}
		return array(
			'slug'           => (string) ( $answer['slug'] ?? dirname( $plugin_file ) ),
			'version'        => (string) ( $answer['version'] ?? '' ),
			'url'            => esc_url_raw( (string) ( $answer['url'] ?? '' ) ),
			'package'        => esc_url_raw( (string) ( $answer['package'] ?? '' ) ),
			'tested'         => (string) ( $answer['tested'] ?? '' ),
			'requires'       => (string) ( $answer['requires'] ?? '' ),
			'requires_php'   => (string) ( $answer['requires_php'] ?? '' ),
			'icons'          => array(),
			'upgrade_notice' => wp_strip_all_tags( (string) ( $answer['upgrade_notice'] ?? '' ) ),
		);
	}

	/**
	 * `update_themes_{hub host}`: the hub's answer for this theme, as wp_update_themes() takes it.
	 *
	 * @param array|false $update     An answer another callback gave.
	 * @param array       $theme_data The theme's headers.
	 * @param string      $stylesheet The theme's folder.
	 * @return array|false
	 */
	public static function theme_update( $update, $theme_data, $stylesheet ) {
		if ( false !== $update || ! is_string( $stylesheet ) ) {
			return $update;
		}
		$answer = Svc_Client_Update_Check::answer_for( 'themes', $stylesheet );
		if ( null === $answer ) {
			return false;
		}
		return array(
			'theme'        => $stylesheet,
			'version'      => (string) ( $answer['version'] ?? '' ),
			'url'          => esc_url_raw( (string) ( $answer['url'] ?? '' ) ),
			'package'      => esc_url_raw( (string) ( $answer['package'] ?? '' ) ),
			'requires'     => (string) ( $answer['requires'] ?? '' ),
			'requires_php' => (string) ( $answer['requires_php'] ?? '' ),
		);
	}

	/**
	 * `plugins_api` for "View version x details": the hub's details of a plugin it releases.
	 *
	 * @param false|object|array $result A result another callback gave.
	 * @param string             $action The plugins_api action.
	 * @param object             $args   Its arguments (`slug`).
	 * @return false|object|array
	 */
	public static function plugin_information( $result, $action, $args ) {
		$slug = is_object( $args ) && isset( $args->slug ) ? (string) $args->slug : '';
		if ( false !== $result || 'plugin_information' !== $action || ! self::releases_plugin( $slug ) ) {
			return $result;
		}
		$response = Svc_Client_Hub_Client::from_settings()->request( 'GET', 'svc-license/v1/updates/' . rawurlencode( $slug ) . '/info' );
		$info     = json_decode( $response['body'], true );
		if ( 200 !== $response['status'] || ! is_array( $info ) ) {
			return $result;
		}
		$sections = is_array( $info['sections'] ?? null ) ? array_map( 'wp_kses_post', array_map( 'strval', $info['sections'] ) ) : array();
		return (object) array(
			'name'          => (string) ( $info['name'] ?? $slug ),
			'slug'          => $slug,
			'version'       => (string) ( $info['version'] ?? '' ),
			'requires'      => (string) ( $info['requires'] ?? '' ),
			'tested'        => (string) ( $info['tested'] ?? '' ),
			'requires_php'  => (string) ( $info['requires_php'] ?? '' ),
			'last_updated'  => (string) ( $info['last_updated'] ?? '' ),
			'homepage'      => esc_url_raw( (string) ( $info['url'] ?? '' ) ),
			'download_link' => esc_url_raw( (string) ( $info['download_link'] ?? '' ) ),
			'sections'      => $sections,
			'banners'       => array(),
			'icons'         => array(),
		);
	}

	/**
	 * `upgrader_pre_download`: a hub download URL lasts minutes while WordPress keeps its update
	 * transient for hours, so a URL that has expired, or that the hub refuses (issued to another
	 * site, tampered, its licence lapsed since), is replaced by a fresh one (one more update
	 * check) before the upgrader gives up. When the hub offers no download now, the upgrader's
	 * error is the hub's own words (its renewal link).
	 *
	 * @param false|string|WP_Error $reply      A reply another callback gave.
	 * @param string                $package    The package URL.
	 * @param WP_Upgrader           $upgrader   The upgrader.
	 * @param array                 $hook_extra `plugin` or `theme` of the item being upgraded.
	 * @return false|string|WP_Error
	 */
	public static function fresh_package( $reply, $package, $upgrader, $hook_extra ) {
		if ( false !== $reply || ! is_string( $package ) || ! self::is_hub_download( $package ) ) {
			return $reply;
		}
		if ( ! self::expired( $package ) ) {
			$upgrader->skin->feedback( 'downloading_package', esc_url( $package ) );
			$file = download_url( $package, 300 );
			if ( ! is_wp_error( $file ) ) {
				return $file;
			}
		}
		$kind = isset( $hook_extra['theme'] ) ? 'themes' : 'plugins';
		$key  = (string) ( $hook_extra['theme'] ?? $hook_extra['plugin'] ?? '' );
		Svc_Client_Update_Check::forget();
		$answer = Svc_Client_Update_Check::answer_for( $kind, $key );
		$fresh  = (string) ( $answer['package'] ?? '' );
		if ( '' === $fresh ) {
			$words = wp_strip_all_tags( (string) ( $answer['upgrade_notice'] ?? '' ) );
			return new WP_Error( 'svc_client_no_package', '' !== $words ? $words : __( 'The hub offers no download of this update to this site now: its licence does not cover it.', 'svc-client' ) );
		}
		$upgrader->skin->feedback( 'downloading_package', esc_url( $fresh ) );
		return download_url( $fresh, 300 );
	}

	/**
	 * `http_request_args`: downloads from the hub name this site (`X-Svc-Site`), so a URL the hub
	 * issued to another site is refused for this one.
	 *
	 * @param array  $args The request's arguments.
	 * @param string $url  The request's URL.
	 * @return array
	 */
	public static function name_this_site( $args, $url ) {
		if ( is_string( $url ) && self::is_hub_download( $url ) ) {
			$args['headers']                = is_array( $args['headers'] ?? null ) ? $args['headers'] : array();
			$args['headers']['X-Svc-Site'] = home_url();
		}
		return $args;
	}

	/**
	 * Whether a URL is the hub's download route.
	 *
	 * @param string $url The URL.
	 * @return bool
	 */
	private static function is_hub_download( string $url ): bool {
		$hub = untrailingslashit( Svc_Client_Settings::get()['hub_url'] );
		return '' !== $hub && str_starts_with( $url, $hub . self::DOWNLOADS );
	}

	/**
	 * Whether a download URL's token says it has expired (or cannot be read); its signature is the hub's to check.
	 *
	 * @param string $url The download URL.
	 * @return bool
	 */
	private static function expired( string $url ): bool {
		$token   = (string) substr( $url, (int) strrpos( $url, '/' ) + 1 );
		$payload = json_decode( (string) base64_decode( strtr( explode( '.', $token )[0], '-_', '+/' ) ), true );
		return ! is_array( $payload ) || ! is_int( $payload['e'] ?? null ) || $payload['e'] <= time() + 60;
	}

	/**
	 * Whether an installed plugin in this folder updates from the hub.
	 *
	 * @param string $slug The plugin's folder.
	 * @return bool
	 */
	private static function releases_plugin( string $slug ): bool {
		if ( '' === $slug ) {
			return false;
		}
		if ( ! function_exists( 'get_plugins' ) ) {
			require_once ABSPATH . 'wp-admin/includes/plugin.php';
		}
		foreach ( get_plugins() as $file => $data ) {
			if ( str_starts_with( $file, $slug . '/' ) && Svc_Client_Update_Check::points_at_hub( (string) ( $data['UpdateURI'] ?? '' ) ) ) {
				return true;
			}
		}
		return false;
	}
}
