<?php
/**
 * WooCommerce stand-in: My Account (WC_Query's endpoints, the menu, the page), notices, and
 * the customer emails of an order's status change.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * `WC_Query` (includes/class-wc-query.php): the account endpoints as query vars, filtered by
 * `woocommerce_get_query_vars`, each a rewrite endpoint on `init` (EP_PAGES) and a public
 * query var.
 */
final class WC_Query {

	/** @var array<string, string> WooCommerce's own account endpoints. */
	public $query_vars = array(
		'orders'          => 'orders',
		'view-order'      => 'view-order',
		'downloads'       => 'downloads',
		'edit-account'    => 'edit-account',
		'edit-address'    => 'edit-address',
		'payment-methods' => 'payment-methods',
		'customer-logout' => 'customer-logout',
	);

	/** Hooks in as WC_Query's constructor does. */
	public function __construct() {
		add_action( 'init', array( $this, 'add_endpoints' ) );
		add_filter( 'query_vars', array( $this, 'add_query_vars' ), 0 );
	}

	/** @return array<string, string> */
	public function get_query_vars() {
		return apply_filters( 'woocommerce_get_query_vars', $this->query_vars );
	}

	/** `init`: each endpoint's rewrite rules. */
	public function add_endpoints() {
		foreach ( $this->get_query_vars() as $var ) {
			if ( ! empty( $var ) ) {
				add_rewrite_endpoint( $var, EP_PAGES );
			}
		}
	}

	/**
	 * `query_vars`.
	 *
	 * @param array $vars Public query vars.
	 * @return array
	 */
	public function add_query_vars( $vars ) {
		foreach ( $this->get_query_vars() as $key => $var ) {
			$vars[] = $key;
		}
		return $vars;
	}
}

/**
 * The My Account page (`[woocommerce_my_account]`, page option `woocommerce_myaccount_page_id`,
 * made on first load as WC_Install makes it), its navigation (`wc_get_account_menu_items()`)
 * and content (`woocommerce_account_content`: `woocommerce_account_{key}_endpoint` for the
 * endpoint in the request); the customer emails `customer_processing_order` and
 * `customer_completed_order`, whose templates fire `woocommerce_email_order_meta( $order,
 * $sent_to_admin, $plain_text, $email )`, sent with wp_mail and kept in the option
 * `svc_stand_in_mail` (the test machine has no mail server).
 */
final class Svc_Stand_In_My_Account {

	/** Hooks in. */
	public static function register(): void {
		WC()->query = new WC_Query();
		add_action( 'init', array( self::class, 'install_page' ), 5 );
		add_action( 'template_redirect', array( self::class, 'serve' ), 20 );
		add_action( 'woocommerce_order_status_pending_to_processing', array( self::class, 'processing_email' ), 10, 2 );
		add_action( 'woocommerce_order_status_completed', array( self::class, 'completed_email' ), 10, 2 );
		add_filter( 'pre_wp_mail', array( self::class, 'keep_mail' ), 10, 2 );
		add_action( 'woocommerce_account_view-order_endpoint', array( self::class, 'view_order' ) );
		add_action( 'woocommerce_view_order', array( self::class, 'order_details_table' ) );
	}

	/**
	 * `woocommerce_account_view-order_endpoint` (woocommerce_account_view_order()): the customer's own order only.
	 *
	 * @param string $order_id The endpoint's value.
	 */
	public static function view_order( $order_id ): void {
		$order = wc_get_order( absint( $order_id ) );
		if ( ! $order || $order->get_customer_id() !== get_current_user_id() ) {
			wc_print_notice( 'Invalid order.', 'error' );
			return;
		}
		do_action( 'woocommerce_view_order', $order->get_id() );
	}

	/**
	 * `woocommerce_order_details_table()`: the order's table, then `woocommerce_order_details_after_order_table( $order )`.
	 *
	 * @param int $order_id Order id.
	 */
	public static function order_details_table( $order_id ): void {
		$order = wc_get_order( $order_id );
		if ( ! $order ) {
			return;
		}
		echo '<section class="woocommerce-order-details"><h2 class="woocommerce-order-details__title">Order details</h2></section>';
		do_action( 'woocommerce_order_details_after_order_table', $order );
	}

