<?php
/**
 * Registers the hub with WordPress's AI Client, where there is one.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

use WordPress\AiClient\AiClient;
use WordPress\AiClient\Providers\Http\DTO\ApiKeyRequestAuthentication;

/**
 * On WordPress 7.0+ (the AI Client in core) the hub becomes provider `svc-hub`: core's
 * Settings → Connectors lists it, and `wp_ai_client_prompt( … )->generate_text()` runs through
 * the hub. The credential is the key entered on Settings → svc-client, unless an admin gave
 * the connector its own. On older WordPress nothing is registered and the settings screen
 * says so.
 */
final class Svc_Client_Ai_Registration {

	/**
	 * Whether this WordPress has an AI Client to register with.
	 *
	 * @return bool
	 */
	public static function is_supported(): bool {
		return class_exists( AiClient::class ) && function_exists( 'wp_ai_client_prompt' );
	}

	/**
	 * Hooks the registration (before core's connectors are built at `init` 15) and the key
	 * (after core passes connector keys at `init` 20).
	 */
	public static function register(): void {
		if ( ! self::is_supported() ) {
			return;
		}
		add_action( 'init', array( self::class, 'register_provider' ), 5 );
		add_action( 'init', array( self::class, 'pass_key' ), 25 );
	}

	/**
	 * Adds the provider to the AI Client's registry once.
	 */
	public static function register_provider(): void {
		$registry = AiClient::defaultRegistry();
		if ( ! $registry->hasProvider( Svc_Client_Ai_Provider::class ) ) {
			$registry->registerProvider( Svc_Client_Ai_Provider::class );
		}
	}

	/**
	 * Gives the provider this site's key when the connector has none of its own.
	 */
	public static function pass_key(): void {
		$key = Svc_Client_Settings::get()['api_key'];
		if ( '' === $key ) {
			return;
		}
		$registry = AiClient::defaultRegistry();
		if ( null === $registry->getProviderRequestAuthentication( Svc_Client_Ai_Provider::ID ) ) {
			$registry->setProviderRequestAuthentication( Svc_Client_Ai_Provider::ID, new ApiKeyRequestAuthentication( $key ) );
		}
	}
}
