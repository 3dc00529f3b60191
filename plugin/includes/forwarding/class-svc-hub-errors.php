<?php
/**
 * The answers the shell gives on its own, in the WordPress error shape.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Named constructors for every error the shell itself answers with:
 * `{ "code": "svc_…", "message": "…", "data": { "status": N } }`, Content-Type application/json.
 * Everything else in the plugin's namespaces is the worker's answer, passed through.
 * On the router's namespace every error the shell or WordPress answers also gets the client
 * dialect the worker's answers carry (in_dialect(), docs/api-notes.md "Error bodies and retries").
 */
final class Svc_Hub_Errors {

	/** The router's REST namespace, as a route begins. */
	const ROUTER_ROUTE = '/llm/router/v1';

	/** Its Anthropic Messages routes: `/messages` and below. */
	const MESSAGES_ROUTE = '/llm/router/v1/messages';

	/** Refusals a client may cure by waiting (the worker's list: support/error-objects.ts). */
	const WORTH_RETRYING_4XX = array( 'svc_request_timeout', 'svc_idempotency_in_progress', 'svc_rate_limited', 'svc_too_many_concurrent' );

	/** Server-side answers no retry cures. */
	const NOT_WORTH_RETRYING_5XX = array( 'svc_hub_disabled', 'svc_no_provider', 'svc_not_implemented' );

	/**
	 * 503: the worker could not be reached or gave no answer.
	 *
	 * @param string|null $message Why, when more is known than "not reachable".
	 * @return WP_REST_Response
	 */
	public static function worker_unavailable( ?string $message = null ): WP_REST_Response {
		return self::response( 'svc_worker_unavailable', $message ?? self::unreachable_message(), 503 );
	}

	/**
	 * 503: SVC_HUB_SECRET is not configured, so nothing can be forwarded.
	 *
	 * @return WP_REST_Response
	 */
	public static function secret_missing(): WP_REST_Response {
		return self::worker_unavailable( self::secret_missing_message() );
	}

	/**
	 * 503: the plugin is inactive (deactivated in wp-admin). Answered by the must-use loader,
	 * the only svc-hub code WordPress still runs then, in the worker's words
	 * (docs/api-notes.md "Deactivated plugin"); clients must not retry.
	 *
	 * @return WP_REST_Response
	 */
	public static function hub_disabled(): WP_REST_Response {
		$response = self::response(
			'svc_hub_disabled',
			__( 'svc-hub is switched off on this site: its WordPress plugin is not active. An administrator turns it on in wp-admin, Plugins → svc-hub → Activate.', 'svc-hub' ),
			503
		);
		$response->header( 'x-should-retry', 'false' );
		return $response;
	}

	/**
	 * 401 (not logged in) or 403: an admin route asked by someone without manage_options.
	 *
	 * @return WP_REST_Response
	 */
	public static function forbidden(): WP_REST_Response {
		return self::response( 'svc_forbidden', __( 'Sorry, you are not allowed to manage svc-hub.', 'svc-hub' ), rest_authorization_required_code() );
	}

	/**
	 * 401: an internal request whose signature is missing, stale, reused or wrong.
	 *
	 * @return WP_REST_Response
	 */
	public static function invalid_signature(): WP_REST_Response {
		return self::response( 'svc_invalid_signature', __( 'The request signature is missing, stale, reused or wrong.', 'svc-hub' ), 401 );
	}

	/**
	 * 502: the worker began to answer, then the connection broke.
	 *
	 * @return WP_REST_Response
	 */
	public static function upstream_error(): WP_REST_Response {
		return self::response( 'svc_upstream_error', __( 'The svc-hub worker closed the connection before its answer was complete.', 'svc-hub' ), 502 );
	}

	/**
	 * 404: no row of the route table matches (or an internal route has no handler); the
	 * worker's own words for an unknown address, so both lanes answer alike.
	 *
	 * @return WP_REST_Response
	 */
	public static function not_found(): WP_REST_Response {
		return self::response( 'svc_not_found', __( 'No route or resource was found at this address.', 'svc-hub' ), 404 );
	}

	/**
	 * 400: the route carries a control character, which no path needs (the worker answers the same).
	 *
	 * @return WP_REST_Response
	 */
	public static function control_character_in_path(): WP_REST_Response {
		return self::response(
			'svc_invalid_request',
			__( 'Invalid parameter(s): path.', 'svc-hub' ),
			400,
			array( 'params' => array( 'path' => 'contains a control character' ) )
		);
	}

	/**
	 * 400: a request header's name or value holds CR, LF or NUL. No HTTP client can send one;
	 * a request built in PHP can (a batch sub-request's `headers`), and on the way to the
	 * worker a CR or LF would end the header line and start another.
	 *
	 * @return WP_REST_Response
	 */
	public static function control_character_in_header(): WP_REST_Response {
		return self::response(
			'svc_invalid_request',
			__( 'Invalid parameter(s): headers.', 'svc-hub' ),
			400,
			array( 'params' => array( 'headers' => 'a header name or value contains CR, LF or NUL' ) )
		);
	}

