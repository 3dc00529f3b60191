<?php
/**
 * Replay protection for signed internal requests.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Remembers each accepted nonce as an option row (`_svc_hub_nonce_<nonce>`, not autoloaded)
 * until its signature goes stale. The row is written with INSERT IGNORE, so two concurrent
 * requests carrying the same nonce cannot both be accepted.
 */
final class Svc_Hub_Nonce_Store {

	/** Option name prefix. */
	private const PREFIX = '_svc_hub_nonce_';

	/**
	 * Records a nonce; false when it was already recorded (a replay).
	 *
	 * @param string $nonce      32 hex characters (already validated by the signer).
	 * @param int    $expires_at Unix time after which the nonce's signature is stale anyway.
	 * @return bool
	 */
	public function remember( string $nonce, int $expires_at ): bool {
		global $wpdb;
		$this->forget_expired();
		$inserted = $wpdb->query(
			$wpdb->prepare(
				"INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')",
				self::PREFIX . $nonce,
				(string) $expires_at
			)
		);
		return 1 === $inserted;
	}

	/**
	 * Deletes the nonces whose signatures are stale.
	 */
	private function forget_expired(): void {
		global $wpdb;
		$wpdb->query(
			$wpdb->prepare(
				"DELETE FROM {$wpdb->options} WHERE option_name LIKE %s AND CAST(option_value AS UNSIGNED) < %d",
				$wpdb->esc_like( self::PREFIX ) . '%',
				time()
			)
		);
	}
}
