<?php
/**
 * Text generation through the hub's chat route.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

use WordPress\AiClient\Providers\Http\DTO\Request;
use WordPress\AiClient\Providers\Http\Enums\HttpMethodEnum;
use WordPress\AiClient\Providers\OpenAiCompatibleImplementation\AbstractOpenAiCompatibleTextGenerationModel;

/**
 * The AI Client's OpenAI-compatible model, pointed at `{hub}/wp-json/llm/router/v1/chat/completions`,
 * with this site's team and campaign as `metadata` (the hub's cost report shows them) and a
 * purpose sent as `purpose` instead of `model`.
 */
final class Svc_Client_Ai_Text_Model extends AbstractOpenAiCompatibleTextGenerationModel {

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
	 * The chat body, plus metadata and purpose.
	 *
	 * @param array<int, mixed> $prompt The messages.
	 * @return array<string, mixed>
	 */
	protected function prepareGenerateTextParams( array $prompt ): array {
		$params   = parent::prepareGenerateTextParams( $prompt );
		$metadata = Svc_Client_Settings::cost_metadata();
		if ( array() !== $metadata ) {
			$params['metadata'] = $metadata;
		}
		$params = self::wrap_json_schema( $params );
		$model  = (string) ( $params['model'] ?? '' );
		if ( str_starts_with( $model, Svc_Client_Ai_Model_Directory::PURPOSE_PREFIX ) ) {
			unset( $params['model'] );
			$params['purpose'] = substr( $model, strlen( Svc_Client_Ai_Model_Directory::PURPOSE_PREFIX ) );
		}
		return $params;
	}

	/**
	 * WordPress's AI Client sends `response_format.json_schema` as the bare schema; OpenAI's shape
	 * (which the hub and every provider behind it read) wraps it as `{ name, schema }`
	 * (docs/architecture.md §10). A wrapper already there is left as it is.
	 *
	 * @param array<string, mixed> $params The chat body.
	 * @return array<string, mixed>
	 */
	public static function wrap_json_schema( array $params ): array {
		$format = $params['response_format'] ?? null;
		if ( ! is_array( $format ) || 'json_schema' !== ( $format['type'] ?? null ) || ! is_array( $format['json_schema'] ?? null ) ) {
			return $params;
		}
		$schema = $format['json_schema'];
		if ( isset( $schema['schema'] ) && is_array( $schema['schema'] ) ) {
			return $params;
		}
		$params['response_format']['json_schema'] = array(
			'name'   => 'response',
			'schema' => $schema,
		);
		return $params;
	}
}
