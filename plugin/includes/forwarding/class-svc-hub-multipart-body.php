<?php
/**
 * A multipart/form-data body rebuilt from what PHP parsed of it.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * PHP reads a multipart/form-data request into $_POST and $_FILES and leaves php://input
 * empty, so the shell rebuilds the body it forwards and signs (docs/architecture.md §13,
 * docs/api-notes.md "Images"): every field, then every file part, in the order PHP keeps them
 * (`image[]` arrays included), file names and content types as sent, the bytes read from the
 * uploaded files, under a fresh boundary. What PHP refused (post_max_size, upload_max_filesize,
 * an `UPLOAD_ERR_*`) becomes a refusal naming `image`: 413 for a size, 400 otherwise.
 */
final class Svc_Hub_Multipart_Body {

	/**
	 * @param string     $content_type The forwarded Content-Type (with the new boundary), "" when refused.
	 * @param string     $body         The rebuilt body, "" when refused.
	 * @param array|null $refusal      `{ status, message }` when PHP did not keep the upload.
	 */
	private function __construct(
		public readonly string $content_type,
		public readonly string $body,
		public readonly ?array $refusal
	) {}

	/**
	 * Whether a Content-Type is multipart/form-data.
	 *
	 * @param string|null $content_type The header's value.
	 * @return bool
	 */
	public static function is_form( ?string $content_type ): bool {
		return null !== $content_type && 1 === preg_match( '#^\s*multipart/form-data\s*(;|$)#i', $content_type );
	}

