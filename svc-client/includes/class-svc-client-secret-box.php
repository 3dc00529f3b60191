<?php
/**
 * Encryption of the secrets svc-client stores (API key, webhook secret).
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Seals and opens short secrets with libsodium's secretbox (XSalsa20-Poly1305). The key is
 * derived from SVC_CLIENT_ENCRYPTION_KEY when wp-config.php defines it, else from the site's
 * own AUTH salt, so a copied database alone does not reveal the secrets. Changing the salts
 * (or the constant) makes the stored secrets unreadable: the settings screen then asks for
 * them again.
 */
final class Svc_Client_Secret_Box {

	/** Prefix of a sealed value, so a plain value is never mistaken for one. */
	private const PREFIX = 'svcbox1:';

	/**
	 * Seals a secret; "" stays "".
	 *
	 * @param string $plain The secret.
	 * @return string
	 */
	public static function seal( string $plain ): string {
		if ( '' === $plain ) {
			return '';
		}
		$nonce = random_bytes( SODIUM_CRYPTO_SECRETBOX_NONCEBYTES );
		return self::PREFIX . base64_encode( $nonce . sodium_crypto_secretbox( $plain, $nonce, self::key() ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- binary ciphertext in an option.
	}

	/**
	 * Opens a sealed secret: "" when none is stored or it cannot be opened (wrong key, edited).
	 *
	 * @param string $sealed A value from seal().
	 * @return string
	 */
	public static function open( string $sealed ): string {
		if ( ! str_starts_with( $sealed, self::PREFIX ) ) {
			return '';
		}
		$bytes = base64_decode( substr( $sealed, strlen( self::PREFIX ) ), true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- see seal().
		if ( false === $bytes || strlen( $bytes ) <= SODIUM_CRYPTO_SECRETBOX_NONCEBYTES ) {
			return '';
		}
		$nonce = substr( $bytes, 0, SODIUM_CRYPTO_SECRETBOX_NONCEBYTES );
		$plain = sodium_crypto_secretbox_open( substr( $bytes, SODIUM_CRYPTO_SECRETBOX_NONCEBYTES ), $nonce, self::key() );
		return false === $plain ? '' : $plain;
	}

	/**
	 * The 32-byte key.
	 *
	 * @return string
	 */
	private static function key(): string {
		$material = defined( 'SVC_CLIENT_ENCRYPTION_KEY' ) ? (string) constant( 'SVC_CLIENT_ENCRYPTION_KEY' ) : wp_salt( 'auth' );
		return sodium_crypto_generichash( 'svc-client secrets|' . $material, '', SODIUM_CRYPTO_SECRETBOX_KEYBYTES );
	}
}
