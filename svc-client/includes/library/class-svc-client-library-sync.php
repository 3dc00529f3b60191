<?php
/**
 * Mirrors the hub's image library into this site, by its manifest.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * One run (twice a day — WP-Cron event `svc_client_library_sync` — and on demand):
 *
 * 1. `GET /svc/v1/image-library/manifest` with the stored ETag (only when every item held is
 *    intact): a 304 ends the run after one request.
 * 2. The manifest must match its own hash; a lower version than the one held is refused.
 * 3. Only items whose hash changed are fetched (templates one by one, samples and assets as the
 *    list of each type with a change), each checked against the manifest and its own hash,
 *    its files (from the hub's origin only) against their length and hash.
 * 4. A refused item keeps its old copy and the stored version and ETag stay, so the next run
 *    tries again; items gone from the manifest are removed, and files no item uses.
 */
final class Svc_Client_Library_Sync {

	public const HOOK = 'svc_client_library_sync';

	/** Seconds one request may take. */
	private const TIMEOUT = 30;

	/** @var string */
	private string $api;

	/** @var string */
	private string $hub_url;

	/** @var int */
	private int $requests = 0;

	/** @var array<int, string> */
	private array $refused = array();

	/**
	 * @param string $hub_url The hub's base URL.
	 */
	private function __construct( string $hub_url ) {
		$this->hub_url = untrailingslashit( $hub_url );
		$this->api     = $this->hub_url . '/wp-json/svc/v1';
	}

