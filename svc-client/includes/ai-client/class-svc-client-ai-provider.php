<?php
/**
 * The hub as a provider of WordPress's AI Client (WordPress 7.0+).
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

use WordPress\AiClient\Common\Exception\RuntimeException;
use WordPress\AiClient\Providers\ApiBasedImplementation\AbstractApiProvider;
use WordPress\AiClient\Providers\Contracts\ModelMetadataDirectoryInterface;
use WordPress\AiClient\Providers\Contracts\ProviderAvailabilityInterface;
use WordPress\AiClient\Providers\DTO\ProviderMetadata;
use WordPress\AiClient\Providers\Enums\ProviderTypeEnum;
use WordPress\AiClient\Providers\Http\Enums\RequestAuthenticationMethod;
use WordPress\AiClient\Providers\Models\Contracts\ModelInterface;
use WordPress\AiClient\Providers\Models\DTO\ModelMetadata;

/**
 * Provider `svc-hub`: the hub's LLM router (`{hub}/wp-json/llm/router/v1`, OpenAI-compatible),
 * its models and purposes as the models, this site's key as the credential. Available when
 * the hub lists models for the key (Svc_Client_Ai_Availability).
 */
final class Svc_Client_Ai_Provider extends AbstractApiProvider {

	public const ID = 'svc-hub';

	/**
	 * The router's base URL on the configured hub.
	 *
	 * @return string
	 */
	protected static function baseUrl(): string {
		return untrailingslashit( Svc_Client_Settings::get()['hub_url'] ) . '/wp-json/llm/router/v1';
	}

	/**
	 * A text or image generation model for a hub model or purpose.
	 *
	 * @param ModelMetadata    $model_metadata    The model.
	 * @param ProviderMetadata $provider_metadata This provider.
	 * @return ModelInterface
	 * @throws RuntimeException When the model generates neither text nor images.
	 */
	protected static function createModel( ModelMetadata $model_metadata, ProviderMetadata $provider_metadata ): ModelInterface {
		foreach ( $model_metadata->getSupportedCapabilities() as $capability ) {
			if ( $capability->isTextGeneration() ) {
				return new Svc_Client_Ai_Text_Model( $model_metadata, $provider_metadata );
			}
			if ( $capability->isImageGeneration() ) {
				return new Svc_Client_Ai_Image_Model( $model_metadata, $provider_metadata );
			}
		}
		throw new RuntimeException( 'svc-hub models here generate text or images only: ' . esc_html( $model_metadata->getId() ) );
	}

	/**
	 * Name, type and how it authenticates (an API key: this site's key).
	 *
	 * @return ProviderMetadata
	 */
	protected static function createProviderMetadata(): ProviderMetadata {
		return new ProviderMetadata(
			self::ID,
			'svc-hub',
			ProviderTypeEnum::cloud(),
			admin_url( 'options-general.php?page=' . Svc_Client_Admin_Page::SLUG ),
			RequestAuthenticationMethod::apiKey(),
			__( 'Text and image generation through your svc-hub: its models, purposes and fallbacks, billed to this site\'s key.', 'svc-client' )
		);
	}

	/**
	 * Available when the hub lists models for the key; when it cannot, the reason reaches the caller.
	 *
	 * @return ProviderAvailabilityInterface
	 */
	protected static function createProviderAvailability(): ProviderAvailabilityInterface {
		return new Svc_Client_Ai_Availability( static::modelMetadataDirectory() );
	}

	/**
	 * The hub's models and purposes.
	 *
	 * @return ModelMetadataDirectoryInterface
	 */
	protected static function createModelMetadataDirectory(): ModelMetadataDirectoryInterface {
		return new Svc_Client_Ai_Model_Directory();
	}
}
