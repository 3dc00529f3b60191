<?php
/**
 * Checks on what the hub's library sends: the manifest, an item, a file.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * The hub's library rules (its docs/library.md, "Hashes" and "Sync"): the manifest matches its
 * own hash; an item matches its manifest entry and its own hash (hashed fields plus its files'
 * hashes); a file matches its length and hash. Each check returns "" when it passes, else why.
 * Values are decoded with json_decode( …, false ), so objects are stdClass.
 */
final class Svc_Client_Library_Check {

	/** Fields an item's hash covers besides its files, by kind. */
	private const HASHED_FIELDS = array(
		'template' => array( 'slug', 'title', 'category', 'type', 'tags', 'width', 'height', 'format', 'definition' ),
		'sample'   => array( 'slug', 'type', 'title', 'tags', 'data' ),
		'asset'    => array( 'slug', 'type', 'title', 'tags', 'data' ),
	);

	/** The one file name an item of each kind has. */
	public const FILE_NAME = array(
		'template' => 'preview.svg',
		'sample'   => 'image.svg',
		'asset'    => 'image.svg',
	);

	/** The manifest lists, by kind. */
	public const LISTS = array(
		'template' => 'templates',
		'sample'   => 'samples',
		'asset'    => 'assets',
	);

	/**
	 * The manifest's shape and its own hash.
	 *
	 * @param mixed $manifest Decoded manifest.
	 * @return string
	 */
	public static function manifest( $manifest ): string {
		if ( ! $manifest instanceof stdClass || ! is_int( $manifest->version ?? null ) || $manifest->version < 0 ) {
			return 'the manifest has no valid version';
		}
		if ( ! is_string( $manifest->hash ?? null ) || '' === Svc_Client_Canonical_Json::to_hex( $manifest->hash ) ) {
			return 'the manifest has no valid hash';
		}
		foreach ( self::LISTS as $kind => $list ) {
			$entries = $manifest->items->{$list} ?? null;
			if ( ! is_array( $entries ) || array() !== array_filter( $entries, static fn( $entry ) => ! self::is_entry( $entry, 'template' !== $kind ) ) ) {
				return 'the manifest lists malformed items';
			}
		}
		$rest = clone $manifest;
		unset( $rest->hash );
		return Svc_Client_Canonical_Json::integrity( Svc_Client_Canonical_Json::encode( $rest ) ) === $manifest->hash ? '' : 'the manifest does not match its own hash';
	}

	/**
	 * The item's files as `[name, hash, hex, length, url]` lists, or a string saying why not.
	 *
	 * @param string   $kind    template, sample or asset.
	 * @param stdClass $item    The item.
	 * @param string   $hub_url The hub's base URL: files must come from the same origin.
	 * @return array<int, array{name: string, hash: string, hex: string, length: int, url: string}>|string
	 */
	public static function files( string $kind, stdClass $item, string $hub_url ) {
		if ( ! ( ( $item->files ?? null ) instanceof stdClass ) ) {
			return 'the item has no files map';
		}
		$files = array();
		foreach ( get_object_vars( $item->files ) as $name => $file ) {
			$hex = is_string( $file->hash ?? null ) ? Svc_Client_Canonical_Json::to_hex( $file->hash ) : '';
			if ( self::FILE_NAME[ $kind ] !== $name || '' === $hex || ! is_int( $file->length ?? null ) || ! is_string( $file->url ?? null ) ) {
				return sprintf( 'the item lists a malformed file "%s"', mb_substr( (string) $name, 0, 40 ) );
			}
			if ( ! self::same_origin( $file->url, $hub_url ) ) {
				return sprintf( 'file %s is not on the hub (%s)', $name, mb_substr( $file->url, 0, 100 ) );
			}
			$files[] = array(
				'name'   => (string) $name,
				'hash'   => $file->hash,
				'hex'    => $hex,
				'length' => $file->length,
				'url'    => $file->url,
			);
		}
		return $files;
	}

	/**
	 * An item against its manifest entry and its own hash.
	 *
	 * @param string                                        $kind  Item kind.
	 * @param stdClass                                      $item  The item.
	 * @param stdClass                                      $entry Its manifest entry.
	 * @param array<int, array{name: string, hash: string}> $files Its files.
	 * @return string
	 */
	public static function item( string $kind, stdClass $item, stdClass $entry, array $files ): string {
		if ( ( $item->id ?? null ) !== $entry->id ) {
			return sprintf( 'the answer is not for %s', $entry->id );
		}
		if ( ( $item->hash ?? null ) !== $entry->hash ) {
			return sprintf( 'its hash is not the manifest\'s %s', $entry->hash );
		}
		$covered        = new stdClass();
		$covered->files = new stdClass();
		foreach ( $files as $file ) {
			$covered->files->{$file['name']} = $file['hash'];
		}
		foreach ( self::HASHED_FIELDS[ $kind ] as $field ) {
			if ( property_exists( $item, $field ) ) {
				$covered->{$field} = $item->{$field};
			}
		}
		$computed = Svc_Client_Canonical_Json::integrity( Svc_Client_Canonical_Json::encode( $covered ) );
		return $computed === $entry->hash ? '' : sprintf( 'its content does not match its hash (expected %s, computed %s)', $entry->hash, $computed );
	}

	/**
	 * Downloaded bytes against the file's length and hash.
	 *
	 * @param array{name: string, hash: string, length: int} $file  The file.
	 * @param string                                         $bytes The bytes.
	 * @return string
	 */
	public static function file( array $file, string $bytes ): string {
		if ( strlen( $bytes ) !== $file['length'] ) {
			return sprintf( 'file %s has %d bytes, not %d', $file['name'], strlen( $bytes ), $file['length'] );
		}
		return Svc_Client_Canonical_Json::integrity( $bytes ) === $file['hash'] ? '' : sprintf( 'file %s does not match its hash', $file['name'] );
	}

	/**
	 * Whether a manifest entry has a valid id, slug, hash (and type for samples and assets).
	 *
	 * @param mixed $entry The entry.
	 * @param bool  $typed Whether it needs a type.
	 * @return bool
	 */
	private static function is_entry( $entry, bool $typed ): bool {
		return $entry instanceof stdClass
			&& is_string( $entry->id ?? null ) && preg_match( '/\A(tpl|smp|ast)_[0-9A-Z]{26}\z/', $entry->id )
			&& is_string( $entry->slug ?? null ) && preg_match( '/\A[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?\z/', $entry->slug )
			&& is_string( $entry->hash ?? null ) && '' !== Svc_Client_Canonical_Json::to_hex( $entry->hash )
			&& ( ! $typed || ( is_string( $entry->type ?? null ) && preg_match( '/\A[a-z]{1,20}\z/', $entry->type ) ) );
	}

	/**
	 * Whether a URL has the hub's scheme, host and port.
	 *
	 * @param string $url     The URL.
	 * @param string $hub_url The hub's base URL.
	 * @return bool
	 */
	private static function same_origin( string $url, string $hub_url ): bool {
		$a = wp_parse_url( $url );
		$b = wp_parse_url( $hub_url );
		if ( ! is_array( $a ) || ! is_array( $b ) ) {
			return false;
		}
		foreach ( array( 'scheme', 'host', 'port' ) as $part ) {
			if ( strtolower( (string) ( $a[ $part ] ?? '' ) ) !== strtolower( (string) ( $b[ $part ] ?? '' ) ) ) {
				return false;
			}
		}
		return true;
	}
}
