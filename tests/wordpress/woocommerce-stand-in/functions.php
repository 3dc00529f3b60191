<?php
/**
 * WooCommerce stand-in: the global functions svc-hub and the stand-in use, with
 * WooCommerce's signatures (includes/wc-core-functions.php, wc-order-functions.php,
 * wc-product-functions.php, wc-formatting-functions.php).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * The main WooCommerce instance.
 *
 * @return WooCommerce
 */
function WC() { // phpcs:ignore WordPress.NamingConventions.ValidFunctionName.FunctionNameInvalid
	return WooCommerce::instance();
}

/**
 * Creates a new order programmatically (status, customer_id, customer_note, parent,
 * created_via, cart_hash, order_id), saved at once like WooCommerce does.
 *
 * @param array $args Order arguments.
 * @return WC_Order|WP_Error
 */
function wc_create_order( $args = array() ) {
	$default_args = array(
		'status'        => null,
		'customer_id'   => null,
		'customer_note' => null,
		'parent'        => null,
		'created_via'   => null,
		'cart_hash'     => null,
		'order_id'      => 0,
	);
	try {
		$args  = wp_parse_args( $args, $default_args );
		$order = new WC_Order( $args['order_id'] );
		if ( ! is_null( $args['status'] ) ) {
			$order->set_status( $args['status'] );
		}
		if ( ! is_null( $args['customer_note'] ) ) {
			$order->set_customer_note( $args['customer_note'] );
		}
		if ( ! is_null( $args['customer_id'] ) ) {
			$order->set_customer_id( is_numeric( $args['customer_id'] ) ? absint( $args['customer_id'] ) : 0 );
		}
		if ( ! is_null( $args['created_via'] ) ) {
			$order->set_created_via( sanitize_text_field( $args['created_via'] ) );
		}
		$order->save();
	} catch ( Exception $e ) {
		return new WP_Error( 'error', $e->getMessage() );
	}
	return $order;
}

/**
 * Main function for returning orders.
 *
 * @param mixed $the_order Post object, order id or WC_Order; false = the current post.
 * @return bool|WC_Order
 */
function wc_get_order( $the_order = false ) {
	if ( false === $the_order ) {
		$the_order = get_the_ID();
	}
	try {
		$order = new WC_Order( $the_order );
		return $order->get_id() > 0 ? $order : false;
	} catch ( Exception $e ) {
		return false;
	}
}

/**
 * Main function for returning products (the stand-in's fixed catalogue).
 *
 * @param mixed $the_product Post object, product id or WC_Product.
 * @param array $deprecated  Unused.
 * @return WC_Product|null|false
 */
function wc_get_product( $the_product = false, $deprecated = array() ) {
	$id = $the_product instanceof WC_Product ? $the_product->get_id() : ( $the_product instanceof WP_Post ? $the_product->ID : absint( $the_product ) );
	return WC_Product::find( $id );
}

/**
 * The store's currency code.
 *
 * @return string
 */
function get_woocommerce_currency() {
	return apply_filters( 'woocommerce_currency', get_option( 'woocommerce_currency', 'EUR' ) );
}

/**
 * Order statuses, keys with the `wc-` prefix.
 *
 * @return array
 */
function wc_get_order_statuses() {
	return apply_filters(
		'wc_order_statuses',
		array(
			'wc-pending'        => 'Pending payment',
			'wc-processing'     => 'Processing',
			'wc-on-hold'        => 'On hold',
			'wc-completed'      => 'Completed',
			'wc-cancelled'      => 'Cancelled',
			'wc-refunded'       => 'Refunded',
			'wc-failed'         => 'Failed',
			'wc-checkout-draft' => 'Draft',
		)
	);
}

/**
 * Statuses that count as paid.
 *
 * @return array
 */
function wc_get_is_paid_statuses() {
	return apply_filters( 'woocommerce_order_is_paid_statuses', array( 'processing', 'completed' ) );
}

/**
 * Number of decimals for prices.
 *
 * @return int
 */
function wc_get_price_decimals() {
	return absint( apply_filters( 'wc_get_price_decimals', get_option( 'woocommerce_price_num_decimals', 2 ) ) );
}

/**
 * Formats a decimal with a dot separator (WooCommerce's rounding: half up).
 *
 * @param float|string $number     Number.
 * @param int|false    $dp         Decimal places; false = leave as is.
 * @param bool         $trim_zeros Whether to trim trailing zeros.
 * @return string
 */
function wc_format_decimal( $number, $dp = false, $trim_zeros = false ) {
	$number = is_numeric( $number ) ? $number : 0;
	if ( false !== $dp ) {
		$number = number_format( round( (float) $number, (int) $dp ), (int) $dp, '.', '' );
	}
	$number = (string) $number;
	if ( $trim_zeros && strstr( $number, '.' ) ) {
		$number = rtrim( rtrim( $number, '0' ), '.' );
	}
	return $number;
}

/**
 * A new order key: `wc_order_` and 13 random characters.
 *
 * @param string $key A key to use instead.
 * @return string
 */
function wc_generate_order_key( $key = '' ) {
	if ( '' === $key ) {
		$key = wp_generate_password( 13, false );
	}
	return 'wc_' . apply_filters( 'woocommerce_generate_order_key', 'order_' . $key );
}

/**
 * The checkout page's URL (the stand-in's checkout page is /checkout/).
 *
 * @return string
 */
function wc_get_checkout_url() {
	return apply_filters( 'woocommerce_get_checkout_url', home_url( '/checkout/' ) );
}

/**
 * An endpoint URL as WooCommerce builds it with pretty permalinks (as stores run), whatever
 * the test site's permalink setting.
 *
 * @param string $endpoint  Endpoint slug.
 * @param string $value     Query param value.
 * @param string $permalink Permalink.
 * @return string
 */
function wc_get_endpoint_url( $endpoint, $value = '', $permalink = '' ) {
	$query_string = '';
	if ( strstr( $permalink, '?' ) ) {
		$query_string = '?' . wp_parse_url( $permalink, PHP_URL_QUERY );
		$permalink    = current( explode( '?', $permalink ) );
	}
	$url = trailingslashit( $permalink ) . trailingslashit( $endpoint . '/' . $value ) . $query_string;
	return apply_filters( 'woocommerce_get_endpoint_url', $url, $endpoint, $value, $permalink );
}
