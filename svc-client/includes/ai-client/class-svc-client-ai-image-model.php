<?php
/**
 * Image generation through the hub's images route.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

use WordPress\AiClient\Files\Enums\FileTypeEnum;
use WordPress\AiClient\Files\Enums\MediaOrientationEnum;
use WordPress\AiClient\Messages\Enums\ModalityEnum;
use WordPress\AiClient\Providers\Http\DTO\Request;
use WordPress\AiClient\Providers\Http\DTO\Response;
use WordPress\AiClient\Providers\Http\Enums\HttpMethodEnum;
use WordPress\AiClient\Providers\Http\Exception\ClientException;
use WordPress\AiClient\Providers\Models\DTO\ModelMetadata;
use WordPress\AiClient\Providers\Models\DTO\SupportedOption;
use WordPress\AiClient\Providers\Models\Enums\CapabilityEnum;
use WordPress\AiClient\Providers\Models\Enums\OptionEnum;
use WordPress\AiClient\Providers\OpenAiCompatibleImplementation\AbstractOpenAiCompatibleImageGenerationModel;
use WordPress\AiClient\Results\DTO\GenerativeAiResult;

/**
 * The AI Client's OpenAI-compatible image model, pointed at
 * `{hub}/wp-json/llm/router/v1/images/generations` (docs/architecture.md §10, §13): the image
 * comes back inline (`response_format: "b64_json"`), this site's team and campaign go as
 * `metadata`, and a refusal names the hub's code and what to do about it.
 */
final class Svc_Client_Ai_Image_Model extends AbstractOpenAiCompatibleImageGenerationModel {

	/** Aspect ratios the AI Client turns into OpenAI's sizes (1024x1024, 1536x1024, 1792x1024, …). */
	private const ASPECT_RATIOS = array( '1:1', '3:2', '2:3', '7:4', '4:7' );

	/**
	 * The metadata of a hub model (or purpose) that makes images.
	 *
	 * @param string $id   Model id.
	 * @param string $name Display name.
	 * @return ModelMetadata
	 */
	public static function metadata_for( string $id, string $name ): ModelMetadata {
		$options = array(
			new SupportedOption( OptionEnum::candidateCount() ),
			new SupportedOption( OptionEnum::outputFileType(), array( FileTypeEnum::inline() ) ),
			new SupportedOption( OptionEnum::outputMimeType(), array( 'image/png', 'image/jpeg', 'image/webp' ) ),
			new SupportedOption( OptionEnum::outputMediaOrientation(), array( MediaOrientationEnum::square(), MediaOrientationEnum::landscape(), MediaOrientationEnum::portrait() ) ),
			new SupportedOption( OptionEnum::outputMediaAspectRatio(), self::ASPECT_RATIOS ),
			new SupportedOption( OptionEnum::customOptions() ),
			new SupportedOption( OptionEnum::inputModalities(), array( array( ModalityEnum::text() ) ) ),
			new SupportedOption( OptionEnum::outputModalities(), array( array( ModalityEnum::image() ) ) ),
		);
		return new ModelMetadata( $id, $name, array( CapabilityEnum::imageGeneration() ), $options );
	}

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
		return new Request( $method, Svc_Client_Ai_Provider::url( $path ), $headers, $data, $this->getRequestOptions() );
	}

	/**
	 * OpenAI's images body, plus metadata; a purpose goes as `purpose` instead of `model`.
	 *
	 * @param array<int, mixed> $prompt The prompt (one user message).
	 * @return array<string, mixed>
	 */
	protected function prepareGenerateImageParams( array $prompt ): array {
		$params   = parent::prepareGenerateImageParams( $prompt );
		$metadata = Svc_Client_Settings::cost_metadata();
		if ( array() !== $metadata && ! isset( $params['metadata'] ) ) {
			$params['metadata'] = $metadata;
		}
		$model = (string) $params['model'];
		if ( str_starts_with( $model, Svc_Client_Ai_Model_Directory::PURPOSE_PREFIX ) ) {
			unset( $params['model'] );
			$params['purpose'] = substr( $model, strlen( Svc_Client_Ai_Model_Directory::PURPOSE_PREFIX ) );
		}
		return $params;
	}

	/**
	 * The images, typed by the format the hub says it answered (`output_format`), else the one asked.
	 *
	 * @param Response $response         The answer.
	 * @param string   $expectedMimeType The format asked for.
	 * @return GenerativeAiResult
	 */
	protected function parseResponseToGenerativeAiResult( Response $response, string $expectedMimeType = 'image/png' ): GenerativeAiResult {
		$format = $response->getData()['output_format'] ?? null;
		if ( is_string( $format ) && in_array( $format, array( 'png', 'jpeg', 'webp' ), true ) ) {
			$expectedMimeType = 'image/' . $format;
		}
		return parent::parseResponseToGenerativeAiResult( $response, $expectedMimeType );
	}

	/**
	 * A refusal the caller can act on: the hub's code and message, and what it means here.
	 *
	 * @param Response $response The answer.
	 * @throws ClientException When the hub refused the request (its status kept as the code).
	 */
	protected function throwIfNotSuccessful( Response $response ): void {
		$status = $response->getStatusCode();
		if ( $status < 400 || $status >= 500 ) {
			parent::throwIfNotSuccessful( $response );
			return;
		}
		$body    = $response->getData();
		$code    = is_array( $body ) && is_string( $body['code'] ?? null ) ? $body['code'] : 'http_' . $status;
		$message = is_array( $body ) && is_string( $body['message'] ?? null ) ? mb_substr( $body['message'], 0, 300 ) : '';
		throw new ClientException( sprintf( '%s (%s, %d): %s', self::meaning( $status, $code ), $code, $status, $message ), $status );
	}

	/**
	 * What a refusal means for this site.
	 *
	 * @param int    $status HTTP status.
	 * @param string $code   The hub's error code.
	 * @return string
	 */
	private static function meaning( int $status, string $code ): string {
		if ( 401 === $status ) {
			return __( 'svc-hub refused this site\'s API key; check the key on Settings → svc-client', 'svc-client' );
		}
		if ( 403 === $status ) {
			return __( 'This site\'s svc-hub licence does not include AI image generation (llm.images)', 'svc-client' );
		}
		if ( 'svc_budget_exceeded' === $code ) {
			return __( 'The AI budget for this site is spent', 'svc-client' );
		}
		return __( 'svc-hub refused the image request', 'svc-client' );
	}
}
