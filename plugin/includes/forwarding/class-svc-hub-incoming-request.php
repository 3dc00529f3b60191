<?php
/**
 * The client's request as the shell forwards and signs it.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Canonical path, query, end-to-end headers, client address and body of a REST request.
 *
 * For the request PHP is serving (the "main" request) the query is the raw QUERY_STRING
 * without `rest_route=` and the headers are the client's own (getallheaders()), so plain
 * and pretty permalinks sign the same bytes. For a request dispatched from PHP code
 * (rest_do_request(), batch) both come from the WP_REST_Request object.
 */
final class Svc_Hub_Incoming_Request {

	/** Fixed prefix of every canonical path, whatever the permalink style. */
	public const PATH_PREFIX = '/wp-json';

	/**
	 * @param string              $method        HTTP method (upper case).
	 * @param string              $path          Canonical path plus `?query` when there is a query.
	 * @param array<int,string[]> $headers       End-to-end headers to forward, [name, value] pairs.
	 * @param string              $authorization Authorization value, "" when absent.
	 * @param string              $client_ip     REMOTE_ADDR.
	 * @param string              $body          Raw body bytes.
	 * @param array|null          $refusal       `{ status, message }` when PHP did not keep a multipart upload.
	 */
	private function __construct(
		public readonly string $method,
		public readonly string $path,
		public readonly array $headers,
		public readonly string $authorization,
		public readonly string $client_ip,
		public readonly string $body,
		public readonly ?array $refusal = null
	) {}

	/**
	 * Reads a REST request.
	 *
	 * @param WP_REST_Request $request The request.
	 * @param bool            $is_main Whether it is the HTTP request PHP is serving.
	 * @return self
	 */
	public static function from_rest_request( WP_REST_Request $request, bool $is_main ): self {
		$query   = $is_main ? self::main_query_string() : self::query_from_params( $request->get_query_params() );
		$headers = Svc_Hub_Headers::end_to_end(
			Svc_Hub_Headers::from_map( $is_main ? self::client_headers() : self::headers_from_request( $request ) ),
			Svc_Hub_Headers::NOT_FORWARDED,
			array( 'x-svc-hub-' )
		);

		$incoming = new self(
			strtoupper( $request->get_method() ),
			self::canonical_path( $request->get_route() ) . ( '' === $query ? '' : '?' . $query ),
			$headers,
			(string) Svc_Hub_Headers::joined_value( $headers, 'Authorization' ),
			isset( $_SERVER['REMOTE_ADDR'] ) ? wp_unslash( (string) $_SERVER['REMOTE_ADDR'] ) : '',
			(string) $request->get_body()
		);
		// WordPress's REST server keeps the main request's $_POST unslashed as the body params.
		return $is_main ? $incoming->with_form_body( $request->get_body_params(), $request->get_file_params() ) : $incoming;
	}

	/**
	 * Reads the HTTP request PHP is serving, before WordPress's REST server exists (the fast
	 * lane, `../fast-lane/`): the same bytes from_rest_request() takes for a main request.
	 *
	 * @param string $route  REST route, as WordPress would have parsed it.
	 * @param string $method HTTP method.
	 * @return self
	 */
	public static function from_main_request( string $route, string $method ): self {
		$query   = self::main_query_string();
		$headers = Svc_Hub_Headers::end_to_end( Svc_Hub_Headers::from_map( self::client_headers() ), Svc_Hub_Headers::NOT_FORWARDED, array( 'x-svc-hub-' ) );
		$incoming = new self(
			strtoupper( $method ),
			self::canonical_path( $route ) . ( '' === $query ? '' : '?' . $query ),
			$headers,
			(string) Svc_Hub_Headers::joined_value( $headers, 'Authorization' ),
			isset( $_SERVER['REMOTE_ADDR'] ) ? wp_unslash( (string) $_SERVER['REMOTE_ADDR'] ) : '',
			(string) WP_REST_Server::get_raw_data()
		);
		// Before WordPress loads, wp_magic_quotes() has not slashed $_POST yet: it is as PHP parsed it.
		return $incoming->with_form_body( $_POST, $_FILES ); // phpcs:ignore SvcHub.Security.NonceVerification.Missing, SvcHub.Security.NonceVerification.CapabilityMissing -- forwarded as sent (a Bearer call, no cookie); the worker checks the key.
	}

	/**
	 * The request with its multipart/form-data body rebuilt from PHP's parse of it
	 * (Svc_Hub_Multipart_Body): PHP leaves php://input empty for such a body. Any other body as it is.
	 *
	 * @param array $fields The fields, unslashed.
	 * @param array $files  The files ($_FILES).
	 * @return self
	 */
	private function with_form_body( array $fields, array $files ): self {
		if ( '' !== $this->body || ! Svc_Hub_Multipart_Body::is_form( Svc_Hub_Headers::joined_value( $this->headers, 'Content-Type' ) ) ) {
			return $this;
		}
		$form    = Svc_Hub_Multipart_Body::rebuild( $fields, $files );
		$headers = Svc_Hub_Headers::end_to_end( $this->headers, array( 'content-type' ) );
		if ( null === $form->refusal ) {
			$headers[] = array( 'Content-Type', $form->content_type );
		}
		return new self( $this->method, $this->path, $headers, $this->authorization, $this->client_ip, $form->body, $form->refusal );
	}

