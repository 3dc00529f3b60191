<?php
/**
 * Whether the hub can serve the AI Client, and why not.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

use WordPress\AiClient\AiClient;
use WordPress\AiClient\Common\Exception\RuntimeException;
use WordPress\AiClient\Providers\Contracts\ModelMetadataDirectoryInterface;
use WordPress\AiClient\Providers\Contracts\ProviderAvailabilityInterface;

/**
 * Configured when the hub lists models for the key. When it cannot (the hub unreachable, the key
 * refused, the licence without `llm.chat`) and no other provider of the AI Client is configured,
 * it throws the model directory's error, which says which of the three it is
 * (Svc_Client_Ai_Model_Directory): the registry lets a RuntimeException through, so the caller's
 * WP_Error carries that message instead of "No models found that support text_generation", and
 * Settings → Connectors (which catches it) shows svc-hub as not connected — never "Connected"
 * for a hub that cannot answer (docs/architecture.md §10). With another provider configured it
 * answers not configured, and the AI Client uses that one.
 */
final class Svc_Client_Ai_Availability implements ProviderAvailabilityInterface {

	/**
	 * The hub's answer in this request: true, or the error it gave (asked once per request).
	 *
	 * @var true|RuntimeException|null
	 */
	private static $answer = null;

	/**
	 * The model directory this availability asks.
	 *
	 * @var ModelMetadataDirectoryInterface
	 */
	private ModelMetadataDirectoryInterface $directory;

	/**
	 * Availability through `$directory`.
	 *
	 * @param ModelMetadataDirectoryInterface $directory The hub's models.
	 */
	public function __construct( ModelMetadataDirectoryInterface $directory ) {
		$this->directory = $directory;
	}

	/**
	 * Whether the AI Client may use the hub.
	 *
	 * @return bool
	 * @throws RuntimeException Why the hub cannot serve, when no other provider can.
	 */
	public function isConfigured(): bool {
		$settings = Svc_Client_Settings::get();
		if ( '' === $settings['hub_url'] || '' === $settings['api_key'] ) {
			return false;
		}
		if ( null === self::$answer ) {
			try {
				$this->directory->listModelMetadata();
				self::$answer = true;
			} catch ( RuntimeException $error ) {
				self::$answer = $error;
			}
		}
		if ( true === self::$answer || self::another_provider_configured() ) {
			return true === self::$answer;
		}
		throw self::$answer;
	}

	/**
	 * Forgets this request's answer (after the settings change).
	 */
	public static function forget(): void {
		self::$answer = null;
	}

	/**
	 * Whether any other provider of the AI Client is configured.
	 *
	 * @return bool
	 */
	private static function another_provider_configured(): bool {
		$registry = AiClient::defaultRegistry();
		foreach ( $registry->getRegisteredProviderIds() as $id ) {
			if ( Svc_Client_Ai_Provider::ID !== $id && $registry->isProviderConfigured( $id ) ) {
				return true;
			}
		}
		return false;
	}
}
