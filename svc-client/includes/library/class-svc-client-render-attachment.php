<?php
/**
 * A rendered image saved into the media library.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Writes the hub's render into this month's uploads folder (`wp_upload_bits`, which applies
 * WordPress's own checks of name and type), then makes it an attachment with its metadata
 * (sizes, dimensions) and alt text. The attachment remembers which template and version it
 * came from (`_svc_client_render`).
 */
final class Svc_Client_Render_Attachment {

	/** Post meta with the template id, slug and hash of the render. */
	public const META = '_svc_client_render';

	/**
	 * Saves the bytes; the attachment id or why not (nothing left behind on failure).
	 *
	 * @param string                                        $bytes      The image.
	 * @param string                                        $media_type Its media type.
	 * @param array{id: string, slug: string, hash: string} $template   The template rendered.
	 * @param array<string, mixed>                          $args       `title`, `alt`, `post_parent`.
	 * @return int|WP_Error
	 */
	public static function save( string $bytes, string $media_type, array $template, array $args ) {
		$extension = array_search( $media_type, Svc_Client_Template_Render::FORMATS, true );
		$name      = sanitize_file_name( $template['slug'] . '-' . substr( hash( 'sha256', $bytes ), 0, 12 ) . '.' . $extension );
		$upload    = wp_upload_bits( $name, null, $bytes );
		if ( ! empty( $upload['error'] ) ) {
			return new WP_Error( 'svc_client_upload_failed', (string) $upload['error'], array( 'status' => 500 ) );
		}
		$title = isset( $args['title'] ) ? sanitize_text_field( (string) $args['title'] ) : $template['slug'];
		$id    = wp_insert_attachment(
			array(
				'post_mime_type' => $media_type,
				'post_title'     => $title,
				'post_content'   => '',
				'post_status'    => 'inherit',
			),
			$upload['file'],
			absint( $args['post_parent'] ?? 0 ),
			true
		);
		if ( is_wp_error( $id ) ) {
			wp_delete_file( $upload['file'] );
			return $id;
		}
		require_once ABSPATH . 'wp-admin/includes/image.php';
		wp_update_attachment_metadata( $id, wp_generate_attachment_metadata( $id, $upload['file'] ) );
		if ( isset( $args['alt'] ) ) {
			update_post_meta( $id, '_wp_attachment_image_alt', sanitize_text_field( (string) $args['alt'] ) );
		}
		update_post_meta( $id, self::META, $template );
		return $id;
	}
}
