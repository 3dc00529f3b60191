<?php
/**
 * The shell's own signed calls to the worker (not forwarded client requests).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * POSTs a JSON body to one of the worker's internal routes, signed like every shell →
 * worker request (Svc_Hub_Signer: auth kind `internal`; empty Authorization, user and client ip). Short timeouts:
 * these calls run inside WooCommerce's hooks, on the request that took the payment.
 */
final class Svc_Hub_Worker_Client {

	/** Connect timeout, as for forwarded requests. */
	private const CONNECT_TIMEOUT_MS = 1500;

	/** Whole-exchange limit: the worker answers these in milliseconds. */
	private const TIMEOUT_SECONDS = 10;

	/** @var Svc_Hub_Settings */
	private Svc_Hub_Settings $settings;

	/**
	 * @param Svc_Hub_Settings $settings Worker URL and secret.
	 */
	public function __construct( Svc_Hub_Settings $settings ) {
		$this->settings = $settings;
	}

	/**
	 * Sends the request.
	 *
	 * @param string $route   Route under `/wp-json`, e.g. `/svc-hub/v1/internal/woo-order-event`.
	 * @param array  $payload Body, sent as JSON.
	 * @return array{status: int, body: string, error: string} `status` 0 when no answer came; `error` says why (never a secret).
	 */
	public function post_json( string $route, array $payload ): array {
		$signer = $this->settings->signer();
		if ( null === $signer ) {
			return array(
				'status' => 0,
				'body'   => '',
				'error'  => 'SVC_HUB_SECRET is not configured',
			);
		}
		$body = (string) wp_json_encode( $payload, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
		$path = Svc_Hub_Incoming_Request::PATH_PREFIX . $route;
		$head = array( 'Content-Type: application/json', 'Accept: application/json', 'Expect:' );
		foreach ( $signer->headers_for( 'POST', $path, '', 'internal', '', '', $body ) as $name => $value ) {
			$head[] = '' === $value ? $name . ';' : $name . ': ' . $value;
		}

		$handle = curl_init( $this->settings->worker_url() . $path );
		if ( false === $handle ) {
			return array(
				'status' => 0,
				'body'   => '',
				'error'  => 'curl_init failed',
			);
		}
		curl_setopt_array(
			$handle,
			array(
				CURLOPT_POST              => true,
				CURLOPT_POSTFIELDS        => $body,
				CURLOPT_HTTPHEADER        => $head,
				CURLOPT_RETURNTRANSFER    => true,
				CURLOPT_CONNECTTIMEOUT_MS => self::CONNECT_TIMEOUT_MS,
				CURLOPT_TIMEOUT           => self::TIMEOUT_SECONDS,
				CURLOPT_HTTP_VERSION      => CURL_HTTP_VERSION_1_1,
				CURLOPT_PROXY             => '',
				CURLOPT_FOLLOWLOCATION    => false,
				CURLOPT_NOSIGNAL          => true,
			)
		);
		$answer = curl_exec( $handle );
		$status = (int) curl_getinfo( $handle, CURLINFO_RESPONSE_CODE );
		$error  = curl_errno( $handle ) ? curl_error( $handle ) : '';
		curl_close( $handle );
		return array(
			'status' => false === $answer ? 0 : $status,
			'body'   => is_string( $answer ) ? $answer : '',
			'error'  => $error,
		);
	}
}
