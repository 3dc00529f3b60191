<?php
/**
 * REST routes over the local copy of the library, for editors.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * For users who can edit posts:
 *
 * - `GET /svc-client/v1/library?kind=templates|samples|assets` — what the copy holds (version,
 *   last sync, items with their slug, title and type);
 * - `GET /svc-client/v1/library/items/{id}` — one item as the hub sent it, its files pointing
 *   at the route below;
 * - `GET /svc-client/v1/library/files/{sha256 hex}.svg` — a file, with
 *   `Content-Security-Policy: sandbox` and `nosniff`, so an SVG never runs in the site's origin,
 *   and its hash as ETag (`If-None-Match` → 304). The only way to the files: the folder holds
 *   them in a form no web server serves as SVG (Svc_Client_Library_Folder).
 */
final class Svc_Client_Library_Routes {

	private const NAMESPACE = 'svc-client/v1';

	/** The key of a file answer's data, which serve_file() turns into the file's bytes. */
	private const FILE_MARKER = 'svc_client_library_file';

	/**
	 * Registers the routes and the raw file output.
	 */
	public static function register(): void {
		$can_read = static fn() => current_user_can( 'edit_posts' );
		register_rest_route(
			self::NAMESPACE,
			'/library',
			array(
				'methods'             => 'GET',
				'callback'            => array( self::class, 'list_items' ),
				'permission_callback' => $can_read,
				'args'                => array(
					'kind' => array(
						'type'    => 'string',
						'enum'    => array_values( Svc_Client_Library_Check::LISTS ),
						'default' => 'templates',
					),
				),
			)
		);
		register_rest_route(
			self::NAMESPACE,
			'/library/items/(?P<id>(?:tpl|smp|ast)_[0-9A-Z]{26})',
			array(
				'methods'             => 'GET',
				'callback'            => array( self::class, 'get_item' ),
				'permission_callback' => $can_read,
			)
		);
		register_rest_route(
			self::NAMESPACE,
			'/library/files/(?P<hex>[0-9a-f]{64})\.svg',
			array(
				'methods'             => 'GET',
				'callback'            => array( self::class, 'get_file' ),
				'permission_callback' => $can_read,
			)
		);
		add_filter( 'rest_pre_serve_request', array( self::class, 'serve_file' ), 10, 4 );
	}

	/**
	 * The items of one kind.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public static function list_items( WP_REST_Request $request ): WP_REST_Response {
		$state = Svc_Client_Library_Folder::state();
		$kind  = array_search( $request->get_param( 'kind' ), Svc_Client_Library_Check::LISTS, true );
		$items = array();
		foreach ( $state['items'] as $id => $held ) {
			if ( $held['kind'] !== $kind ) {
				continue;
			}
			$item = self::read_item( $held['kind'], (string) $id );
			if ( null !== $item ) {
				$items[] = array(
					'id'    => $id,
					'slug'  => $held['slug'],
					'type'  => $item->type ?? null,
					'title' => $item->title ?? '',
					'url'   => rest_url( self::NAMESPACE . '/library/items/' . $id ),
				);
			}
		}
		return new WP_REST_Response(
			array(
				'object'    => 'list',
				'version'   => $state['version'],
				'synced_at' => 0 === $state['synced_at'] ? null : gmdate( 'c', $state['synced_at'] ),
				'data'      => $items,
			)
		);
	}

	/**
	 * One item, its file URLs pointing at this site.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function get_item( WP_REST_Request $request ) {
		$id   = (string) $request['id'];
		$held = Svc_Client_Library_Folder::state()['items'][ $id ] ?? null;
		$item = null === $held ? null : self::read_item( $held['kind'], $id );
		if ( null === $item ) {
			return new WP_Error( 'svc_client_not_found', __( 'The local library holds no such item.', 'svc-client' ), array( 'status' => 404 ) );
		}
		foreach ( get_object_vars( $item->files ?? new stdClass() ) as $file ) {
			$hex = Svc_Client_Canonical_Json::to_hex( (string) ( $file->hash ?? '' ) );
			if ( '' !== $hex ) {
				$file->url = rest_url( self::NAMESPACE . '/library/files/' . $hex . '.svg' );
			}
		}
		return new WP_REST_Response( $item );
	}

	/**
	 * A file: the answer carries its hash for serve_file(); its ETag is the hash, so a copy the
	 * browser holds is a 304.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|WP_Error
	 */
	public static function get_file( WP_REST_Request $request ) {
		$hex = (string) $request['hex'];
		if ( ! Svc_Client_Library_Folder::holds_file( $hex ) ) {
			return new WP_Error( 'svc_client_not_found', __( 'The local library holds no such file.', 'svc-client' ), array( 'status' => 404 ) );
		}
		$etag     = '"' . $hex . '"';
		$held     = array_map( 'trim', explode( ',', (string) $request->get_header( 'If-None-Match' ) ) );
		$response = new WP_REST_Response( array( self::FILE_MARKER => $hex ), in_array( $etag, $held, true ) ? 304 : 200 );
		$response->header( 'Content-Type', 'image/svg+xml' );
		$response->header( 'Content-Security-Policy', 'sandbox' );
		$response->header( 'X-Content-Type-Options', 'nosniff' );
		$response->header( 'ETag', $etag );
		$response->header( 'Cache-Control', 'private, max-age=31536000, immutable' );
		return $response;
	}

	/**
	 * Writes a library file's bytes instead of JSON (nothing for a 304).
	 *
	 * @param bool             $served  Whether the answer was already served.
	 * @param WP_HTTP_Response $result  The answer.
	 * @param WP_REST_Request  $request The request.
	 * @param WP_REST_Server   $server  The server.
	 * @return bool
	 */
	public static function serve_file( $served, $result, $request, $server ): bool {
		unset( $request, $server );
		$data = $result instanceof WP_REST_Response ? $result->get_data() : null;
		$hex  = is_array( $data ) && is_string( $data[ self::FILE_MARKER ] ?? null ) ? $data[ self::FILE_MARKER ] : '';
		if ( $served || ! preg_match( '/\A[0-9a-f]{64}\z/', $hex ) ) {
			return (bool) $served;
		}
		if ( 200 === $result->get_status() ) {
			echo (string) Svc_Client_Library_Folder::read( Svc_Client_Library_Folder::file_path( $hex ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped, SvcHub.Security.EscapeOutput.OutputNotEscaped -- verified SVG bytes, served sandboxed with nosniff.
		}
		return 200 === $result->get_status() || 304 === $result->get_status();
	}

	/**
	 * An item's JSON from the folder, or null.
	 *
	 * @param string $kind Item kind.
	 * @param string $id   Item id.
	 * @return stdClass|null
	 */
	private static function read_item( string $kind, string $id ): ?stdClass {
		$item = json_decode( (string) Svc_Client_Library_Folder::read( Svc_Client_Library_Folder::item_path( $kind, $id ) ), false );
		return $item instanceof stdClass ? $item : null;
	}
}