	/** `init`: the My Account page, once. */
	public static function install_page(): void {
		if ( get_post( (int) get_option( 'woocommerce_myaccount_page_id' ) ) ) {
			return;
		}
		$id = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_name'    => 'my-account',
				'post_title'   => 'My account',
				'post_content' => '<!-- wp:shortcode -->[woocommerce_my_account]<!-- /wp:shortcode -->',
			)
		);
		update_option( 'woocommerce_myaccount_page_id', $id );
	}

	/** `template_redirect`: the My Account page, served bare (as the checkout pages are). */
	public static function serve(): void {
		if ( ! is_page( wc_get_page_id( 'myaccount' ) ) ) {
			return;
		}
		ob_start();
		if ( ! is_user_logged_in() ) {
			echo '<form class="woocommerce-form woocommerce-form-login login"></form>';
		} else {
			echo '<nav class="woocommerce-MyAccount-navigation"><ul>';
			foreach ( wc_get_account_menu_items() as $endpoint => $label ) {
				echo '<li class="woocommerce-MyAccount-navigation-link--' . esc_attr( $endpoint ) . '"><a href="' . esc_url( wc_get_account_endpoint_url( $endpoint ) ) . '">' . esc_html( $label ) . '</a></li>';
			}
			echo '</ul></nav><div class="woocommerce-MyAccount-content">';
			global $wp;
			foreach ( WC()->query->get_query_vars() as $key => $value ) {
				if ( isset( $wp->query_vars[ $key ] ) && has_action( 'woocommerce_account_' . $key . '_endpoint' ) ) {
					do_action( 'woocommerce_account_' . $key . '_endpoint', $wp->query_vars[ $key ] );
				}
			}
			echo '</div>';
		}
		$body = (string) ob_get_clean();
		status_header( 200 );
		header( 'Content-Type: text/html; charset=UTF-8' );
		echo '<!doctype html><html><head><title>My account</title></head><body><div class="woocommerce">' . $body . '</div></body></html>'; // phpcs:ignore SvcHub.Security.EscapeOutput.OutputNotEscaped, WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by its parts.
		exit;
	}

	/**
	 * `woocommerce_order_status_pending_to_processing`: the customer's "processing" email.
	 *
	 * @param int      $order_id Order id.
	 * @param WC_Order $order    The order.
	 */
	public static function processing_email( $order_id, $order = null ): void {
		self::email( $order ? $order : wc_get_order( $order_id ), 'customer_processing_order', 'Thank you for your order' );
	}

	/**
	 * `woocommerce_order_status_completed`: the customer's "completed" email.
	 *
	 * @param int      $order_id Order id.
	 * @param WC_Order $order    The order.
	 */
	public static function completed_email( $order_id, $order = null ): void {
		self::email( $order ? $order : wc_get_order( $order_id ), 'customer_completed_order', 'Your order is complete' );
	}

	/**
	 * The email's template, HTML unless the option `svc_stand_in_email_type` is `plain`.
	 *
	 * @param WC_Order $order   The order.
	 * @param string   $id      The WC_Email id.
	 * @param string   $heading Its heading.
	 */
	private static function email( $order, string $id, string $heading ): void {
		if ( ! $order || '' === (string) $order->get_billing_email() ) {
			return;
		}
		$plain = 'plain' === get_option( 'svc_stand_in_email_type', 'html' );
		$email = (object) array( 'id' => $id );
		ob_start();
		echo $plain ? esc_html( $heading ) . "\n\n" : '<h1>' . esc_html( $heading ) . '</h1>';
		do_action( 'woocommerce_email_order_details', $order, false, $plain, $email );
		do_action( 'woocommerce_email_order_meta', $order, false, $plain, $email );
		do_action( 'woocommerce_email_customer_details', $order, false, $plain, $email );
		$headers = $plain ? 'Content-Type: text/plain' : 'Content-Type: text/html';
		wp_mail( $order->get_billing_email(), $heading, (string) ob_get_clean(), $headers );
	}

	/**
	 * `pre_wp_mail`: keeps the mail instead of sending it.
	 *
	 * @param null|bool $short_circuit Null to send.
	 * @param array     $atts          to, subject, message, headers.
	 * @return bool
	 */
	public static function keep_mail( $short_circuit, $atts ) {
		$kept   = get_option( 'svc_stand_in_mail', array() );
		$kept[] = array(
			'to'      => $atts['to'],
			'subject' => $atts['subject'],
			'message' => $atts['message'],
			'headers' => $atts['headers'],
		);
		update_option( 'svc_stand_in_mail', $kept, false );
		return true;
	}
}

/**
 * `wc_get_page_id()`.
 *
 * @param string $page Page name (myaccount).
 * @return int
 */
function wc_get_page_id( $page ) {
	$page = apply_filters( 'woocommerce_get_' . $page . '_page_id', get_option( 'woocommerce_' . $page . '_page_id' ) );
	return $page ? absint( $page ) : -1;
}

/**
 * `wc_get_account_menu_items()`.
 *
 * @return array<string, string>
 */
function wc_get_account_menu_items() {
	return apply_filters(
		'woocommerce_account_menu_items',
		array(
			'dashboard'       => 'Dashboard',
			'orders'          => 'Orders',
			'downloads'       => 'Downloads',
			'edit-address'    => 'Addresses',
			'edit-account'    => 'Account details',
			'customer-logout' => 'Log out',
		),
		WC()->query->get_query_vars()
	);
}

/**
 * `wc_get_account_endpoint_url()`.
 *
 * @param string $endpoint Endpoint.
 * @return string
 */
function wc_get_account_endpoint_url( $endpoint ) {
	if ( 'dashboard' === $endpoint ) {
		return (string) get_permalink( wc_get_page_id( 'myaccount' ) );
	}
	return wc_get_endpoint_url( $endpoint, '', (string) get_permalink( wc_get_page_id( 'myaccount' ) ) );
}

/**
 * `wc_add_notice()`: kept in the session's `wc_notices` until printed.
 *
 * @param string $message Message.
 * @param string $type    success, error or notice.
 */
function wc_add_notice( $message, $type = 'success' ) {
	$notices            = WC()->session->get( 'wc_notices', array() );
	$notices[ $type ][] = array( 'notice' => $message );
	WC()->session->set( 'wc_notices', $notices );
}

/**
 * `wc_print_notice()`.
 *
 * @param string $message Message.
 * @param string $type    success, error or notice.
 */
function wc_print_notice( $message, $type = 'success' ) {
	$class = 'success' === $type ? 'woocommerce-message' : ( 'error' === $type ? 'woocommerce-error' : 'woocommerce-info' );
	echo '<div class="' . esc_attr( $class ) . '" role="alert">' . wp_kses_post( $message ) . '</div>';
}

/**
 * `wc_print_notices()`: the session's notices, then none.
 */
function wc_print_notices() {
	foreach ( WC()->session->get( 'wc_notices', array() ) as $type => $notices ) {
		foreach ( $notices as $notice ) {
			wc_print_notice( $notice['notice'], $type );
		}
	}
	WC()->session->set( 'wc_notices', null );
}
