<?php
/**
 * Forwards every request in the plugin's namespaces to the worker, signed.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Walks the route table for a REST request and, unless the row is `internal`, forwards it
 * from `rest_pre_dispatch` — before WordPress would match routes, validate JSON or answer
 * 404/405 itself — so the worker answers everything in those namespaces that a row matches.
 * What no row matches never reaches the worker: a path with a control character is 400
 * `svc_invalid_request`, anything else 404 `svc_not_found` (the worker's own answers, so both
 * lanes agree). The row's auth kind is signed (X-Svc-Hub-Auth), so the worker runs admin
 * and internal handlers only for requests the shell forwarded as such.
 */
final class Svc_Hub_Forwarder {

	/**
	 * Most bytes of client headers forwarded: the worker's HTTP parser takes 16 KiB for the request
	 * line and all headers, and the shell adds its own (about 0.5 KiB) and the path.
	 */
	private const MAX_HEADER_BYTES = 14336;

	/** @var Svc_Hub_Settings */
	private Svc_Hub_Settings $settings;

	/** @var Svc_Hub_Route_Table */
	private Svc_Hub_Route_Table $table;

	/** @var Svc_Hub_Rest_Guard Whether a batch is being served. */
	private Svc_Hub_Rest_Guard $guard;

	/** @var bool Whether the HTTP request PHP is serving has been seen already. */
	private bool $main_request_claimed = false;

	/**
	 * @param Svc_Hub_Settings    $settings Worker URL and secret.
	 * @param Svc_Hub_Route_Table $table    The route table.
	 * @param Svc_Hub_Rest_Guard  $guard    Whether a batch is being served.
	 */
	public function __construct( Svc_Hub_Settings $settings, Svc_Hub_Route_Table $table, Svc_Hub_Rest_Guard $guard ) {
		$this->settings = $settings;
		$this->table    = $table;
		$this->guard    = $guard;
	}

	/**
	 * `rest_pre_dispatch` filter (priority 10, 3 args): answers requests in the table's
	 * namespaces with the worker's answer, or the shell's own 400/404 when no row matches;
	 * leaves everything else (and `internal` rows) alone.
	 *
	 * @param mixed           $result  A result another filter produced, or null.
	 * @param WP_REST_Server  $server  Server instance.
	 * @param WP_REST_Request $request The request.
	 * @return mixed
	 */
	public function pre_dispatch( $result, $server, $request ) {
		if ( null !== $result || ! $request instanceof WP_REST_Request ) {
			return $result;
		}
		$route = $request->get_route();
		if ( null === $this->table->namespace_of( $route ) ) {
			return $result;
		}
		if ( $this->guard->inside_batch() ) {
			return Svc_Hub_Errors::batch_not_allowed();
		}
		if ( self::refused_path( $route ) ) {
			return Svc_Hub_Errors::control_character_in_path();
		}
		$row = $this->table->match( $route, $request->get_method() );
		if ( null === $row ) {
			return $this->table->is_built() ? Svc_Hub_Errors::not_found() : Svc_Hub_Errors::worker_unavailable( $this->table->missing_message() );
		}
		if ( 'internal' === $row['auth'] ) {
			return $result;
		}
		return $this->forward( $request, $row );
	}

	/**
	 * Route callback of every forwarded row (used only when rest_pre_dispatch did not forward).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function handle( WP_REST_Request $request ): WP_REST_Response {
		if ( $this->guard->inside_batch() ) {
			return Svc_Hub_Errors::batch_not_allowed();
		}
		if ( self::refused_path( $request->get_route() ) ) {
			return Svc_Hub_Errors::control_character_in_path();
		}
		$row = $this->table->match( $request->get_route(), $request->get_method() );
		if ( null === $row || 'internal' === $row['auth'] ) {
			return Svc_Hub_Errors::not_found();
		}
		return $this->forward( $request, $row );
	}

	/**
	 * Forwards a request and returns the worker's answer (or streams it and exits).
	 *
	 * @param WP_REST_Request $request The request.
	 * @param array           $row     Its route-table row (never `internal`: those are answered by PHP).
	 * @return WP_REST_Response
	 */
	public function forward( WP_REST_Request $request, array $row ): WP_REST_Response {
		$is_main = $this->claim_main_request( $request );
		if ( 'admin' === $row['auth'] && ! current_user_can( 'manage_options' ) ) {
			return Svc_Hub_Errors::forbidden();
		}
		$user = 'admin' === $row['auth'] ? (string) get_current_user_id() : '';
		return $this->send( Svc_Hub_Incoming_Request::from_rest_request( $request, $is_main ), $row, $request->get_route(), $user, $is_main && ! empty( $row['may_stream'] ) );
	}

