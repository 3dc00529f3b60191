<?php
/**
 * The shell's two settings: where the worker is and the shared secret.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Reads SVC_HUB_WORKER_URL and SVC_HUB_SECRET: a wp-config.php constant first, then the
 * PHP process environment (getenv). Values are read once per request.
 *
 * The secret is only ever handed to Svc_Hub_Signer; nothing prints it.
 */
final class Svc_Hub_Settings {

	/** Worker base URL when none is configured. */
	public const DEFAULT_WORKER_URL = 'http://127.0.0.1:8787';

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
