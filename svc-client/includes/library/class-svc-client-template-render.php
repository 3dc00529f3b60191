<?php
/**
 * A mirrored template rendered by the hub and saved to the media library.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * `svc_client_render_template()`: finds the template in the mirrored library (by id or slug),
 * asks the hub to render exactly the copy held (`POST /svc/v1/image-renders` with the held hash
 * as `version`; docs/architecture.md §13) with the caller's field values, and saves the image
 * as an attachment. A refusal comes back as a WP_Error with the hub's code, message and
 * status (`data.params` naming a bad field), and nothing is saved.
 */
final class Svc_Client_Template_Render {

	/** The formats the hub renders, by their media type. */
	public const FORMATS = array(
		'png'  => 'image/png',
		'webp' => 'image/webp',
		'jpeg' => 'image/jpeg',
		'svg'  => 'image/svg+xml',
	);

	/** Seconds a render may take (a template with generated layers waits for an image model). */
	public const TIMEOUT = 120;

	/**
	 * Renders and saves; the attachment id or why not.
	 *
	 * @param string               $template A mirrored template's id (`tpl_…`) or slug.
	 * @param array<string, mixed> $fields   Values for the template's fields, by name.
	 * @param array<string, mixed> $args     `format` (png, webp, jpeg, svg; png), `width`, `height`, `title`, `alt`, `post_parent`.
	 * @return int|WP_Error
	 */
	public static function render( string $template, array $fields = array(), array $args = array() ) {
		$found = self::find( $template );
		if ( null === $found ) {
			/* translators: %s: the template id or slug asked for. */
			return new WP_Error( 'svc_client_template_not_mirrored', sprintf( __( 'No template "%s" in this site\'s copy of the library. Sync the library (Settings → svc-client) and try again.', 'svc-client' ), $template ), array( 'status' => 404 ) );
		}
		$format = (string) ( $args['format'] ?? 'png' );
		if ( ! isset( self::FORMATS[ $format ] ) ) {
			/* translators: %s: the formats allowed. */
			return new WP_Error( 'svc_client_invalid_format', sprintf( __( 'format must be one of %s.', 'svc-client' ), implode( ', ', array_keys( self::FORMATS ) ) ), array( 'status' => 400 ) );
		}
		if ( ! in_array( self::FORMATS[ $format ], get_allowed_mime_types(), true ) ) {
			/* translators: %s: the media type. */
			return new WP_Error( 'svc_client_format_not_allowed', sprintf( __( 'This site does not accept %s uploads in its media library.', 'svc-client' ), self::FORMATS[ $format ] ), array( 'status' => 400 ) );
		}
		$hub = Svc_Client_Hub_Client::from_settings();
		if ( ! $hub->is_configured() ) {
			return new WP_Error( 'svc_client_not_configured', __( 'Set the hub URL and API key on Settings → svc-client first.', 'svc-client' ), array( 'status' => 503 ) );
		}
		$answer = $hub->request( 'POST', 'svc/v1/image-renders', self::body( $found['id'], $found['hash'], $fields, $format, $args ), array( 'Accept' => self::FORMATS[ $format ] ), self::TIMEOUT );
		if ( 200 !== $answer['status'] ) {
			return self::refusal( $answer );
		}
		$type = strtolower( trim( explode( ';', $answer['headers']['content-type'] ?? '' )[0] ) );
		if ( self::FORMATS[ $format ] !== $type || '' === $answer['body'] ) {
			/* translators: 1: the media type asked for, 2: the one answered. */
			return new WP_Error( 'svc_client_unexpected_answer', sprintf( __( 'The hub answered %2$s where %1$s was asked for.', 'svc-client' ), self::FORMATS[ $format ], '' === $type ? '?' : $type ), array( 'status' => 502 ) );
		}
		return Svc_Client_Render_Attachment::save( $answer['body'], $type, $found, $args );
	}

	/**
	 * The mirrored template by id or slug, with its id, slug and hash; null when not held.
	 *
	 * @param string $template Id or slug.
	 * @return array{id: string, slug: string, hash: string}|null
	 */
	public static function find( string $template ): ?array {
		foreach ( Svc_Client_Library_Folder::state()['items'] as $id => $item ) {
			if ( 'template' === ( $item['kind'] ?? '' ) && ( (string) $id === $template || ( $item['slug'] ?? null ) === $template ) ) {
				return array(
					'id'   => (string) $id,
					'slug' => (string) ( $item['slug'] ?? $id ),
					'hash' => (string) ( $item['hash'] ?? '' ),
				);
			}
		}
		return null;
	}

	/**
	 * The render request's body.
	 *
	 * @param string               $id     Template id.
	 * @param string               $hash   The held copy's hash.
	 * @param array<string, mixed> $fields Field values.
	 * @param string               $format Output format.
	 * @param array<string, mixed> $args   Width and height, when given.
	 * @return array<string, mixed>
	 */
	private static function body( string $id, string $hash, array $fields, string $format, array $args ): array {
		$body = array(
			'template' => $id,
			'fields'   => (object) $fields,
			'format'   => $format,
		);
		if ( '' !== $hash ) {
			$body['version'] = $hash;
		}
		$metadata = Svc_Client_Settings::cost_metadata();
		if ( array() !== $metadata ) {
			$body['metadata'] = $metadata;
		}
		foreach ( array( 'width', 'height' ) as $side ) {
			if ( isset( $args[ $side ] ) ) {
				$body[ $side ] = $args[ $side ];
			}
		}
		return $body;
	}

	/**
	 * The hub's refusal as a WP_Error: its code, message and data (`status`, `params`); a 409
	 * (`svc_template_changed`: the hub holds another version) says to sync the library.
	 *
	 * @param array{status: int, body: string, headers: array<string, string>, error: string} $answer The answer.
	 * @return WP_Error
	 */
	private static function refusal( array $answer ): WP_Error {
		if ( 0 === $answer['status'] ) {
			return new WP_Error( 'svc_client_hub_unreachable', Svc_Client_Hub_Client::describe( $answer ), array( 'status' => 503 ) );
		}
		$body    = json_decode( $answer['body'], true );
		$code    = is_array( $body ) && is_string( $body['code'] ?? null ) ? $body['code'] : 'svc_client_http_' . $answer['status'];
		$message = is_array( $body ) && is_string( $body['message'] ?? null ) ? mb_substr( $body['message'], 0, 500 ) : Svc_Client_Hub_Client::describe( $answer );
		$data    = is_array( $body ) && is_array( $body['data'] ?? null ) ? $body['data'] : array();
		if ( 409 === $answer['status'] ) {
			$message .= ' ' . __( 'This site holds another version of the template: sync the library (Settings → svc-client) and try again.', 'svc-client' );
		}
		if ( 403 === $answer['status'] ) {
			$message .= ' ' . __( 'Rendering templates needs the feature image.render in this site\'s licence.', 'svc-client' );
		}
		return new WP_Error( $code, $message, array( 'status' => $answer['status'] ) + $data );
	}
}