	/**
	 * 400: a sub-request of WordPress's batch route (`/batch/v1`). The plugin's routes are
	 * never batched: each is a request of its own, with its own key, signature and limits.
	 *
	 * @return WP_REST_Response
	 */
	public static function batch_not_allowed(): WP_REST_Response {
		return self::response(
			'svc_batch_not_allowed',
			__( 'The svc-hub routes cannot be called inside a batch request (/batch/v1): send each request on its own.', 'svc-hub' ),
			400
		);
	}

	/**
	 * 503 with Retry-After: the request would take a PHP worker past the forwarding limits
	 * (Svc_Hub_Forwarding_Slots).
	 *
	 * @param string $refused Which limit: `per_key` or `total`.
	 * @param int    $limit   That limit.
	 * @return WP_REST_Response
	 */
	public static function busy( string $refused, int $limit ): WP_REST_Response {
		$retry   = Svc_Hub_Forwarding_Slots::RETRY_AFTER;
		if ( 'per_key' === $refused ) {
			/* translators: 1: calls at once, 2: seconds. */
			$message = sprintf( __( 'This API key already has %1$d calls running through WordPress, as many as it may. Try again in %2$d s, or send long and streamed calls to the svc-hub worker directly.', 'svc-hub' ), $limit, $retry );
		} else {
			/* translators: 1: calls at once, 2: seconds. */
			$message = sprintf( __( 'WordPress is already running %1$d svc-hub calls, as many as it takes at once. Try again in %2$d s.', 'svc-hub' ), $limit, $retry );
		}
		$response = self::response(
			'svc_busy',
			$message,
			503,
			array(
				'limit'       => $limit,
				'scope'       => 'per_key' === $refused ? 'key' : 'site',
				'retry_after' => $retry,
			)
		);
		$response->header( 'Retry-After', (string) $retry );
		return $response;
	}

	/**
	 * 431: the client's headers are larger than the worker takes (the worker answers the same).
	 *
	 * @return WP_REST_Response
	 */
	public static function headers_too_large(): WP_REST_Response {
		return self::response( 'svc_request_headers_too_large', __( 'The request headers are too large (16 KiB in all at most).', 'svc-hub' ), 431 );
	}

	/**
	 * Message for an unreachable worker.
	 *
	 * @return string
	 */
	public static function unreachable_message(): string {
		return __( 'The svc-hub worker is not reachable. Check that it is running and that SVC_HUB_WORKER_URL points to it.', 'svc-hub' );
	}

	/**
	 * Message for a missing shared secret (names the setting, never shows a value).
	 *
	 * @return string
	 */
	public static function secret_missing_message(): string {
		return __( 'The svc-hub worker is not reachable: SVC_HUB_SECRET is not configured. Define it in wp-config.php or in the environment of PHP.', 'svc-hub' );
	}

	/**
	 * A JSON response made by the shell, carrying X-Request-Id like every worker answer.
	 *
	 * @param array $data   Response body.
	 * @param int   $status HTTP status.
	 * @return WP_REST_Response
	 */
	public static function json( array $data, int $status ): WP_REST_Response {
		$response = new WP_REST_Response( $data, $status );
		$response->header( 'Content-Type', 'application/json; charset=utf-8' );
		$response->header( 'X-Request-Id', self::request_id() );
		return $response;
	}

	/**
	 * The client's X-Request-Id when well-formed, else a fresh one.
	 *
	 * @return string
	 */
	public static function request_id(): string {
		$given = isset( $_SERVER['HTTP_X_REQUEST_ID'] ) ? wp_unslash( (string) $_SERVER['HTTP_X_REQUEST_ID'] ) : '';
		// Same shape as the worker's ids (req_ + 26 characters of 0-9A-Z).
		return 1 === preg_match( '/^[A-Za-z0-9._:-]{1,128}\z/', $given ) ? $given : 'req_' . strtoupper( bin2hex( random_bytes( 13 ) ) );
	}

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
				$response->header( 'X-Request-Id', self::request_id() );
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

	/**
	 * Builds one error answer.
	 *
	 * @param string $code    Stable machine code.
	 * @param string $message Human-readable message.
	 * @param int    $status  HTTP status.
	 * @param array  $data    More of `data`, after `status`.
	 * @return WP_REST_Response
	 */
	private static function response( string $code, string $message, int $status, array $data = array() ): WP_REST_Response {
		return self::json(
			array(
				'code'    => $code,
				'message' => $message,
				'data'    => array_merge( array( 'status' => $status ), $data ),
			),
			$status
		);
	}
}