	/**
	 * Schedules the twice-daily run and hooks it.
	 */
	public static function register(): void {
		add_action( self::HOOK, array( self::class, 'run' ) );
		if ( ! wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time() + 5 * MINUTE_IN_SECONDS, 'twicedaily', self::HOOK );
		}
	}

	/**
	 * Removes the schedule (deactivation).
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::HOOK );
	}

	/**
	 * Runs one sync; the outcome is logged and returned for the screen.
	 *
	 * @return array{ok: bool, detail: string, requests: int, fetched: int, removed: int, not_modified: bool}
	 */
	public static function run(): array {
		$hub_url = Svc_Client_Settings::get()['hub_url'];
		if ( '' === $hub_url ) {
			return array( 'ok' => false, 'detail' => __( 'Enter the hub URL first.', 'svc-client' ), 'requests' => 0, 'fetched' => 0, 'removed' => 0, 'not_modified' => false );
		}
		$sync   = new self( $hub_url );
		$result = $sync->mirror();
		Svc_Client_Activity_Log::add( 'library', $result['ok'] ? 'ok' : 'failed', $result['detail'] );
		return $result;
	}

	/**
	 * The run itself.
	 *
	 * @return array{ok: bool, detail: string, requests: int, fetched: int, removed: int, not_modified: bool}
	 */
	private function mirror(): array {
		$state  = Svc_Client_Library_Folder::state();
		$etag   = '' !== $state['etag'] && Svc_Client_Library_Folder::is_complete( $state['items'] ) ? $state['etag'] : '';
		$answer = $this->get( $this->api . '/image-library/manifest', '' === $etag ? array() : array( 'If-None-Match' => $etag ) );
		if ( 304 === $answer['status'] ) {
			/* translators: %d: library version. */
			return $this->outcome( true, sprintf( __( 'Up to date: version %d (304 Not Modified).', 'svc-client' ), $state['version'] ), 0, 0, true );
		}
		$manifest = 200 === $answer['status'] ? json_decode( $answer['body'], false ) : null;
		$problem  = 200 === $answer['status'] ? Svc_Client_Library_Check::manifest( $manifest ) : $answer['error'];
		if ( '' === $problem && $manifest->version < $state['version'] ) {
			$problem = sprintf( 'its version %d is lower than the %d held (versions never go back)', $manifest->version, $state['version'] );
		}
		if ( '' === $problem && $manifest->version === $state['version'] && '' !== $state['hash'] && $manifest->hash !== $state['hash'] ) {
			$problem = sprintf( 'version %d with another hash than the one held', $manifest->version );
		}
		if ( '' !== $problem ) {
			/* translators: %s: why. */
			return $this->outcome( false, sprintf( __( 'Refused the manifest: %s.', 'svc-client' ), $problem ), 0, 0, false );
		}
		$wanted = array();
		$listed = array();
		foreach ( Svc_Client_Library_Check::LISTS as $kind => $list ) {
			foreach ( $manifest->items->{$list} as $entry ) {
				$listed[ $entry->id ] = true;
				$held                 = $state['items'][ $entry->id ] ?? null;
				if ( null === $held || $held['hash'] !== $entry->hash || ! Svc_Client_Library_Folder::is_complete( array( $entry->id => $held ) ) ) {
					$wanted[ $entry->id ] = array( $kind, $entry );
				}
			}
		}
		$fetched = $this->fetch_templates( $wanted, $state ) + $this->fetch_lists( $wanted, $state );
		$gone    = array_keys( array_diff_key( $state['items'], $listed ) );
		foreach ( $gone as $id ) {
			unset( $state['items'][ $id ] );
		}
		Svc_Client_Library_Folder::remove( $state['items'], $gone );
		if ( array() === $this->refused ) {
			$state['version'] = $manifest->version;
			$state['hash']    = $manifest->hash;
			$state['etag']    = (string) ( $answer['headers']['etag'] ?? '' );
		}
		$state['synced_at'] = time();
		Svc_Client_Library_Folder::save_state( $state );
		if ( array() !== $this->refused ) {
			/* translators: 1: count, 2: reasons. */
			return $this->outcome( false, sprintf( __( 'Refused %1$d item(s), kept their previous copies: %2$s', 'svc-client' ), count( $this->refused ), implode( '; ', array_slice( $this->refused, 0, 5 ) ) ), $fetched, count( $gone ), false );
		}
		/* translators: 1: version, 2: fetched, 3: removed, 4: items held. */
		return $this->outcome( true, sprintf( __( 'Version %1$d: %2$d item(s) fetched, %3$d removed, %4$d held.', 'svc-client' ), $manifest->version, $fetched, count( $gone ), count( $state['items'] ) ), $fetched, count( $gone ), false );
	}

	/**
	 * Fetches the changed templates one by one.
	 *
	 * @param array<string, array{0: string, 1: stdClass}> $wanted Changed items.
	 * @param array<string, mixed>                         $state  The state (items updated).
	 * @return int Items accepted.
	 */
	private function fetch_templates( array $wanted, array &$state ): int {
		$accepted = 0;
		foreach ( $wanted as list( $kind, $entry ) ) {
			if ( 'template' !== $kind ) {
				continue;
			}
			$answer = $this->get( $this->api . '/image-templates/' . rawurlencode( $entry->id ) );
			$item   = 200 === $answer['status'] ? json_decode( $answer['body'], false ) : null;
			$accepted += $item instanceof stdClass ? (int) $this->accept( $kind, $entry, $item, $state ) : (int) $this->refuse( $entry, $answer['error'] );
		}
		return $accepted;
	}

	/**
	 * Fetches, for each sample or asset type with a change, the list of that type.
	 *
	 * @param array<string, array{0: string, 1: stdClass}> $wanted Changed items.
	 * @param array<string, mixed>                         $state  The state (items updated).
	 * @return int Items accepted.
	 */
	private function fetch_lists( array $wanted, array &$state ): int {
		$groups = array();
		foreach ( $wanted as list( $kind, $entry ) ) {
			if ( 'template' !== $kind ) {
				$groups[ $kind . '/' . $entry->type ][] = $entry;
			}
		}
		$accepted = 0;
		foreach ( $groups as $key => $entries ) {
			list( $kind, $type ) = explode( '/', $key );
			$route           = 'sample' === $kind ? 'image-samples' : 'image-editor-assets';
			$answer          = $this->get( $this->api . '/' . $route . '/' . rawurlencode( $type ) );
			$list            = 200 === $answer['status'] ? json_decode( $answer['body'], false ) : null;
			$by_id           = array();
			foreach ( is_array( $list->data ?? null ) ? $list->data : array() as $item ) {
				if ( $item instanceof stdClass && is_string( $item->id ?? null ) ) {
					$by_id[ $item->id ] = $item;
				}
			}
			foreach ( $entries as $entry ) {
				$item      = $by_id[ $entry->id ] ?? null;
				$accepted += null === $item ? (int) $this->refuse( $entry, '' !== $answer['error'] ? $answer['error'] : 'not in its type\'s list' ) : (int) $this->accept( $kind, $entry, $item, $state );
			}
		}
		return $accepted;
	}

	/**
	 * Checks an item and its files; writes them when all pass.
	 *
	 * @param string               $kind  Item kind.
	 * @param stdClass             $entry Manifest entry.
	 * @param stdClass             $item  The item.
	 * @param array<string, mixed> $state The state (item recorded).
	 * @return bool
	 */
	private function accept( string $kind, stdClass $entry, stdClass $item, array &$state ): bool {
		$files   = Svc_Client_Library_Check::files( $kind, $item, $this->hub_url );
		$verdict = is_string( $files ) ? $files : Svc_Client_Library_Check::item( $kind, $item, $entry, $files );
		if ( '' !== $verdict ) {
			return $this->refuse( $entry, $verdict );
		}
		$downloads = array();
		foreach ( $files as $file ) {
			if ( Svc_Client_Library_Folder::holds_file( $file['hex'] ) ) {
				continue;
			}
			$answer  = $this->get( $file['url'] );
			$verdict = 200 === $answer['status'] ? Svc_Client_Library_Check::file( $file, $answer['body'] ) : $answer['error'];
			if ( '' !== $verdict ) {
				return $this->refuse( $entry, $verdict );
			}
			$downloads[ $file['hex'] ] = $answer['body'];
		}
		foreach ( $downloads as $hex => $bytes ) {
			Svc_Client_Library_Folder::keep( Svc_Client_Library_Folder::file_path( $hex ), $bytes );
		}
		Svc_Client_Library_Folder::keep( Svc_Client_Library_Folder::item_path( $kind, $entry->id ), (string) wp_json_encode( $item, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES ) );
		$state['items'][ $entry->id ] = array(
			'kind'  => $kind,
			'type'  => (string) ( $entry->type ?? '' ),
			'slug'  => $entry->slug,
			'hash'  => $entry->hash,
			'files' => array_column( $files, 'hex' ),
		);
		return true;
	}

	/**
	 * Records a refused item (its old copy stays).
	 *
	 * @param stdClass $entry  Manifest entry.
	 * @param string   $reason Why.
	 * @return bool Always false (nothing accepted).
	 */
	private function refuse( stdClass $entry, string $reason ): bool {
		$this->refused[] = sprintf( '%s (%s): %s', $entry->id, $entry->slug, $reason );
		return false;
	}

	/**
	 * One GET to the hub.
	 *
	 * @param string                $url     URL.
	 * @param array<string, string> $headers Headers.
	 * @return array{status: int, body: string, headers: array<string, string>, error: string}
	 */
	private function get( string $url, array $headers = array() ): array {
		++$this->requests;
		$response = wp_remote_get(
			$url,
			array(
				'timeout'     => self::TIMEOUT,
				'redirection' => 0,
				'headers'     => $headers,
				'user-agent'  => 'svc-client/' . SVC_CLIENT_VERSION . '; ' . home_url(),
			)
		);
		if ( is_wp_error( $response ) ) {
			return array( 'status' => 0, 'body' => '', 'headers' => array(), 'error' => 'GET ' . $url . ' failed: ' . $response->get_error_message() );
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		return array(
			'status'  => $status,
			'body'    => (string) wp_remote_retrieve_body( $response ),
			'headers' => array( 'etag' => (string) wp_remote_retrieve_header( $response, 'etag' ) ),
			'error'   => 200 === $status || 304 === $status ? '' : sprintf( 'GET %s answered %d', $url, $status ),
		);
	}

	/**
	 * The run's outcome.
	 *
	 * @param bool   $ok           Whether it succeeded.
	 * @param string $detail       One line.
	 * @param int    $fetched      Items fetched.
	 * @param int    $removed      Items removed.
	 * @param bool   $not_modified Whether the manifest was a 304.
	 * @return array{ok: bool, detail: string, requests: int, fetched: int, removed: int, not_modified: bool}
	 */
	private function outcome( bool $ok, string $detail, int $fetched, int $removed, bool $not_modified ): array {
		return array(
			'ok'           => $ok,
			'detail'       => $detail . ' ' . sprintf( '(%d request(s))', $this->requests ),
			'requests'     => $this->requests,
			'fetched'      => $fetched,
			'removed'      => $removed,
			'not_modified' => $not_modified,
		);
	}
}
