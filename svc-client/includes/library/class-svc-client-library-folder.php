<?php
/**
 * The local copy of the hub's library in the uploads folder.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * `wp-content/uploads/svc-client-library/`: `templates|samples|assets/<id>.json` and
 * `files/<sha256 hex>.svg`, names made only from validated ids and hashes. The folder refuses
 * direct web access (`.htaccess`, `index.php`); editors get the copy through the REST routes,
 * which serve SVG with a sandboxing Content-Security-Policy. What it holds is listed in the
 * option `svc_client_library_state` (version, hash, ETag, items with their hashes and files).
 */
final class Svc_Client_Library_Folder {

	public const STATE_OPTION = 'svc_client_library_state';

	/**
	 * The folder's path, created and protected on first use.
	 *
	 * @return string
	 */
	public static function path(): string {
		$uploads = wp_upload_dir( null, false );
		$folder  = trailingslashit( $uploads['basedir'] ) . 'svc-client-library';
		if ( ! is_dir( $folder . '/files' ) ) {
			foreach ( array( '', '/templates', '/samples', '/assets', '/files' ) as $sub ) {
				wp_mkdir_p( $folder . $sub );
			}
			self::write( $folder . '/.htaccess', "Require all denied\nDeny from all\n" );
			self::write( $folder . '/index.php', "<?php\n// Silence is golden.\n" );
		}
		return $folder;
	}

	/**
	 * The stored state.
	 *
	 * @return array{version: int, hash: string, etag: string, synced_at: int, items: array<string, array{kind: string, type: string, slug: string, hash: string, files: string[]}>}
	 */
	public static function state(): array {
		$stored = get_option( self::STATE_OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		return array(
			'version'   => (int) ( $stored['version'] ?? 0 ),
			'hash'      => (string) ( $stored['hash'] ?? '' ),
			'etag'      => (string) ( $stored['etag'] ?? '' ),
			'synced_at' => (int) ( $stored['synced_at'] ?? 0 ),
			'items'     => is_array( $stored['items'] ?? null ) ? $stored['items'] : array(),
		);
	}

	/**
	 * Stores the state.
	 *
	 * @param array<string, mixed> $state The state.
	 */
	public static function save_state( array $state ): void {
		update_option( self::STATE_OPTION, $state, false );
	}

	/**
	 * The path of an item's JSON.
	 *
	 * @param string $kind template, sample or asset.
	 * @param string $id   A validated id.
	 * @return string
	 */
	public static function item_path( string $kind, string $id ): string {
		return self::path() . '/' . Svc_Client_Library_Check::LISTS[ $kind ] . '/' . $id . '.json';
	}

	/**
	 * The path of a file by the hex of its SHA-256.
	 *
	 * @param string $hex 64 hex characters.
	 * @return string
	 */
	public static function file_path( string $hex ): string {
		return self::path() . '/files/' . $hex . '.svg';
	}

	/**
	 * Whether the folder holds a file intact; a file that is not is deleted.
	 *
	 * @param string $hex The file's SHA-256 hex.
	 * @return bool
	 */
	public static function holds_file( string $hex ): bool {
		$path = self::file_path( $hex );
		if ( ! is_file( $path ) ) {
			return false;
		}
		if ( hash_file( 'sha256', $path ) === $hex ) {
			return true;
		}
		wp_delete_file( $path );
		return false;
	}

	/**
	 * Whether every item the state lists has its JSON and intact files.
	 *
	 * @param array<string, array{kind: string, files: string[]}> $items The state's items.
	 * @return bool
	 */
	public static function is_complete( array $items ): bool {
		foreach ( $items as $id => $item ) {
			if ( ! is_file( self::item_path( $item['kind'], (string) $id ) ) ) {
				return false;
			}
			foreach ( $item['files'] as $hex ) {
				if ( ! self::holds_file( $hex ) ) {
					return false;
				}
			}
		}
		return true;
	}

	/**
	 * Writes a file whole (a temporary file renamed into place).
	 *
	 * @param string $path  Where.
	 * @param string $bytes What.
	 */
	public static function write( string $path, string $bytes ): void {
		$temporary = $path . '.' . wp_generate_password( 8, false ) . '.partial';
		file_put_contents( $temporary, $bytes ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- a private cache folder; WP_Filesystem may need credentials in cron.
		rename( $temporary, $path ); // phpcs:ignore WordPress.WP.AlternativeFunctions.rename_rename -- atomic replace, see above.
	}

	/**
	 * Removes the items the hub no longer lists, and files no item uses.
	 *
	 * @param array<string, array{kind: string, files: string[]}> $items Items kept (id → item).
	 * @param string[]                                            $gone  Ids to remove.
	 */
	public static function remove( array $items, array $gone ): void {
		foreach ( $gone as $id ) {
			foreach ( Svc_Client_Library_Check::LISTS as $list ) {
				$path = self::path() . '/' . $list . '/' . $id . '.json';
				if ( is_file( $path ) ) {
					wp_delete_file( $path );
				}
			}
		}
		$used = array();
		foreach ( $items as $item ) {
			foreach ( $item['files'] as $hex ) {
				$used[ $hex ] = true;
			}
		}
		foreach ( (array) glob( self::path() . '/files/*.svg' ) as $path ) {
			if ( ! isset( $used[ basename( (string) $path, '.svg' ) ] ) ) {
				wp_delete_file( (string) $path );
			}
		}
	}
}
