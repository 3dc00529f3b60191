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
 * On the router's namespace Svc_Hub_Error_Dialect adds the client dialect to them.
 */
final class Svc_Hub_Errors {

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
	 * 413 or 400 `svc_invalid_request` naming `image`: PHP did not keep a multipart upload
	 * (post_max_size, upload_max_filesize, an UPLOAD_ERR_* code; Svc_Hub_Multipart_Body).
	 *
	 * @param int    $status  413 or 400.
	 * @param string $message What happened.
	 * @return WP_REST_Response
	 */
	public static function upload_refused( int $status, string $message ): WP_REST_Response {
		return self::response( 413 === $status ? 'svc_payload_too_large' : 'svc_invalid_request', $message, $status, array( 'params' => array( 'image' => $message ) ) );
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
