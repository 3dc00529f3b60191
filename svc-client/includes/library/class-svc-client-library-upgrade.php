<?php
/**
 * Converts a mirror kept by an older svc-client to the stored form.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Up to 1.x the mirror held raw `files/<hex>.svg` and `<list>/<id>.json`, which nginx and
 * `php -S` served from the site's origin. Once per site (the option below records it) every such
 * file is rewritten in the stored form (Svc_Client_Library_Folder::keep()) and the raw one
 * deleted; a file whose bytes no longer match its hash is only deleted, and the next sync fetches
 * it again.
 */
final class Svc_Client_Library_Upgrade {

	/** The marker of the stored form, in the folder. */
	private const MARKER = '/.layout-2';

	/**
	 * Converts the folder unless done already.
	 *
	 * @param string $folder The mirror's folder.
	 */
	public static function run( string $folder ): void {
		if ( is_file( $folder . self::MARKER ) ) {
			return;
		}
		foreach ( (array) glob( $folder . '/files/*.svg' ) as $path ) {
			$hex   = basename( (string) $path, '.svg' );
			$bytes = file_get_contents( (string) $path ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
			if ( preg_match( '/\A[0-9a-f]{64}\z/', $hex ) && is_string( $bytes ) && hash( 'sha256', $bytes ) === $hex ) {
				Svc_Client_Library_Folder::keep( $folder . '/files/' . $hex . '.php', $bytes );
			}
			wp_delete_file( (string) $path );
		}
		foreach ( Svc_Client_Library_Check::LISTS as $list ) {
			foreach ( (array) glob( $folder . '/' . $list . '/*.json' ) as $path ) {
				$id    = basename( (string) $path, '.json' );
				$bytes = file_get_contents( (string) $path ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
				if ( preg_match( '/\A(?:tpl|smp|ast)_[0-9A-Z]{26}\z/', $id ) && is_string( $bytes ) ) {
					Svc_Client_Library_Folder::keep( $folder . '/' . $list . '/' . $id . '.php', $bytes );
				}
				wp_delete_file( (string) $path );
			}
		}
		Svc_Client_Library_Folder::write( $folder . self::MARKER, "2\n" );
	}
}
