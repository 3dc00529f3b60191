<?php
/**
 * The HTTP exchange with the worker, passing event streams through as they arrive.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Sends one signed request to the worker with curl.
 *
 * A buffered answer comes back as a Svc_Hub_Worker_Response. When streaming is allowed and
 * the worker answers `text/event-stream`, Svc_Hub_Client_Stream passes it on chunk by chunk
 * and the PHP request ends with the stream; a client hang-up aborts the worker transfer.
 */
final class Svc_Hub_Stream_Proxy {

	/** Connect timeout: an unreachable worker is reported well within 2 s. */
	private const CONNECT_TIMEOUT_MS = 1500;

	/**
	 * Seconds after which the shell gives up on the worker (the worker owns the real LLM and
	 * provider timeouts, and sends keep-alives every 15 s on streams): the whole-answer limit
	 * of a buffered route, and the longest silence on a route that may stream. Longer than the
	 * worker's own limit on a call (SVC_CALL_MAX_MS, 600 s by default), which answers its error
	 * and records the call; shorter than nginx's fastcgi_read_timeout (deploy/nginx/svc-hub.conf).
	 */
	private const WORKER_SILENCE_LIMIT = 630;

	/** @var bool Whether an event-stream answer may be passed through. */
	private bool $may_stream;

	/** @var int Status of the current (final) response, 0 until a status line arrives. */
	private int $status = 0;

	/** @var array<int,string[]> Raw [name, value] header pairs of the current response. */
	private array $headers = array();

	/** @var bool Whether the final response's header block is complete. */
	private bool $headers_done = false;

	/** @var string Buffered body. */
	private string $body = '';

	/** @var Svc_Hub_Client_Stream|null Set once the answer is being passed through. */
	private ?Svc_Hub_Client_Stream $stream = null;

	/** @var float When the worker last sent anything, or when the transfer started (microtime). */
	private float $last_upstream;

	/**
	 * @param bool $may_stream Whether an event-stream answer may be passed through.
	 */
	private function __construct( bool $may_stream ) {
		$this->may_stream    = $may_stream;
		$this->last_upstream = microtime( true );
	}

	/**
	 * Sends a request to the worker.
	 *
	 * @param string   $url          Full worker URL (base + canonical path + query).
	 * @param string   $method       HTTP method.
	 * @param string[] $header_lines Request header lines for curl.
	 * @param string   $body         Raw body bytes.
	 * @param bool     $may_stream   Whether an event-stream answer may be passed through (then this does not return).
	 * @return WP_REST_Response|null The worker's answer, a 502 when it broke off mid-answer, or null when there was no answer at all.
	 */
	public static function send( string $url, string $method, array $header_lines, string $body, bool $may_stream ): ?WP_REST_Response {
		return ( new self( $may_stream ) )->run( $url, $method, $header_lines, $body );
	}

	/**
	 * Runs the transfer.
	 *
	 * @see send()
	 */
	private function run( string $url, string $method, array $header_lines, string $body ): ?WP_REST_Response {
		$handle = curl_init( $url );
		if ( false === $handle ) {
			return null;
		}
		$options = array(
			CURLOPT_HTTPHEADER        => $header_lines,
			CURLOPT_HEADERFUNCTION    => array( $this, 'on_header' ),
			CURLOPT_WRITEFUNCTION     => array( $this, 'on_body' ),
			CURLOPT_CONNECTTIMEOUT_MS => self::CONNECT_TIMEOUT_MS,
			CURLOPT_TIMEOUT           => $this->may_stream ? 0 : self::WORKER_SILENCE_LIMIT,
			CURLOPT_HTTP_VERSION      => CURL_HTTP_VERSION_1_1,
			CURLOPT_PROXY             => '',
			CURLOPT_FOLLOWLOCATION    => false,
			CURLOPT_PATH_AS_IS        => true,
			CURLOPT_TCP_NODELAY       => true,
			CURLOPT_NOSIGNAL          => true,
		);
		if ( 'HEAD' === $method ) {
			$options[ CURLOPT_NOBODY ] = true;
		} else {
			$options[ CURLOPT_CUSTOMREQUEST ] = $method;
			if ( '' !== $body || ! in_array( $method, array( 'GET', 'DELETE', 'OPTIONS' ), true ) ) {
				$options[ CURLOPT_POSTFIELDS ] = $body;
			}
		}
		if ( $this->may_stream ) {
			$options[ CURLOPT_NOPROGRESS ]       = false;
			$options[ CURLOPT_XFERINFOFUNCTION ] = array( $this, 'on_progress' );
		}
		curl_setopt_array( $handle, $options );
		curl_exec( $handle );
		$error = curl_errno( $handle );
		curl_close( $handle );

		if ( null !== $this->stream ) {
			$this->stream->close( 0 !== $error );
		}
		if ( ! $this->headers_done ) {
			return null;
		}
		if ( 0 !== $error ) {
			return Svc_Hub_Errors::upstream_error();
		}
		return new Svc_Hub_Worker_Response( $this->status, $this->returned_headers(), $this->body );
	}

