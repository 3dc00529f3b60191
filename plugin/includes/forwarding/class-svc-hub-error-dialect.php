<?php
/**
 * The router's error dialects in the shell.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Every error the shell or WordPress answers on the router's namespace, in the client dialect the
 * worker's answers carry (docs/api-notes.md "Error bodies and retries"; the worker's side is
 * worker/src/http/answers/error-body.ts and support/error-objects.ts, kept equal by
 * tests/php/error-dialect-parity.test.ts): OpenAI's `error` object, or Anthropic's on
 * `/messages` and below, and `x-should-retry: false` where retrying cannot cure.
 */
final class Svc_Hub_Error_Dialect {

	/** The router's REST namespace, as a route begins. */
	const ROUTER_ROUTE = '/llm/router/v1';

	/** Its Anthropic Messages routes: `/messages` and below. */
	const MESSAGES_ROUTE = '/llm/router/v1/messages';

	/** Refusals a client may cure by waiting (the worker's list: support/error-objects.ts). */
	const WORTH_RETRYING_4XX = array( 'svc_request_timeout', 'svc_idempotency_in_progress', 'svc_rate_limited', 'svc_too_many_concurrent' );

	/** Server-side answers no retry cures. */
	const NOT_WORTH_RETRYING_5XX = array( 'svc_hub_disabled', 'svc_no_provider', 'svc_not_implemented' );

	/**
	 * `rest_post_dispatch`: the shell's and WordPress's own errors on the router's namespace
	 * (`rest_no_route`, `rest_invalid_json`, the shell's 503…) in the router's error dialect.
	 *
	 * @param mixed           $response The answer so far.
	 * @param WP_REST_Server  $server   The REST server (unused).
	 * @param WP_REST_Request $request  The request.
	 * @return mixed
	 */
	public static function on_post_dispatch( $response, $server, $request ) {
		unset( $server );
		return $response instanceof WP_REST_Response && $request instanceof WP_REST_Request ? self::in_dialect( $response, $request->get_route() ) : $response;
	}

	/**
	 * `$response` as the router's clients read an error on `$route`: WordPress's shape plus
	 * OpenAI's `error: { message, type, param, code }`, or on `/messages` and below Anthropic's
	 * `type: "error"`, `error: { type, message }` and `request_id`; with `x-should-retry: false`
	 * when retrying cannot cure it. Other namespaces, successes and the worker's own answers
	 * (which carry it already) pass unchanged.
	 *
	 * @param WP_REST_Response $response The answer.
	 * @param string           $route    REST route, e.g. `/llm/router/v1/chat/completions`.
	 * @return WP_REST_Response
	 */
	public static function in_dialect( WP_REST_Response $response, string $route ): WP_REST_Response {
		$status = $response->get_status();
		if ( $status < 400 || $response instanceof Svc_Hub_Worker_Response || ! self::within( $route, self::ROUTER_ROUTE ) ) {
			return $response;
		}
		$body = $response->get_data();
		if ( ! is_array( $body ) || isset( $body['error'] ) || ! is_string( $body['code'] ?? null ) || ! is_string( $body['message'] ?? null ) ) {
			return $response;
		}
		$code    = $body['code'];
		$message = $body['message'];
		if ( self::within( $route, self::MESSAGES_ROUTE ) ) {
			$headers = $response->get_headers();
			if ( ! isset( $headers['X-Request-Id'] ) ) {
				$response->header( 'X-Request-Id', Svc_Hub_Errors::request_id() );
			}
			$body['type']       = 'error';
			$body['error']      = array(
				'type'    => self::anthropic_type( $status ),
				'message' => $message,
			);
			$body['request_id'] = $response->get_headers()['X-Request-Id'];
		} else {
			$body['error'] = array(
				'message' => $message,
				'type'    => self::openai_type( $status, $code ),
				'param'   => self::first_param( $body['data'] ?? null ),
				'code'    => $code,
			);
		}
		$response->set_data( $body );
		if ( self::retry_cannot_cure( $status, $code ) && ! isset( array_change_key_case( $response->get_headers() )['x-should-retry'] ) ) {
			$response->header( 'x-should-retry', 'false' );
		}
		return $response;
	}

	/**
	 * OpenAI's `error.type` for a status and code (the worker's: support/error-objects.ts).
	 *
	 * @param int    $status HTTP status.
	 * @param string $code   Machine code.
	 * @return string
	 */
	public static function openai_type( int $status, string $code ): string {
		if ( 401 === $status ) {
			return 'authentication_error';
		}
		if ( 403 === $status ) {
			return 'permission_error';
		}
		if ( 429 === $status ) {
			return 'svc_budget_exceeded' === $code ? 'insufficient_quota' : 'rate_limit_error';
		}
		return $status >= 500 ? 'server_error' : 'invalid_request_error';
	}

	/**
	 * Anthropic's `error.type` for a status.
	 *
	 * @param int $status HTTP status.
	 * @return string
	 */
	public static function anthropic_type( int $status ): string {
		$types = array(
			401 => 'authentication_error',
			403 => 'permission_error',
			404 => 'not_found_error',
			413 => 'request_too_large',
			429 => 'rate_limit_error',
			503 => 'overloaded_error',
			529 => 'overloaded_error',
		);
		return $types[ $status ] ?? ( $status >= 500 ? 'api_error' : 'invalid_request_error' );
	}

	/**
	 * Whether a retry cannot change the answer (docs/api-notes.md "Error bodies and retries").
	 *
	 * @param int    $status HTTP status.
	 * @param string $code   Machine code.
	 * @return bool
	 */
	public static function retry_cannot_cure( int $status, string $code ): bool {
		if ( $status >= 500 ) {
			return in_array( $code, self::NOT_WORTH_RETRYING_5XX, true );
		}
		return $status >= 400 && ! in_array( $code, self::WORTH_RETRYING_4XX, true );
	}

	/**
	 * The first field `data.params` names, cut to 100 characters; null when it names none.
	 *
	 * @param mixed $data The error's `data`.
	 * @return string|null
	 */
	private static function first_param( $data ): ?string {
		if ( ! is_array( $data ) || ! is_array( $data['params'] ?? null ) || array() === $data['params'] || array_is_list( $data['params'] ) ) {
			return null;
		}
		$name = (string) array_key_first( $data['params'] );
		return mb_strlen( $name ) > 100 ? mb_substr( $name, 0, 100 ) . '…' : $name;
	}

	/**
	 * Whether `$route` is `$prefix` or below it, in any case (WordPress matches routes so).
	 *
	 * @param string $route  REST route.
	 * @param string $prefix Route prefix.
	 * @return bool
	 */
	private static function within( string $route, string $prefix ): bool {
		$length = strlen( $prefix );
		return 0 === strncasecmp( $route, $prefix, $length ) && ( strlen( $route ) === $length || '/' === $route[ $length ] );
	}
}
