<?php
/**
 * A worker answer carried through WordPress byte for byte.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Holds the worker's status, headers and raw body. WordPress sends the status and headers
 * (WP_REST_Server::serve_request); serve() then echoes the raw bytes instead of letting
 * WordPress JSON-encode the data.
 *
 * get_data() decodes a JSON body lazily for PHP code that inspects the response (filters,
 * rest_do_request() callers); changing the data does not change what is sent.
 */
class Svc_Hub_Worker_Response extends WP_REST_Response {

	/** @var string Body bytes exactly as the worker sent them. */
	private string $raw_body;

	/** @var string[] Set-Cookie values, sent one header each. */
	private array $cookies = array();

	/** @var bool Whether $data holds the decoded body (or data someone set). */
	private bool $data_ready = false;

	/**
	 * @param int                 $status  The worker's HTTP status.
	 * @param array<int,string[]> $headers The worker's end-to-end headers as [name, value] pairs, in order.
	 * @param string              $body    Raw body bytes.
	 */
	public function __construct( int $status, array $headers, string $body ) {
		$combined = array();
		$names    = array(); // Lower-case name => name as first sent.
		foreach ( $headers as list( $name, $value ) ) {
			if ( 0 === strcasecmp( $name, 'Set-Cookie' ) ) {
				$this->cookies[] = $value;
				continue;
			}
			$lower = strtolower( $name );
			if ( 'vary' === $lower && 'Origin' === $value ) {
				continue; // rest_send_cors_headers adds its own `Vary: Origin`.
			}
			if ( isset( $names[ $lower ] ) ) {
				$combined[ $names[ $lower ] ] .= ', ' . $value;
			} else {
				$names[ $lower ]   = $name;
				$combined[ $name ] = $value;
			}
		}
		parent::__construct( null, $status, $combined );
		$this->raw_body   = $body;
		$this->data_ready = false; // The parent constructor went through set_data( null ).
	}

	/**
	 * The body bytes as the worker sent them.
	 *
	 * @return string
	 */
	public function get_raw_body(): string {
		return $this->raw_body;
	}

	/**
	 * The body decoded from JSON (an array), or an empty array when it is not a JSON object/array.
	 *
	 * @return mixed
	 */
	public function get_data() {
		if ( ! $this->data_ready ) {
			$this->data_ready = true;
			$decoded          = '' === $this->raw_body ? null : json_decode( $this->raw_body, true );
			$this->data       = is_array( $decoded ) ? $decoded : array();
		}
		return $this->data;
	}

	/**
	 * Stores data for PHP callers; the raw body stays what is served.
	 *
	 * @param mixed $data Data.
	 */
	public function set_data( $data ) {
		$this->data_ready = true;
		parent::set_data( $data );
	}

	/**
	 * `rest_pre_serve_request` filter: echoes a worker answer's raw bytes and reports it served.
	 * Status and headers were already sent by WP_REST_Server.
	 *
	 * @param bool             $served  Whether the request was already served.
	 * @param WP_HTTP_Response $result  Result to send.
	 * @param WP_REST_Request  $request Request.
	 * @return bool
	 */
	public static function serve( $served, $result, $request ): bool {
		if ( $served || ! $result instanceof self ) {
			return (bool) $served;
		}
		$headers      = Svc_Hub_Headers::from_map( $result->headers );
		$content_type = Svc_Hub_Headers::value( $headers, 'Content-Type' );
		if ( null !== $content_type ) {
			Svc_Hub_Headers::send( 'Content-Type', $content_type ); // Again: PHP may have appended a charset.
		}
		foreach ( $result->cookies as $cookie ) {
			header( 'Set-Cookie: ' . $cookie, false );
		}
		$status = $result->get_status();
		if ( '' === $result->raw_body || 204 === $status || 304 === $status || ( $request instanceof WP_REST_Request && 'HEAD' === $request->get_method() ) ) {
			return true;
		}
		if ( null !== Svc_Hub_Headers::value( $headers, 'Content-Encoding' ) ) {
			@ini_set( 'zlib.output_compression', '0' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- already-encoded bytes must not be compressed twice.
		}
		echo $result->raw_body; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped, SvcHub.Security.EscapeOutput.OutputNotEscaped -- the worker's answer, byte for byte.
		return true;
	}
}