	/**
	 * CURLOPT_HEADERFUNCTION: collects the status and header lines; at the end of the final
	 * header block, starts passing through when the answer is an event stream.
	 *
	 * @param resource|CurlHandle $handle Curl handle.
	 * @param string              $line   One header line with its line break.
	 * @return int Bytes handled.
	 */
	public function on_header( $handle, string $line ): int {
		$this->last_upstream = microtime( true );
		$trimmed             = rtrim( $line, "\r\n" );
		if ( 0 === strncmp( $trimmed, 'HTTP/', 5 ) ) {
			$parts         = explode( ' ', $trimmed, 3 );
			$this->status  = (int) ( $parts[1] ?? 0 );
			$this->headers = array();
		} elseif ( '' === $trimmed ) {
			// A 1xx interim answer ends here too; only a final status completes the headers.
			$this->headers_done = $this->status >= 200;
			$content_type       = (string) Svc_Hub_Headers::value( $this->headers, 'Content-Type' );
			if ( $this->headers_done && $this->may_stream && 0 === strncasecmp( ltrim( $content_type ), 'text/event-stream', 17 ) ) {
				$this->stream = Svc_Hub_Client_Stream::open( $this->status, $this->returned_headers() );
			}
		} elseif ( ( ' ' === $trimmed[0] || "\t" === $trimmed[0] ) && $this->headers ) {
			$this->headers[ count( $this->headers ) - 1 ][1] .= ' ' . trim( $trimmed );
		} elseif ( false !== strpos( $trimmed, ':' ) ) {
			list( $name, $value ) = explode( ':', $trimmed, 2 );
			$this->headers[]      = array( trim( $name ), trim( $value ) );
		}
		return strlen( $line );
	}

	/**
	 * CURLOPT_WRITEFUNCTION: passes bytes to the client when streaming, else buffers them.
	 *
	 * @param resource|CurlHandle $handle Curl handle.
	 * @param string              $data   Body bytes.
	 * @return int Bytes handled; 0 aborts the transfer (client gone).
	 */
	public function on_body( $handle, string $data ): int {
		$this->last_upstream = microtime( true );
		if ( null === $this->stream ) {
			$this->body .= $data;
			return strlen( $data );
		}
		return $this->stream->pass( $data ) ? strlen( $data ) : 0;
	}

	/**
	 * CURLOPT_XFERINFOFUNCTION (routes that may stream): keeps a passed-through stream alive;
	 * aborts the transfer when the client is gone or the worker has been silent too long.
	 *
	 * @return int Non-zero aborts the transfer.
	 */
	public function on_progress(): int {
		if ( null !== $this->stream && ! $this->stream->keep_alive() ) {
			return 1;
		}
		return microtime( true ) - $this->last_upstream >= self::WORKER_SILENCE_LIMIT ? 1 : 0;
	}

	/**
	 * The worker's headers that go back to the client.
	 *
	 * @return array<int,string[]>
	 */
	private function returned_headers(): array {
		return Svc_Hub_Headers::end_to_end( $this->headers, Svc_Hub_Headers::NOT_RETURNED );
	}
}
