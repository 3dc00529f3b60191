<?php
/**
 * WooCommerce stand-in: the WooCommerce class (includes/class-woocommerce.php).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * The main instance: `WC()->session`, `WC()->cart`, `WC()->checkout()`; fires
 * `woocommerce_loaded` and `woocommerce_init` like WooCommerce.
 */
final class WooCommerce {

	/** @var string Version the stand-in follows. */
	public $version = '10.0.2';

	/** @var WC_Session_Handler|null */
	public $session = null;

	/** @var WC_Cart|null */
	public $cart = null;

	/** @var WC_Query|null My Account's endpoints (class-svc-stand-in-my-account.php). */
	public $query = null;

	/** @var WC_Payment_Gateways|null */
	private $payment_gateways = null;

	/** @var WooCommerce|null */
	protected static $_instance = null; // phpcs:ignore PSR2.Classes.PropertyDeclaration.Underscore

	/** @return WooCommerce */
	public static function instance() {
		if ( is_null( self::$_instance ) ) {
			self::$_instance = new self();
		}
		return self::$_instance;
	}

	/**
	 * Hooks in.
	 */
	public function __construct() {
		add_action( 'plugins_loaded', array( $this, 'on_plugins_loaded' ), -1 );
		add_action( 'init', array( $this, 'init' ), 0 );
		add_action( 'wp_loaded', array( 'WC_Form_Handler', 'add_to_cart_action' ), 20 );
		// WC_Session_Handler hooks set_customer_session_cookie here.
		add_action( 'woocommerce_set_cart_cookies', array( $this, 'set_cart_cookies' ), 10 );
	}

	/** `plugins_loaded` (-1): WooCommerce is loaded. */
	public function on_plugins_loaded() {
		do_action( 'woocommerce_loaded' );
	}

	/** `init` (0): session and cart (WooCommerce does this for front-end requests). */
	public function init() {
		$this->session = new WC_Session_Handler();
		$this->session->init();
		$this->cart = new WC_Cart();
		$this->payment_gateways();
		do_action( 'woocommerce_init' );
	}

	/**
	 * `woocommerce_set_cart_cookies`.
	 *
	 * @param bool $set Whether to set them.
	 */
	public function set_cart_cookies( $set ) {
		if ( $this->session ) {
			$this->session->set_customer_session_cookie( $set );
		}
	}

	/** @return WC_Payment_Gateways */
	public function payment_gateways() {
		if ( null === $this->payment_gateways ) {
			$this->payment_gateways = new WC_Payment_Gateways();
		}
		return $this->payment_gateways;
	}

	/** @return WC_Checkout */
	public function checkout() {
		return WC_Checkout::instance();
	}
}
