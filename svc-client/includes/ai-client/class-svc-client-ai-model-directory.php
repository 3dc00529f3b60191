<?php
/**
 * The hub's models and purposes, as the AI Client's model directory.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

use WordPress\AiClient\Common\Exception\RuntimeException;
use WordPress\AiClient\Messages\Enums\ModalityEnum;
use WordPress\AiClient\Providers\Http\DTO\Request;
use WordPress\AiClient\Providers\Http\DTO\Response;
use WordPress\AiClient\Providers\Http\Enums\HttpMethodEnum;
use WordPress\AiClient\Providers\Http\Exception\ClientException;
use WordPress\AiClient\Providers\Http\Exception\NetworkException;
use WordPress\AiClient\Providers\Http\Exception\ResponseException;
use WordPress\AiClient\Providers\Models\DTO\ModelMetadata;
use WordPress\AiClient\Providers\Models\DTO\SupportedOption;
use WordPress\AiClient\Providers\Models\Enums\CapabilityEnum;
use WordPress\AiClient\Providers\Models\Enums\OptionEnum;
use WordPress\AiClient\Providers\OpenAiCompatibleImplementation\AbstractOpenAiCompatibleModelMetadataDirectory;

/**
 * `GET /models` gives the hub's chat and image models (ids `<provider>/<model>`, capability
 * `chat` or `images`); `GET /models/purposes` adds each purpose that has an available model,
 * as `purpose:<name>` — calling one lets the hub choose and fall back as the purpose says.
 */
final class Svc_Client_Ai_Model_Directory extends AbstractOpenAiCompatibleModelMetadataDirectory {

	/** Prefix of a purpose's model id. */
	public const PURPOSE_PREFIX = 'purpose:';

	/**
	 * A request to the hub's router.
	 *
	 * @param HttpMethodEnum       $method  Method.
	 * @param string               $path    Path under the router.
	 * @param array<string, mixed> $headers Headers.
	 * @param mixed                $data    Body.
	 * @return Request
	 */
	protected function createRequest( HttpMethodEnum $method, string $path, array $headers = array(), $data = null ): Request {
		return new Request( $method, Svc_Client_Ai_Provider::url( $path ), $headers, $data );
	}

	/**
	 * The models, then the purposes, id → metadata; a failure explained.
	 *
	 * @return array<string, ModelMetadata>
	 * @throws RuntimeException When the hub cannot list them.
	 */
	protected function sendListModelsRequest(): array {
		try {
			return $this->ask_hub();
		} catch ( Exception $error ) {
			throw self::explain( $error );
		}
	}

	/**
	 * What the AI Client's caller reads when the hub cannot list models: unreachable, key refused,
	 * or licence without `llm.chat`, each with the hub's own words (docs/architecture.md §10).
	 * Always a RuntimeException: the AI Client's registry swallows the InvalidArgumentException a
	 * 4xx gives, which would leave only "No models found".
	 *
	 * @param Exception $error What the request threw.
	 * @return RuntimeException
	 */
	public static function explain( Exception $error ): RuntimeException {
		$hub = Svc_Client_Settings::get()['hub_url'];
		if ( $error instanceof NetworkException ) {
			/* translators: 1: the hub's URL, 2: what went wrong. */
			return new NetworkException( sprintf( __( 'svc-hub could not be reached at %1$s (%2$s). AI features return when it answers.', 'svc-client' ), $hub, $error->getMessage() ), 0, $error );
		}
		if ( $error instanceof ClientException && 401 === $error->getCode() ) {
			/* translators: %s: the hub's answer. */
			return new RuntimeException( sprintf( __( 'svc-hub refused this site\'s API key (%s). Check the key on Settings → svc-client.', 'svc-client' ), $error->getMessage() ), 401, $error );
		}
		if ( $error instanceof ClientException && 403 === $error->getCode() ) {
			/* translators: %s: the hub's answer. */
			return new RuntimeException( sprintf( __( 'This site\'s svc-hub licence does not include AI text generation (llm.chat): it may be suspended, expired or revoked (%s).', 'svc-client' ), $error->getMessage() ), 403, $error );
		}
		if ( $error instanceof RuntimeException ) {
			return $error;
		}
		/* translators: 1: the hub's URL, 2: its answer. */
		return new RuntimeException( sprintf( __( 'svc-hub at %1$s could not list its models (%2$s).', 'svc-client' ), $hub, $error->getMessage() ), (int) $error->getCode(), $error );
	}

