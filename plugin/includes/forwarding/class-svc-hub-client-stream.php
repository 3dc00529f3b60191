<?php
/**
 * The client side of a passed-through event stream.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Writes a `text/event-stream` answer to the client as it arrives: status and headers at
 * once, no output buffer or compression in between, a flush after every write, and an SSE
 * comment during upstream silence so that PHP notices when the client has hung up.
 */
final class Svc_Hub_Client_Stream {

	/** Seconds of silence after which a comment is written. */
	private const COMMENT_AFTER = 1.0;

	/** @var float When the client was last written to (microtime). */
	private float $last_write = 0.0;

	/** @var bool Whether the bytes written so far end between two events (a comment may go in). */
	private bool $at_event_boundary = true;

	/** @var bool Whether the client hung up. */
	private bool $client_gone = false;

	/**
	 * Sends the status and headers, drops every output buffer and flushes.
	 *
	 * @param int                 $status  HTTP status.
	 * @param array<int,string[]> $headers End-to-end [name, value] pairs.
	 * @return self
	 */
	public static function open( int $status, array $headers ): self {
		ignore_user_abort( true ); // Keep control after a hang-up, to abort the worker transfer.
		@ini_set( 'zlib.output_compression', '0' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- compression would hold chunks back.
		@set_time_limit( 0 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- may be disabled.
		if ( ! headers_sent() ) {
			status_header( $status );
			$sent = array();
			foreach ( $headers as list( $name, $value ) ) {
				$lower = strtolower( $name );
				Svc_Hub_Headers::send( $name, $value, ! isset( $sent[ $lower ] ) );
				$sent[ $lower ] = true;
			}
			header( 'X-Accel-Buffering: no' );
			header( 'Cache-Control: no-cache' );
		}
		while ( ob_get_level() > 0 && @ob_end_flush() ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors -- a buffer that cannot be removed ends the loop.
			continue;
		}
		$stream = new self();
		$stream->write( '' );
		return $stream;
	}

	/**
	 * Passes worker bytes on.
	 *
	 * @param string $bytes Bytes as received.
	 * @return bool False when the client has hung up.
	 */
	public function pass( string $bytes ): bool {
		$this->at_event_boundary = self::ends_event( $bytes );
		$this->write( $bytes );
		return ! $this->client_gone;
	}

	/**
	 * Called periodically during the transfer: after a second of silence, and only between
	 * events, writes the comment `: ` so a hang-up becomes visible.
	 *
	 * @return bool False when the client has hung up.
	 */
	public function keep_alive(): bool {
		if ( $this->at_event_boundary && microtime( true ) - $this->last_write >= self::COMMENT_AFTER ) {
			$this->write( ": \n\n" );
		}
		return ! $this->client_gone;
	}

	/**
	 * Ends the stream and the PHP request. When the worker connection broke (not the client),
	 * first one error event and `[DONE]`, as the worker itself ends a failed stream.
	 *
	 * @param bool $upstream_failed Whether the worker transfer failed.
	 * @return never
	 */
	public function close( bool $upstream_failed ): never {
		if ( $upstream_failed && ! $this->client_gone ) {
			$event = array(
				'error' => array(
					'code'    => 'svc_worker_unavailable',
					'message' => __( 'The connection to the svc-hub worker was lost before the stream ended.', 'svc-hub' ),
				),
			);
			$this->write( ( $this->at_event_boundary ? '' : "\n\n" ) . 'data: ' . wp_json_encode( $event ) . "\n\ndata: [DONE]\n\n" );
		}
		exit;
	}

	/**
	 * Echoes bytes, flushes, and notes a client hang-up.
	 *
	 * @param string $bytes Bytes to send.
	 */
	private function write( string $bytes ): void {
		echo $bytes; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped, SvcHub.Security.EscapeOutput.OutputNotEscaped -- the worker's event stream, byte for byte.
		flush();
		$this->last_write = microtime( true );
		if ( connection_aborted() ) {
			$this->client_gone = true;
		}
	}

	/**
	 * Whether bytes end with the blank line that closes an SSE event (LF, CRLF or CR line ends).
	 *
	 * @param string $bytes Bytes.
	 * @return bool
	 */
	private static function ends_event( string $bytes ): bool {
		$tail = substr( $bytes, -4 );
		return "\n\n" === substr( $tail, -2 ) || "\r\r" === substr( $tail, -2 ) || "\r\n\r\n" === $tail;
	}
}
