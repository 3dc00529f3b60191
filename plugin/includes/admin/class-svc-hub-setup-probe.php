<?php
/**
 * The setup checklist's two calls: the worker's own checks, and the site's public API lane.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Asks the worker for its half of the checklist (`GET svc-hub/v1/admin/setup`, signed like a
 * forwarded admin request for the current user) and asks the site's own public URL which lane
 * answers its health route (the worker's `X-Svc-Lane` header). Short timeouts: this runs while
 * wp-admin's Dashboard is being built (docs/architecture.md "Setup checklist").
 */
final class Svc_Hub_Setup_Probe {

	/** The worker's setup route, under /wp-json. */
	public const SETUP_ROUTE = '/svc-hub/v1/admin/setup';

	/** The public route whose answer says which lane served it. */
	public const LANE_ROUTE = '/llm/router/v1/health';

	/** Connect timeout for both calls. */
	private const CONNECT_TIMEOUT_MS = 1000;

	/** Whole-exchange limit: the worker gives each provider host 2 s to accept a connection. */
	private const TIMEOUT_MS = 4000;

	/** @var Svc_Hub_Settings */
	private Svc_Hub_Settings $settings;

	/**
	 * @param Svc_Hub_Settings $settings Worker URL and secret.
	 */
	public function __construct( Svc_Hub_Settings $settings ) {
		$this->settings = $settings;
	}

	/**
	 * The worker's setup answer.
	 *
	 * @param int $user_id The administrator the call is signed for.
	 * @return array{status: int, body: array, error: string} `status` 0 when no answer came; `body` the decoded JSON (empty when none).
	 */
	public function worker_setup( int $user_id ): array {
		$signer = $this->settings->signer();
		$path   = Svc_Hub_Incoming_Request::PATH_PREFIX . self::SETUP_ROUTE;
		$head   = array( 'Accept: application/json' );
		foreach ( null === $signer ? array() : $signer->headers_for( 'GET', $path, '', 'admin', (string) $user_id, '', '' ) as $name => $value ) {
			$head[] = '' === $value ? $name . ';' : $name . ': ' . $value;
		}
		$answer = $this->get( $this->settings->worker_url() . $path, $head );
		$body   = json_decode( $answer['body'], true );
		return array(
			'status' => $answer['status'],
			'body'   => is_array( $body ) ? $body : array(),
			'error'  => $answer['error'],
		);
	}

	/**
	 * Which lane answers the public health route at the site's own address: `direct` (the worker,
	 * routed there by the web server), `wordpress`, or "" when no answer came.
	 *
	 * @return string
	 */
	public function public_lane(): string {
		$answer = $this->get( home_url( Svc_Hub_Incoming_Request::PATH_PREFIX . self::LANE_ROUTE ), array( 'Accept: application/json' ) );
		if ( 0 === $answer['status'] ) {
			return '';
		}
		return 'direct' === $answer['lane'] ? 'direct' : 'wordpress';
	}

	/**
	 * One GET with curl (no proxy, no redirects).
	 *
	 * @param string   $url     Address.
	 * @param string[] $headers Request headers.
	 * @return array{status: int, body: string, error: string, lane: string}
	 */
	private function get( string $url, array $headers ): array {
		$lane   = '';
		$handle = curl_init( $url );
		if ( false === $handle ) {
			return array(
				'status' => 0,
				'body'   => '',
				'error'  => 'curl_init failed',
				'lane'   => '',
			);
		}
		curl_setopt_array(
			$handle,
			array(
				CURLOPT_HTTPHEADER        => $headers,
				CURLOPT_RETURNTRANSFER    => true,
				CURLOPT_CONNECTTIMEOUT_MS => self::CONNECT_TIMEOUT_MS,
				CURLOPT_TIMEOUT_MS        => self::TIMEOUT_MS,
				CURLOPT_HTTP_VERSION      => CURL_HTTP_VERSION_1_1,
				CURLOPT_PROXY             => '',
				CURLOPT_FOLLOWLOCATION    => false,
				CURLOPT_NOSIGNAL          => true,
				CURLOPT_HEADERFUNCTION    => static function ( $curl, string $line ) use ( &$lane ): int {
					if ( 1 === preg_match( '/^X-Svc-Lane:\s*([a-z]+)/i', $line, $match ) ) {
						$lane = strtolower( $match[1] );
					}
					return strlen( $line );
				},
			)
		);
		$body   = curl_exec( $handle );
		$status = (int) curl_getinfo( $handle, CURLINFO_RESPONSE_CODE );
		$error  = curl_errno( $handle ) ? curl_error( $handle ) : '';
		curl_close( $handle );
		return array(
			'status' => false === $body ? 0 : $status,
			'body'   => is_string( $body ) ? $body : '',
			'error'  => $error,
			'lane'   => $lane,
		);
	}
}