	/**
	 * The request with a key sent in one of the route's key headers (`x-api-key` on the Messages
	 * routes, docs/architecture.md §9) as the Authorization value it signs and forwards, when no
	 * Authorization was sent. Left as it is otherwise: a header sent twice (a comma) or beside a
	 * different Authorization goes to the worker, which refuses it by name.
	 *
	 * @param string[] $key_headers Header names from the route's row.
	 * @return self
	 */
	public function with_key_headers( array $key_headers ): self {
		if ( '' !== $this->authorization ) {
			return $this;
		}
		foreach ( $key_headers as $name ) {
			$key = Svc_Hub_Headers::joined_value( $this->headers, (string) $name );
			if ( null === $key || '' === trim( $key ) || str_contains( $key, ',' ) ) {
				continue;
			}
			$authorization = 'Bearer ' . trim( $key );
			$headers       = Svc_Hub_Headers::end_to_end( $this->headers, array( strtolower( (string) $name ) ), array() );
			$headers[]     = array( 'Authorization', $authorization );
			return new self( $this->method, $this->path, $headers, $authorization, $this->client_ip, $this->body, $this->refusal );
		}
		return $this;
	}

	/**
	 * `/wp-json` plus the route with each segment rawurlencode()d.
	 *
	 * @param string $route REST route, e.g. `/svc/v1/image-templates/abc`.
	 * @return string
	 */
	public static function canonical_path( string $route ): string {
		// rawurlencode() keeps dots: a `.` or `..` segment is spelled %2E so that nothing on the
		// way (curl, a proxy) resolves it and the worker receives the path that was signed.
		$encode = static fn ( string $segment ): string => preg_match( '/^\.{1,2}\z/', $segment ) ? str_repeat( '%2E', strlen( $segment ) ) : rawurlencode( $segment );
		return self::PATH_PREFIX . implode( '/', array_map( $encode, explode( '/', $route ) ) );
	}

	/**
	 * The raw QUERY_STRING without any `rest_route` pair (`rest.route`, `rest[route`… included),
	 * bytes otherwise untouched.
	 *
	 * @return string
	 */
	public static function main_query_string(): string {
		$raw = isset( $_SERVER['QUERY_STRING'] ) ? wp_unslash( (string) $_SERVER['QUERY_STRING'] ) : '';
		if ( '' === $raw || false === stripos( $raw, 'rest' ) ) {
			return $raw;
		}
		// The name as PHP reads it into $_GET (` `, `.` and `[` become `_`), as the worker reads it too.
		$pairs = array_filter(
			explode( '&', $raw ),
			static fn ( string $pair ): bool => 'rest_route' !== strtr( urldecode( explode( '=', $pair, 2 )[0] ), ' .[', '___' )
		);
		return implode( '&', $pairs );
	}

	/**
	 * Query string of a request built in PHP.
	 *
	 * @param array $params Query parameters.
	 * @return string
	 */
	private static function query_from_params( array $params ): string {
		unset( $params['rest_route'] );
		return http_build_query( $params, '', '&', PHP_QUERY_RFC3986 );
	}

	/**
	 * The client's request headers as sent: getallheaders(), else rebuilt from $_SERVER.
	 *
	 * @return array<string,string>
	 */
	private static function client_headers(): array {
		$headers = function_exists( 'getallheaders' ) ? getallheaders() : false;
		if ( ! is_array( $headers ) ) {
			$headers = array();
			foreach ( $_SERVER as $key => $value ) {
				if ( 0 === strncmp( $key, 'HTTP_', 5 ) ) {
					$key = substr( $key, 5 );
				} elseif ( 'CONTENT_TYPE' !== $key && 'CONTENT_LENGTH' !== $key ) {
					continue;
				}
				$headers[ ucwords( strtolower( str_replace( '_', '-', $key ) ), '-' ) ] = wp_unslash( (string) $value );
			}
		}
		if ( null === Svc_Hub_Headers::value( Svc_Hub_Headers::from_map( $headers ), 'Authorization' ) && ! empty( $_SERVER['REDIRECT_HTTP_AUTHORIZATION'] ) ) {
			$headers['Authorization'] = wp_unslash( (string) $_SERVER['REDIRECT_HTTP_AUTHORIZATION'] );
		}
		return $headers;
	}

	/**
	 * Headers of a request built in PHP (WordPress keys them `content_type`).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return array<string,string>
	 */
	private static function headers_from_request( WP_REST_Request $request ): array {
		$headers = array();
		foreach ( $request->get_headers() as $key => $values ) {
			$headers[ ucwords( str_replace( '_', '-', (string) $key ), '-' ) ] = implode( ',', (array) $values );
		}
		return $headers;
	}
}