	/**
	 * Signs a request read by either lane and sends it to the worker, within the forwarding
	 * slots: the worker's answer, the shell's own refusal, or a 503 when the worker cannot
	 * answer. Needs nothing of WordPress's REST server (the fast lane calls it too).
	 *
	 * @param Svc_Hub_Incoming_Request $incoming The request as forwarded.
	 * @param array                    $row      Its route-table row (never `internal`).
	 * @param string                   $route    REST route (for the health fallback).
	 * @param string                   $user     WordPress user id on admin rows, else "".
	 * @param bool                     $stream   Whether an event stream is passed through (then this does not return).
	 * @return WP_REST_Response
	 */
	public function send( Svc_Hub_Incoming_Request $incoming, array $row, string $route, string $user, bool $stream ): WP_REST_Response {
		$incoming = $incoming->with_key_headers( $row['key_headers'] ?? array() );
		$auth     = $row['auth'];
		$signer   = $this->settings->signer();
		if ( null === $signer ) {
			return self::unavailable( $route, $incoming->method, Svc_Hub_Errors::secret_missing_message() );
		}
		if ( Svc_Hub_Headers::has_control_character( $incoming->headers ) ) {
			return Svc_Hub_Errors::control_character_in_header(); // A CR or LF would end the header line on the way to the worker.
		}
		if ( self::header_bytes( $incoming->headers ) > self::MAX_HEADER_BYTES ) {
			return Svc_Hub_Errors::headers_too_large(); // The worker would refuse them while the body is still on its way.
		}
		if ( null !== $incoming->refusal ) {
			return Svc_Hub_Errors::upload_refused( $incoming->refusal['status'], $incoming->refusal['message'] ); // Svc_Hub_Multipart_Body.
		}
		$slots = 'admin' === $auth ? null : Svc_Hub_Forwarding_Slots::for_site( $this->settings->worker_url() );
		if ( null !== $slots ) {
			$refused = $slots->take( $incoming->authorization );
			if ( null !== $refused ) {
				return Svc_Hub_Errors::busy( $refused, $slots->limits_in_force()[ $refused ] );
			}
			register_shutdown_function( array( $slots, 'release' ) ); // A stream ends the request with exit.
		}
		$signed = $signer->headers_for( $incoming->method, $incoming->path, $incoming->authorization, $auth, $user, $incoming->client_ip, $incoming->body );
		try {
			$response = Svc_Hub_Stream_Proxy::send(
				$this->settings->worker_url() . $incoming->path,
				$incoming->method,
				self::header_lines( array_merge( Svc_Hub_Headers::from_map( $signed ), $incoming->headers ) ),
				$incoming->body,
				$stream
			);
		} finally {
			$slots?->release();
		}
		return $response ?? self::unavailable( $route, $incoming->method, Svc_Hub_Errors::unreachable_message() );
	}

	/**
	 * The 503 answer when the worker cannot answer: the health body for the health route,
	 * `svc_worker_unavailable` for everything else.
	 *
	 * @param string $route   REST route.
	 * @param string $method  HTTP method.
	 * @param string $message Why.
	 * @return WP_REST_Response
	 */
	private static function unavailable( string $route, string $method, string $message ): WP_REST_Response {
		if ( Svc_Hub_Health_Fallback::applies( $route, $method ) ) {
			return Svc_Hub_Health_Fallback::response( $message );
		}
		return Svc_Hub_Errors::worker_unavailable( $message );
	}

	/**
	 * Whether this is the HTTP request PHP is serving (its route is the requested
	 * `rest_route`, first time seen), as opposed to one dispatched from PHP code.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return bool
	 */
	private function claim_main_request( WP_REST_Request $request ): bool {
		if ( $this->main_request_claimed || ! defined( 'REST_REQUEST' ) || ! REST_REQUEST || ! isset( $GLOBALS['wp']->query_vars['rest_route'] ) ) {
			return false;
		}
		$served = untrailingslashit( (string) $GLOBALS['wp']->query_vars['rest_route'] );
		if ( 0 !== strcasecmp( $served, untrailingslashit( $request->get_route() ) ) ) {
			return false;
		}
		$this->main_request_claimed = true;
		return true;
	}

	/**
	 * Whether the route — or, on the request PHP is serving, the path the client asked for —
	 * holds a control character. WordPress's pretty-permalink rewrite stops at a line feed, so
	 * `/wp-json/svc-hub/v1/admin/keys/%0A/revoke` reaches the REST server as `…/admin/keys/`
	 * (under php -S): the route alone would hide it and serve another request than the one sent.
	 *
	 * @param string $route REST route.
	 * @return bool
	 */
	private static function refused_path( string $route ): bool {
		if ( Svc_Hub_Route_Table::has_control_character( $route ) ) {
			return true;
		}
		if ( ! defined( 'REST_REQUEST' ) || ! REST_REQUEST || ! isset( $_SERVER['REQUEST_URI'] ) ) {
			return false;
		}
		$path = explode( '?', wp_unslash( (string) $_SERVER['REQUEST_URI'] ), 2 )[0]; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- only searched for control characters.
		return Svc_Hub_Route_Table::has_control_character( rawurldecode( $path ) );
	}

	/**
	 * Bytes the header lines take on the wire (`Name: value` and CRLF each).
	 *
	 * @param array<int,string[]> $headers [name, value] pairs.
	 * @return int
	 */
	private static function header_bytes( array $headers ): int {
		$bytes = 0;
		foreach ( $headers as list( $name, $value ) ) {
			$bytes += strlen( $name ) + strlen( $value ) + 4;
		}
		return $bytes;
	}

	/**
	 * Curl header lines. `Connection: close` comes first, then the shell's signed headers, then
	 * the client's: one request per connection, so the worker's HTTP parser refuses anything
	 * after it ("data after Connection: close") — a second request can never ride on the
	 * shell's connection, even if a header line were ever cut short. An empty value is
	 * written `Name;` (curl would drop `Name:`); curl's own Accept / Content-Type defaults are
	 * suppressed when the client sent none, and `Expect:` is always empty (no 100-continue
	 * round trip).
	 *
	 * @param array<int,string[]> $headers [name, value] pairs.
	 * @return string[]
	 */
	private static function header_lines( array $headers ): array {
		$lines = array( 'Connection: close' );
		foreach ( $headers as list( $name, $value ) ) {
			$lines[] = '' === $value ? $name . ';' : $name . ': ' . $value;
		}
		$lines[] = 'Expect:';
		foreach ( array( 'Accept', 'Content-Type' ) as $name ) {
			if ( null === Svc_Hub_Headers::value( $headers, $name ) ) {
				$lines[] = $name . ':';
			}
		}
		return $lines;
	}
}
