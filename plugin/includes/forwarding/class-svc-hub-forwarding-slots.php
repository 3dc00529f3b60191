<?php
/**
 * How many forwarded requests may hold a PHP worker at once, per key and in all.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Each request the shell forwards holds one PHP worker until the worker's answer has been
 * passed on — a streamed chat for up to SVC_CALL_MAX_MS. Without a cap a single client key
 * could take every worker and leave wp-admin, the shop and the site unanswered. Before
 * forwarding, a request takes a slot: one of `total` in all and, when it carries an
 * Authorization header, one of `per_key` for that value; past either the shell answers
 * `503 svc_busy` with `Retry-After` (docs/api-notes.md, "Forwarded calls at once"). Admin
 * routes (the wp-admin screen) take none.
 *
 * A slot is an exclusive `flock()` on a file in a directory of the system's temporary folder,
 * shared by every PHP worker of the site: the kernel releases it when the request ends, and
 * when the process dies. Keys are spread over 256 buckets, so the files stay few whatever
 * keys are sent.
 *
 * Defaults, from the PHP pool where its size can be read (Svc_Hub_Php_Pool): `total` = the
 * pool minus a reserve of a quarter of it (at least 2), at least 1; `per_key` = a quarter of
 * `total`, at least 1. A pool of 32 gives 24 and 6; PHP's built-in server with 4 workers, 2
 * and 1. Unknown pool: 8 and 2. SVC_HUB_MAX_FORWARDED and SVC_HUB_MAX_FORWARDED_PER_KEY set
 * them; the `svc_hub_forwarding_limits` filter has the last word.
 */
final class Svc_Hub_Forwarding_Slots {

	/** Buckets keys are spread over (files per key bucket: `per_key`). */
	private const KEY_BUCKETS = 256;

	/** Seconds a refused client is told to wait. */
	public const RETRY_AFTER = 2;

	/** @var array{total:int,per_key:int} */
	private array $limits;

	/** @var string Where the slot files live. */
	private string $directory;

	/** @var resource[] Slot files held by this request. */
	private array $held = array();

	/**
	 * @param array{total:int,per_key:int} $limits    Slots in all and per key.
	 * @param string                       $directory Where the slot files live.
	 */
	public function __construct( array $limits, string $directory ) {
		$this->limits    = $limits;
		$this->directory = $directory;
	}

	/**
	 * The slots of this site, with its limits.
	 *
	 * @param string $worker_url The worker's URL (sites sharing a machine get their own slots).
	 * @return self
	 */
	public static function for_site( string $worker_url ): self {
		$directory = rtrim( get_temp_dir(), '/' ) . '/svc-hub-slots-' . substr( hash( 'sha256', ABSPATH . '|' . $worker_url ), 0, 16 );
		return new self( self::limits(), $directory );
	}

	/**
	 * The limits: settings, else derived from the PHP pool, then the filter.
	 *
	 * @return array{total:int,per_key:int}
	 */
	public static function limits(): array {
		$pool     = Svc_Hub_Php_Pool::size();
		$total    = Svc_Hub_Settings::count( 'SVC_HUB_MAX_FORWARDED' ) ?? ( null === $pool ? 8 : max( 1, $pool - max( 2, intdiv( $pool + 3, 4 ) ) ) );
		$per_key  = Svc_Hub_Settings::count( 'SVC_HUB_MAX_FORWARDED_PER_KEY' ) ?? ( null === $pool ? 2 : max( 1, intdiv( $total, 4 ) ) );
		$limits   = array(
			'total'   => $total,
			'per_key' => min( $per_key, $total ),
		);
		/**
		 * Filters how many forwarded requests may run at once, in all and per Authorization value.
		 *
		 * @param array{total:int,per_key:int} $limits Slots.
		 * @param int|null                     $pool   The PHP pool's size, null when unknown.
		 */
		$filtered = apply_filters( 'svc_hub_forwarding_limits', $limits, $pool );
		foreach ( array( 'total', 'per_key' ) as $name ) {
			if ( is_array( $filtered ) && is_int( $filtered[ $name ] ?? null ) && $filtered[ $name ] > 0 ) {
				$limits[ $name ] = $filtered[ $name ];
			}
		}
		return $limits;
	}

	/**
	 * Takes a slot for this request: null when taken, else which limit refused it
	 * (`per_key` or `total`). A slot that cannot be kept as a file (no temporary folder) is
	 * not refused: the cap is a guard, never a reason to answer nothing.
	 *
	 * @param string $authorization The Authorization value, "" when none.
	 * @return string|null
	 */
	public function take( string $authorization ): ?string {
		if ( ! is_dir( $this->directory ) && ! @mkdir( $this->directory, 0700 ) && ! is_dir( $this->directory ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_mkdir -- another worker may create it first.
			return null;
		}
		if ( '' !== $authorization ) {
			$bucket = hexdec( substr( hash( 'sha256', $authorization ), 0, 4 ) ) % self::KEY_BUCKETS;
			if ( ! $this->lock_one( 'key-' . $bucket . '-', $this->limits['per_key'] ) ) {
				return 'per_key';
			}
		}
		if ( ! $this->lock_one( 'all-', $this->limits['total'] ) ) {
			$this->release();
			return 'total';
		}
		return null;
	}

	/**
	 * Gives back every slot this request holds (also done by the kernel when the process ends).
	 */
	public function release(): void {
		foreach ( $this->held as $handle ) {
			flock( $handle, LOCK_UN );
			fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
		}
		$this->held = array();
	}

	/**
	 * The limits in force.
	 *
	 * @return array{total:int,per_key:int}
	 */
	public function limits_in_force(): array {
		return $this->limits;
	}

	/**
	 * Locks one free file of `$count` named `$prefix<n>`, starting at a random one.
	 *
	 * @param string $prefix File name prefix.
	 * @param int    $count  How many slots there are.
	 * @return bool
	 */
	private function lock_one( string $prefix, int $count ): bool {
		$start = random_int( 0, $count - 1 );
		for ( $step = 0; $step < $count; $step++ ) {
			$handle = @fopen( $this->directory . '/' . $prefix . ( ( $start + $step ) % $count ), 'c' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- a lock file; a failure is handled below.
			if ( false === $handle ) {
				return true; // No file, no cap (see take()).
			}
			if ( flock( $handle, LOCK_EX | LOCK_NB ) ) {
				$this->held[] = $handle;
				return true;
			}
			fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose
		}
		return false;
	}
}
