<?php
/**
 * WooCommerce stand-in: WC_Session_Handler (includes/class-wc-session-handler.php).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * The visitor's session: a cookie `wp_woocommerce_session_<COOKIEHASH>` =
 * `customer_id||expiration||expiring||hash` and the data, saved at shutdown only when the
 * visitor has a session (cookie set). A logged-in customer's session is kept under the
 * user id (a guest's session is taken over when the guest logs in). WooCommerce keeps the
 * data in its sessions table; the stand-in keeps it in an option per customer.
 */
class WC_Session_Handler {

	/** @var string Cookie name. */
	protected $_cookie; // phpcs:ignore PSR2.Classes.PropertyDeclaration.Underscore

	/** @var string Customer id. */
	protected $_customer_id; // phpcs:ignore PSR2.Classes.PropertyDeclaration.Underscore

	/** @var array Session data (values serialised). */
	protected $_data = array(); // phpcs:ignore PSR2.Classes.PropertyDeclaration.Underscore

	/** @var bool Whether data changed since read. */
	protected $_dirty = false; // phpcs:ignore PSR2.Classes.PropertyDeclaration.Underscore

	/** @var bool Whether the cookie exists or was set in this request. */
	protected $_has_cookie = false; // phpcs:ignore PSR2.Classes.PropertyDeclaration.Underscore

	/** @var int Expiration of the session. */
	protected $_session_expiration; // phpcs:ignore PSR2.Classes.PropertyDeclaration.Underscore

	/**
	 * Reads the cookie and the session data; saves on shutdown.
	 */
	public function init() {
		$this->_cookie = apply_filters( 'woocommerce_cookie', 'wp_woocommerce_session_' . COOKIEHASH );
		$cookie        = $this->get_session_cookie();
		$user_id       = get_current_user_id();
		if ( $cookie ) {
			$this->_customer_id        = $cookie[0];
			$this->_session_expiration = (int) $cookie[1];
			$this->_has_cookie         = true;
			$this->_data               = (array) get_option( '_wc_session_' . $this->_customer_id, array() );
			if ( $user_id && (string) $user_id !== $this->_customer_id ) {
				// A guest who logged in: the guest session becomes the customer's.
				delete_option( '_wc_session_' . $this->_customer_id );
				$this->_customer_id = (string) $user_id;
				$this->_data        = array_merge( (array) get_option( '_wc_session_' . $this->_customer_id, array() ), $this->_data );
				$this->_dirty       = true;
				$this->set_customer_session_cookie( true );
			}
		} elseif ( $user_id ) {
			// A logged-in customer keeps one session, stored under the user id.
			$this->_customer_id        = (string) $user_id;
			$this->_session_expiration = time() + 2 * DAY_IN_SECONDS;
			$this->_data               = (array) get_option( '_wc_session_' . $this->_customer_id, array() );
		} else {
			$this->_customer_id        = 't_' . substr( md5( wp_generate_password( 32, false ) ), 2 );
			$this->_session_expiration = time() + 2 * DAY_IN_SECONDS;
		}
		add_action( 'shutdown', array( $this, 'save_data' ), 20 );
	}

	/**
	 * Whether the visitor has a session (cookie, or set in this request, or logged in).
	 *
	 * @return bool
	 */
	public function has_session() {
		return isset( $_COOKIE[ $this->_cookie ] ) || $this->_has_cookie || is_user_logged_in();
	}

	/**
	 * Sets the session cookie.
	 *
	 * @param bool $set Whether to set it.
	 */
	public function set_customer_session_cookie( $set ) {
		if ( ! $set ) {
			return;
		}
		$to_hash           = $this->_customer_id . '|' . $this->_session_expiration;
		$cookie_hash       = hash_hmac( 'md5', $to_hash, wp_hash( $to_hash ) );
		$cookie_value      = $this->_customer_id . '||' . $this->_session_expiration . '||' . ( $this->_session_expiration - HOUR_IN_SECONDS ) . '||' . $cookie_hash;
		$this->_has_cookie = true;
		if ( ! isset( $_COOKIE[ $this->_cookie ] ) || $_COOKIE[ $this->_cookie ] !== $cookie_value ) {
			if ( ! headers_sent() ) {
				setcookie( $this->_cookie, $cookie_value, $this->_session_expiration, COOKIEPATH ? COOKIEPATH : '/', COOKIE_DOMAIN, is_ssl(), true );
			}
		}
	}

	/**
	 * The session cookie's parts, or false when missing or forged.
	 *
	 * @return array|false
	 */
	public function get_session_cookie() {
		$cookie_value = isset( $_COOKIE[ $this->_cookie ] ) ? wp_unslash( $_COOKIE[ $this->_cookie ] ) : false; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized
		if ( empty( $cookie_value ) || ! is_string( $cookie_value ) ) {
			return false;
		}
		$parts = explode( '||', $cookie_value );
		if ( count( $parts ) < 4 ) {
			return false;
		}
		list( $customer_id, $session_expiration, $session_expiring, $cookie_hash ) = $parts;
		$to_hash = $customer_id . '|' . $session_expiration;
		$hash    = hash_hmac( 'md5', $to_hash, wp_hash( $to_hash ) );
		if ( ! hash_equals( $hash, $cookie_hash ) || (int) $session_expiration < time() ) {
			return false;
		}
		return array( $customer_id, $session_expiration, $session_expiring, $cookie_hash );
	}

	/**
	 * A session value.
	 *
	 * @param string $key     Key.
	 * @param mixed  $default Default.
	 * @return mixed
	 */
	public function get( $key, $default = null ) {
		$key = sanitize_key( $key );
		return isset( $this->_data[ $key ] ) ? maybe_unserialize( $this->_data[ $key ] ) : $default;
	}

	/**
	 * Sets a session value.
	 *
	 * @param string $key   Key.
	 * @param mixed  $value Value.
	 */
	public function set( $key, $value ) {
		if ( $value !== $this->get( $key ) ) {
			$this->_data[ sanitize_key( $key ) ] = maybe_serialize( $value );
			$this->_dirty                        = true;
		}
	}

	/** @return string */
	public function get_customer_id() {
		return $this->_customer_id;
	}

	/**
	 * Saves the data when it changed and the visitor has a session.
	 *
	 * @param int $old_session_key Unused.
	 */
	public function save_data( $old_session_key = 0 ) {
		if ( $this->_dirty && $this->has_session() ) {
			update_option( '_wc_session_' . $this->_customer_id, $this->_data, false );
			$this->_dirty = false;
		}
	}
}
