<?php
/**
 * WooCommerce My Account → Licences.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * The `licences` My Account endpoint (docs/commerce.md "Customer portal"), through WooCommerce's
 * own hooks: the endpoint is a WooCommerce query var (`woocommerce_get_query_vars`, which has
 * WooCommerce add the rewrite endpoint), a menu item before "Log out", and
 * `woocommerce_account_licences_endpoint` prints the logged-in customer's licences. A
 * "Deactivate" form posts back to the endpoint with a nonce; the worker deactivates only the
 * customer's own activation.
 */
final class Svc_Hub_Portal_Account {

	/** The endpoint's query var and slug. */
	public const ENDPOINT = 'licences';

	/** The deactivation form's action field. */
	private const ACTION = 'svc_hub_deactivate_site';

	/** @var Svc_Hub_Portal_Licences */
	private Svc_Hub_Portal_Licences $licences;

	/**
	 * @param Svc_Hub_Portal_Licences $licences The worker's answers.
	 */
	public function __construct( Svc_Hub_Portal_Licences $licences ) {
		$this->licences = $licences;
	}

	/**
	 * `plugins_loaded` with WooCommerce active: My Account → Licences and the key in orders and emails.
	 *
	 * @param Svc_Hub_Portal_Licences    $licences The worker's answers.
	 * @param Svc_Hub_Woocommerce_Bridge $bridge   The order events' bridge (an email's order reaches the worker first).
	 */
	public static function register_portal( Svc_Hub_Portal_Licences $licences, Svc_Hub_Woocommerce_Bridge $bridge ): void {
		( new self( $licences ) )->register_hooks();
		( new Svc_Hub_Portal_Order_Key( $licences, $bridge ) )->register_hooks();
	}

	/**
	 * Hooks the endpoint, the menu item, the page and the form handler.
	 */
	public function register_hooks(): void {
		add_action( 'init', array( self::class, 'add_endpoint' ) );
		add_filter( 'woocommerce_get_query_vars', array( self::class, 'query_vars' ) );
		add_filter( 'woocommerce_account_menu_items', array( $this, 'menu_items' ) );
		add_filter( 'woocommerce_endpoint_' . self::ENDPOINT . '_title', array( $this, 'title' ) );
		add_action( 'woocommerce_account_' . self::ENDPOINT . '_endpoint', array( $this, 'render' ) );
		add_action( 'template_redirect', array( $this, 'handle_deactivation' ) );
	}

	/**
	 * `init`, and the plugin's activation before flush_rewrite_rules(): the rewrite endpoint.
	 */
	public static function add_endpoint(): void {
		add_rewrite_endpoint( self::ENDPOINT, EP_ROOT | EP_PAGES );
	}

	/**
	 * Plugin activation: the endpoint's rewrite rules, as WooCommerce's docs ask.
	 */
	public static function activate(): void {
		self::add_endpoint();
		flush_rewrite_rules();
	}

	/**
	 * `woocommerce_get_query_vars`: WooCommerce fires `woocommerce_account_licences_endpoint` for it.
	 *
	 * @param array<string, string> $vars Query var → endpoint slug.
	 * @return array<string, string>
	 */
	public static function query_vars( $vars ): array {
		$vars                   = is_array( $vars ) ? $vars : array();
		$vars[ self::ENDPOINT ] = self::ENDPOINT;
		return $vars;
	}

	/**
	 * `woocommerce_account_menu_items`: "Licences" before "Log out".
	 *
	 * @param array<string, string> $items Endpoint → label.
	 * @return array<string, string>
	 */
	public function menu_items( $items ): array {
		$items  = is_array( $items ) ? $items : array();
		$logout = $items['customer-logout'] ?? null;
		unset( $items['customer-logout'] );
		$items[ self::ENDPOINT ] = __( 'Licences', 'svc-hub' );
		if ( null !== $logout ) {
			$items['customer-logout'] = $logout;
		}
		return $items;
	}

	/**
	 * The endpoint's page title.
	 *
	 * @return string
	 */
	public function title(): string {
		return __( 'Licences', 'svc-hub' );
	}

	/**
	 * `template_redirect`: a "Deactivate" form of the logged-in customer, then back to the page.
	 */
	public function handle_deactivation(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- the nonce is checked below, per activation.
		if ( ! isset( $_POST['action'], $_POST['activation_id'] ) || self::ACTION !== $_POST['action'] ) {
			return;
		}
		$activation_id = sanitize_text_field( wp_unslash( $_POST['activation_id'] ) ); // phpcs:ignore WordPress.Security.NonceVerification.Missing
		$nonce         = isset( $_POST['_wpnonce'] ) ? sanitize_text_field( wp_unslash( $_POST['_wpnonce'] ) ) : '';
		$customer_id   = get_current_user_id();
		if ( $customer_id <= 0 || ! current_user_can( 'read' ) || ! wp_verify_nonce( $nonce, self::ACTION . ':' . $activation_id ) ) {
			wc_add_notice( __( 'The link has expired; please try again.', 'svc-hub' ), 'error' );
		} elseif ( $this->licences->deactivate( $customer_id, $activation_id ) ) {
			wc_add_notice( __( 'The site was deactivated; its seat is free again.', 'svc-hub' ) );
		} else {
			wc_add_notice( __( 'That site could not be deactivated.', 'svc-hub' ), 'error' );
		}
		wp_safe_redirect( wc_get_account_endpoint_url( self::ENDPOINT ) );
		exit;
	}

	/**
	 * `woocommerce_account_licences_endpoint`: the customer's licences.
	 */
	public function render(): void {
		wc_print_notices();
		$licences = $this->licences->for_customer( get_current_user_id() );
		if ( null === $licences ) {
			wc_print_notice( __( 'Your licences cannot be shown right now; please try again later.', 'svc-hub' ), 'error' );
			return;
		}
		if ( array() === $licences ) {
			wc_print_notice( __( 'You have no licences yet.', 'svc-hub' ), 'notice' );
			return;
		}
		foreach ( $licences as $licence ) {
			Svc_Hub_Portal_View::licence( $licence, self::ACTION );
		}
	}
}