	/**
	 * The body rebuilt from PHP's parse of the request PHP is serving.
	 *
	 * @param array $fields Its fields, unslashed ($_POST as WordPress's REST server keeps it).
	 * @param array $files  Its files ($_FILES).
	 * @return self
	 */
	public static function rebuild( array $fields, array $files ): self {
		$declared = isset( $_SERVER['CONTENT_LENGTH'] ) ? (int) $_SERVER['CONTENT_LENGTH'] : 0;
		$limit    = self::ini_bytes( (string) ini_get( 'post_max_size' ) );
		if ( $limit > 0 && $declared > $limit ) {
			/* translators: %s: the size limit, such as 16M. */
			return self::refused( 413, sprintf( __( 'The upload is larger than this site accepts (post_max_size %s).', 'svc-hub' ), ini_get( 'post_max_size' ) ) );
		}
		$boundary = '----svc-hub-' . bin2hex( random_bytes( 16 ) );
		$parts    = array();
		foreach ( self::flatten( $fields, '' ) as $pair ) {
			list( $name, $value ) = $pair;
			$parts[] = self::head( $boundary, $name, null, null ) . $value . "\r\n";
		}
		foreach ( $files as $name => $file ) {
			foreach ( self::file_entries( (string) $name, $file ) as $entry ) {
				if ( UPLOAD_ERR_NO_FILE === $entry['error'] ) {
					continue; // An empty file input: browsers send it, nothing was chosen.
				}
				if ( UPLOAD_ERR_OK !== $entry['error'] ) {
					return self::upload_error( $entry['error'] );
				}
				if ( ! is_uploaded_file( $entry['tmp_name'] ) ) {
					return self::refused( 400, __( 'An uploaded file could not be read.', 'svc-hub' ) );
				}
				$bytes   = (string) file_get_contents( $entry['tmp_name'] ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local uploaded file.
				$type    = '' === $entry['type'] ? 'application/octet-stream' : $entry['type'];
				$parts[] = self::head( $boundary, $entry['field'], $entry['name'], $type ) . $bytes . "\r\n";
			}
		}
		return new self( 'multipart/form-data; boundary=' . $boundary, implode( '', $parts ) . '--' . $boundary . "--\r\n", null );
	}

	/**
	 * One part's boundary line and headers. Quotes, CR and LF in a name are percent-encoded,
	 * as browsers do (the HTML standard's multipart/form-data encoding).
	 *
	 * @param string      $boundary Boundary.
	 * @param string      $name     Field name.
	 * @param string|null $filename File name, null for a plain field.
	 * @param string|null $type     Content type of a file part.
	 * @return string
	 */
	private static function head( string $boundary, string $name, ?string $filename, ?string $type ): string {
		$quote = static fn ( string $text ): string => str_replace( array( "\r", "\n", '"' ), array( '%0D', '%0A', '%22' ), $text );
		$head  = '--' . $boundary . "\r\nContent-Disposition: form-data; name=\"" . $quote( $name ) . '"';
		if ( null !== $filename ) {
			$head .= '; filename="' . $quote( $filename ) . "\"\r\nContent-Type: " . preg_replace( '/[\r\n]/', '', (string) $type );
		}
		return $head . "\r\n\r\n";
	}

	/**
	 * Nested fields as `[name, value]` pairs, arrays spelled back as PHP read them: `a[]` for a
	 * list, `a[key]` otherwise.
	 *
	 * @param array  $fields Fields.
	 * @param string $prefix Name so far ("" at the top).
	 * @return array<int,array{0:string,1:string}>
	 */
	private static function flatten( array $fields, string $prefix ): array {
		$pairs = array();
		$list  = array_is_list( $fields );
		foreach ( $fields as $key => $value ) {
			$name = '' === $prefix ? (string) $key : $prefix . ( $list ? '[]' : '[' . $key . ']' );
			if ( is_array( $value ) ) {
				array_push( $pairs, ...self::flatten( $value, $name ) );
			} else {
				$pairs[] = array( $name, (string) $value );
			}
		}
		return $pairs;
	}

	/**
	 * One $_FILES entry as its files: one for `image`, several for `image[]` (PHP keeps each
	 * key's values in parallel arrays: `name`, `type`, `tmp_name`, `error`).
	 *
	 * @param string $field Field name.
	 * @param array  $file  The entry.
	 * @return array<int,array{field:string,name:string,type:string,tmp_name:string,error:int}>
	 */
	private static function file_entries( string $field, array $file ): array {
		if ( ! is_array( $file['name'] ?? null ) ) {
			return array(
				array(
					'field'    => $field,
					'name'     => (string) ( $file['name'] ?? '' ),
					'type'     => (string) ( $file['type'] ?? '' ),
					'tmp_name' => (string) ( $file['tmp_name'] ?? '' ),
					'error'    => (int) ( $file['error'] ?? UPLOAD_ERR_NO_FILE ),
				),
			);
		}
		$entries = array();
		$list    = array_is_list( $file['name'] );
		foreach ( array_keys( $file['name'] ) as $key ) {
			$inner = array();
			foreach ( array( 'name', 'type', 'tmp_name', 'error' ) as $property ) {
				$inner[ $property ] = $file[ $property ][ $key ] ?? null;
			}
			array_push( $entries, ...self::file_entries( $field . ( $list ? '[]' : '[' . $key . ']' ), $inner ) );
		}
		return $entries;
	}

	/**
	 * The refusal for an `UPLOAD_ERR_*` code.
	 *
	 * @param int $error The code.
	 * @return self
	 */
	private static function upload_error( int $error ): self {
		if ( UPLOAD_ERR_INI_SIZE === $error || UPLOAD_ERR_FORM_SIZE === $error ) {
			/* translators: %s: the size limit, such as 16M. */
			return self::refused( 413, sprintf( __( 'An uploaded file is larger than this site accepts (upload_max_filesize %s).', 'svc-hub' ), ini_get( 'upload_max_filesize' ) ) );
		}
		if ( UPLOAD_ERR_PARTIAL === $error ) {
			return self::refused( 400, __( 'An uploaded file arrived only in part; send it again.', 'svc-hub' ) );
		}
		/* translators: %d: PHP's UPLOAD_ERR_* code. */
		return self::refused( 400, sprintf( __( 'This site could not keep an uploaded file (PHP upload error %d).', 'svc-hub' ), $error ) );
	}

	/**
	 * A refusal.
	 *
	 * @param int    $status  413 or 400.
	 * @param string $message What happened.
	 * @return self
	 */
	private static function refused( int $status, string $message ): self {
		return new self( '', '', array( 'status' => $status, 'message' => $message ) );
	}

	/**
	 * An ini size (`16M`, `512K`, `1G`, bytes) in bytes; 0 for none.
	 *
	 * @param string $value The ini value.
	 * @return int
	 */
	private static function ini_bytes( string $value ): int {
		$value = strtolower( trim( $value ) );
		$bytes = (int) $value;
		$unit  = substr( $value, -1 );
		$scale = array(
			'k' => 1024,
			'm' => 1024 * 1024,
			'g' => 1024 * 1024 * 1024,
		);
		return isset( $scale[ $unit ] ) ? $bytes * $scale[ $unit ] : $bytes;
	}
}
