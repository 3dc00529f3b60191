<?php
/**
 * The shell's settings: where the worker is, the shared secret, and the mode.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Reads SVC_HUB_WORKER_URL, SVC_HUB_SECRET, SVC_HUB_MODE and the forwarding limits
 * (SVC_HUB_MAX_FORWARDED, SVC_HUB_MAX_FORWARDED_PER_KEY): a wp-config.php constant first, then
 * the PHP process environment (getenv). Values are read once per request.
 *
 * The secret is only ever handed to Svc_Hub_Signer; nothing prints it.
 */
final class Svc_Hub_Settings {

	/** Worker base URL when none is configured. */
	public const DEFAULT_WORKER_URL = 'http://127.0.0.1:8787';

	/** Mode of a store-only site: copy the hub's pay-link values into orders, nothing else. */
	public const MODE_STORE = 'store';

	/** Mode of the hub site (the default). */
	public const MODE_HUB = 'hub';

	/** @var string|null */
	private ?string $worker_url = null;

	/** @var string|null */
	private ?string $secret = null;

	/** @var Svc_Hub_Signer|null */
	private ?Svc_Hub_Signer $signer = null;

	/**
	 * Base URL of the worker, without a trailing slash.
	 *
	 * @return string
	 */
	public function worker_url(): string {
		if ( null === $this->worker_url ) {
			$url              = self::read( 'SVC_HUB_WORKER_URL' );
			$this->worker_url = rtrim( '' === $url ? self::DEFAULT_WORKER_URL : $url, '/' );
		}
		return $this->worker_url;
	}

	/**
	 * The mode: `store` when SVC_HUB_MODE is `store` (any case), else `hub`. An unknown value
	 * is logged once per request and read as `hub`.
	 *
	 * @return string
	 */
	public static function mode(): string {
		static $mode = null;
		if ( null === $mode ) {
			$value = strtolower( self::read( 'SVC_HUB_MODE' ) );
			$mode  = self::MODE_STORE === $value ? self::MODE_STORE : self::MODE_HUB;
			if ( '' !== $value && $value !== $mode ) {
				error_log( 'svc-hub: SVC_HUB_MODE must be "hub" or "store"; running as the hub.' ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log
			}
		}
		return $mode;
	}

	/**
	 * Whether a shared secret is configured.
	 *
	 * @return bool
	 */
	public function has_secret(): bool {
		return '' !== $this->secret();
	}

	/**
	 * A signer keyed with the shared secret, or null when no secret is configured.
	 *
	 * @return Svc_Hub_Signer|null
	 */
	public function signer(): ?Svc_Hub_Signer {
		if ( null === $this->signer && $this->has_secret() ) {
			$this->signer = new Svc_Hub_Signer( $this->secret() );
		}
		return $this->signer;
	}

	/**
	 * The shared secret, "" when not configured. Private on purpose: only signer() uses it.
	 *
	 * @return string
	 */
	private function secret(): string {
		if ( null === $this->secret ) {
			$this->secret = self::read( 'SVC_HUB_SECRET' );
		}
		return $this->secret;
	}

	/**
	 * A whole number of at least 1 from a constant or the environment
	 * (SVC_HUB_MAX_FORWARDED, SVC_HUB_MAX_FORWARDED_PER_KEY), or null when unset. A value that
	 * is not such a number is logged and read as unset.
	 *
	 * @param string $name Constant / environment variable name.
	 * @return int|null
	 */
	public static function count( string $name ): ?int {
		$value = self::read( $name );
		if ( '' === $value ) {
			return null;
		}
		if ( 1 !== preg_match( '/^[1-9][0-9]{0,5}\z/', $value ) ) {
			error_log( 'svc-hub: ' . $name . ' must be a whole number from 1 to 999999; using the default.' ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log
			return null;
		}
		return (int) $value;
	}

	/**
	 * A constant's value if defined, else the environment variable's, else "".
	 *
	 * @param string $name Constant / environment variable name.
	 * @return string
	 */
	private static function read( string $name ): string {
		if ( defined( $name ) ) {
			$value = constant( $name );
			return is_scalar( $value ) ? trim( (string) $value ) : '';
		}
		$value = getenv( $name );
		return false === $value ? '' : trim( $value );
	}
}
