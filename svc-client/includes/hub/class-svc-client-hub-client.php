<?php
/**
 * HTTP calls from the client site to the hub.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Calls the hub's REST API with this site's key. Every answer comes back as
 * `{status, body, headers, error}`: `status` 0 and `error` set when the hub could not be
 * reached; the key is only ever sent in the Authorization header, never logged.
 */
final class Svc_Client_Hub_Client {

	/** Seconds a call may take (a chat call gets longer, see request()). */
	public const TIMEOUT = 15;

	/** @var string */
	private string $hub_url;

	/** @var string */
	private string $api_key;

	/**
	 * @param string $hub_url Hub base URL (no trailing slash).
	 * @param string $api_key This site's API key.
	 */
	public function __construct( string $hub_url, string $api_key ) {
		$this->hub_url = untrailingslashit( $hub_url );
		$this->api_key = $api_key;
	}

	/**
	 * A client with the stored settings.
	 *
	 * @return self
	 */
	public static function from_settings(): self {
		$settings = Svc_Client_Settings::get();
		return new self( $settings['hub_url'], $settings['api_key'] );
	}

	/**
	 * Whether a hub URL and a key are configured.
	 *
	 * @return bool
	 */
	public function is_configured(): bool {
		return '' !== $this->hub_url && '' !== $this->api_key;
	}

	/**
	 * One call to `{hub}/wp-json/{route}`.
	 *
	 * @param string                           $method  GET or POST.
	 * @param string                           $route   e.g. `svc-license/v1/entitlement`.
	 * @param array<string, mixed>|object|null $json    Body to send as JSON (an object for `{}`).
	 * @param array<string, string>            $headers Extra headers (`Accept` is JSON unless given).
	 * @param int                              $timeout Seconds.
	 * @return array{status: int, body: string, headers: array<string, string>, error: string}
	 */
	public function request( string $method, string $route, array|object|null $json = null, array $headers = array(), int $timeout = self::TIMEOUT ): array {
		$headers['Accept']      ??= 'application/json';
		if ( '' !== $this->api_key ) {
			$headers['Authorization'] = 'Bearer ' . $this->api_key;
		}
		$arguments = array(
			'method'      => $method,
			'timeout'     => $timeout,
			'redirection' => 0,
			'headers'     => $headers,
			'user-agent'  => 'svc-client/' . SVC_CLIENT_VERSION . '; ' . home_url(),
		);
		if ( null !== $json ) {
			$arguments['headers']['Content-Type'] = 'application/json';
			$arguments['body']                    = wp_json_encode( $json );
		}
		$response = wp_remote_request( $this->url( $route ), $arguments );
		if ( is_wp_error( $response ) ) {
			return array(
				'status'  => 0,
				'body'    => '',
				'headers' => array(),
				'error'   => $response->get_error_message(),
			);
		}
		$answer_headers = array();
		foreach ( wp_remote_retrieve_headers( $response ) as $name => $value ) {
			$answer_headers[ strtolower( (string) $name ) ] = is_array( $value ) ? implode( ', ', $value ) : (string) $value;
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		if ( $status > 0 && $status < 500 ) {
			Svc_Client_Session_Check::recover_soon();
		}
		return array(
			'status'  => $status,
			'body'    => (string) wp_remote_retrieve_body( $response ),
			'headers' => $answer_headers,
			'error'   => '',
		);
	}

	/**
	 * Asks the hub to deliver this site's queued licence messages now (`POST
	 * /svc-license/v1/redeliver`): after the settings are saved or tested, so a delivery this
	 * site refused before its webhook secret was set does not wait for the hub's schedule.
	 * Logged; returns the answer.
	 *
	 * @return array{status: int, body: string, headers: array<string, string>, error: string}
	 */
	public function redeliver(): array {
		$answer = $this->request( 'POST', 'svc-license/v1/redeliver', new stdClass() );
		$body   = json_decode( $answer['body'], true );
		if ( 200 === $answer['status'] && is_array( $body ) && is_int( $body['due'] ?? null ) ) {
			/* translators: %d: how many messages the hub has queued for this site. */
			Svc_Client_Activity_Log::add( 'redeliver', 'ok', sprintf( __( 'The hub sends its %d queued message(s) now.', 'svc-client' ), $body['due'] ) );
		} elseif ( self::asked_recently( $answer['status'], $body ) ) {
			Svc_Client_Activity_Log::add( 'redeliver', 'ok', __( 'The hub was asked a moment ago and is already sending the queued messages.', 'svc-client' ) );
		} else {
			Svc_Client_Activity_Log::add( 'redeliver', 'failed', self::describe( $answer ) );
		}
		return $answer;
	}

	/**
	 * Whether the hub refused a redelivery because this site asked within its last few seconds
	 * (a save then "Test connection"): the first request's messages are on their way, so it is
	 * not a failure. The key's own rate limit is the same code without that reason.
	 *
	 * @param int   $status HTTP status.
	 * @param mixed $body   The decoded answer.
	 * @return bool
	 */
	public static function asked_recently( int $status, $body ): bool {
		return 429 === $status && is_array( $body ) && 'redelivery_recent' === ( $body['data']['reason'] ?? null );
	}

	/**
	 * The full URL of a hub route (the hub's REST API under /wp-json/).
	 *
	 * @param string $route Route without a leading slash.
	 * @return string
	 */
	public function url( string $route ): string {
		return $this->hub_url . '/wp-json/' . ltrim( $route, '/' );
	}

	/**
	 * The `{code, message}` of an error answer, or a description of a non-JSON one.
	 *
	 * @param array{status: int, body: string, error: string} $answer An answer from request().
	 * @return string
	 */
	public static function describe( array $answer ): string {
		if ( 0 === $answer['status'] ) {
			/* translators: %s: the transport error. */
			return sprintf( __( 'The hub could not be reached: %s', 'svc-client' ), $answer['error'] );
		}
		$body = json_decode( $answer['body'], true );
		if ( is_array( $body ) && is_string( $body['code'] ?? null ) ) {
			return sprintf( '%d %s: %s', $answer['status'], $body['code'], mb_substr( (string) ( $body['message'] ?? '' ), 0, 200 ) );
		}
		/* translators: %d: HTTP status. */
		return sprintf( __( 'The hub answered HTTP %d.', 'svc-client' ), $answer['status'] );
	}
}
