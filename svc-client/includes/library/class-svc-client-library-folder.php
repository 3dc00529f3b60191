<?php
/**
 * The local copy of the hub's library in the uploads folder.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * `wp-content/uploads/svc-client-library/`: `templates|samples|assets/<id>.php` and
 * `files/<sha256 hex>.php`, names made only from validated ids and hashes. No web server serves
 * the copy as what it holds (docs/architecture.md §10): each file is `<?php exit; ?>` then its bytes
 * in base64, so a direct request runs PHP that prints nothing (nginx and `php -S` ignore the
 * folder's `.htaccess`), and a server that refused to run it would show base64, never an SVG.
 * Editors get the copy through the REST routes (Svc_Client_Library_Routes), which serve SVG
 * sandboxed. The layout before this one (raw `.svg` and `.json`) is converted once
 * (Svc_Client_Library_Upgrade). What the folder holds is listed in the option
 * `svc_client_library_state` (version, hash, ETag, items with their hashes and files).
 */
final class Svc_Client_Library_Folder {

	public const STATE_OPTION = 'svc_client_library_state';

	/** What every stored file starts with: PHP that stops before the encoded bytes. */
	public const GUARD = "<?php exit; ?>\n";

	/**
	 * The folder's path, created and protected on first use, an older layout converted. Public
	 * for uninstall.php.
	 *
	 * @return string
	 */
	public static function path(): string {
		static $ready = '';
		if ( '' !== $ready ) {
			return $ready;
		}
		$uploads = wp_upload_dir( null, false );
		$folder  = trailingslashit( $uploads['basedir'] ) . 'svc-client-library';
		if ( ! is_dir( $folder . '/files' ) ) {
			foreach ( array( '', '/templates', '/samples', '/assets', '/files' ) as $sub ) {
				wp_mkdir_p( $folder . $sub );
			}
			self::write( $folder . '/.htaccess', "Require all denied\nDeny from all\n" );
			self::write( $folder . '/index.php', "<?php\n// Silence is golden.\n" );
		}
		Svc_Client_Library_Upgrade::run( $folder );
		$ready = $folder;
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
		return self::path() . '/' . Svc_Client_Library_Check::LISTS[ $kind ] . '/' . $id . '.php';
	}

	/**
	 * The path of a file by the hex of its SHA-256.
	 *
	 * @param string $hex 64 hex characters.
	 * @return string
	 */
	public static function file_path( string $hex ): string {
		return self::path() . '/files/' . $hex . '.php';
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
		$bytes = self::read( $path );
		if ( null !== $bytes && hash( 'sha256', $bytes ) === $hex ) {
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
	 * Stores bytes behind the guard, whole.
	 *
	 * @param string $path  Where (item_path() or file_path()).
	 * @param string $bytes What.
	 */
	public static function keep( string $path, string $bytes ): void {
		self::write( $path, self::GUARD . base64_encode( $bytes ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- the stored form, see the class comment.
	}

	/**
	 * The bytes a stored file holds, or null when it is missing or not in the stored form.
	 *
	 * @param string $path The file.
	 * @return string|null
	 */
	public static function read( string $path ): ?string {
		$stored = is_file( $path ) ? file_get_contents( $path ) : false; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
		if ( ! is_string( $stored ) || ! str_starts_with( $stored, self::GUARD ) ) {
			return null;
		}
		$bytes = base64_decode( substr( $stored, strlen( self::GUARD ) ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- the stored form, see the class comment.
		return false === $bytes ? null : $bytes;
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
				$path = self::path() . '/' . $list . '/' . $id . '.php';
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
		foreach ( (array) glob( self::path() . '/files/*.php' ) as $path ) {
			if ( ! isset( $used[ basename( (string) $path, '.php' ) ] ) ) {
				wp_delete_file( (string) $path );
			}
		}
	}
}