	/**
	 * The models, then the purposes, id → metadata.
	 *
	 * @return array<string, ModelMetadata>
	 */
	private function ask_hub(): array {
		$models   = parent::sendListModelsRequest();
		$request  = $this->getRequestAuthentication()->authenticateRequest( $this->createRequest( HttpMethodEnum::GET(), 'models/purposes' ) );
		$response = $this->getHttpTransporter()->send( $request );
		$this->throwIfNotSuccessful( $response );
		$data = $response->getData();
		foreach ( (array) ( $data['data'] ?? array() ) as $purpose ) {
			$available = is_array( $purpose ) ? (array) ( $purpose['available_models'] ?? array() ) : array();
			$listed    = array_values( array_filter( $available, static fn( $id ) => is_string( $id ) && isset( $models[ $id ] ) ) );
			if ( array() !== $listed && is_string( $purpose['purpose'] ?? null ) ) {
				$id            = self::PURPOSE_PREFIX . $purpose['purpose'];
				$name          = sprintf( 'Purpose: %s', $purpose['purpose'] );
				$models[ $id ] = self::makes_images( $models[ $listed[0] ] ) ? Svc_Client_Ai_Image_Model::metadata_for( $id, $name ) : self::text_model( $id, $name );
			}
		}
		return $models;
	}

	/**
	 * Whether a listed model generates images (a purpose's models all do the same thing).
	 *
	 * @param ModelMetadata $model The model.
	 * @return bool
	 */
	private static function makes_images( ModelMetadata $model ): bool {
		foreach ( $model->getSupportedCapabilities() as $capability ) {
			if ( $capability->isImageGeneration() ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The hub's chat and image models from `GET /models`.
	 *
	 * @param Response $response The answer.
	 * @return list<ModelMetadata>
	 * @throws ResponseException When the answer has no model list.
	 */
	protected function parseResponseToModelMetadataList( Response $response ): array {
		$data = $response->getData();
		if ( ! is_array( $data ) || ! is_array( $data['data'] ?? null ) ) {
			throw ResponseException::fromMissingData( 'svc-hub', 'data' );
		}
		$models = array();
		foreach ( $data['data'] as $model ) {
			$capabilities = is_array( $model ) ? (array) ( $model['capabilities'] ?? array() ) : array();
			if ( ! is_string( $model['id'] ?? null ) ) {
				continue;
			}
			if ( in_array( 'chat', $capabilities, true ) ) {
				$models[] = self::text_model( $model['id'], $model['id'] );
			} elseif ( in_array( 'images', $capabilities, true ) ) {
				$models[] = Svc_Client_Ai_Image_Model::metadata_for( $model['id'], $model['id'] );
			}
		}
		return $models;
	}

	/**
	 * A text generation model with chat history and the options the hub's chat route takes.
	 *
	 * @param string $id   Model id.
	 * @param string $name Display name.
	 * @return ModelMetadata
	 */
	private static function text_model( string $id, string $name ): ModelMetadata {
		$options = array(
			new SupportedOption( OptionEnum::systemInstruction() ),
			new SupportedOption( OptionEnum::maxTokens() ),
			new SupportedOption( OptionEnum::temperature() ),
			new SupportedOption( OptionEnum::topP() ),
			new SupportedOption( OptionEnum::stopSequences() ),
			new SupportedOption( OptionEnum::outputMimeType(), array( 'text/plain', 'application/json' ) ),
			new SupportedOption( OptionEnum::outputSchema() ),
			new SupportedOption( OptionEnum::functionDeclarations() ),
			new SupportedOption( OptionEnum::customOptions() ),
			new SupportedOption( OptionEnum::inputModalities(), array( array( ModalityEnum::text() ) ) ),
			new SupportedOption( OptionEnum::outputModalities(), array( array( ModalityEnum::text() ) ) ),
		);
		return new ModelMetadata( $id, $name, array( CapabilityEnum::textGeneration(), CapabilityEnum::chatHistory() ), $options );
	}
}
