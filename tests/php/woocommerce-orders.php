<?php
/**
 * Checks Svc_Hub_Woocommerce_Orders::create() without WordPress: the hub's own shop puts the hub
 * order on the product line (line item meta, as a store's pay-link line) and on the order, and the
 * buyer becomes the billing email and name and, when not 0, the customer (docs/commerce.md "Checkout").
 *
 * Usage: php tests/php/woocommerce-orders.php → prints "ok" and exits 0, or each mismatch and exits 1.
 *
 * @package svc-hub
 */

define( 'ABSPATH', __DIR__ . '/' );

/**
 * WordPress's wp_parse_url(), enough for these checks.
 *
 * @param string $url       URL.
 * @param int    $component Component.
 * @return mixed
 */
function wp_parse_url( $url, $component = -1 ) {
	return parse_url( $url, $component ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url
}

/**
 * WordPress's __() without translations.
 *
 * @param string $text   Text.
 * @param string $domain Text domain.
 * @return string
 */
function __( $text, $domain = 'default' ) { // phpcs:ignore WordPress.NamingConventions.ValidFunctionName.FunctionDoubleUnderscore
	return $text;
}

/**
 * WordPress's is_email(), enough for these checks.
 *
 * @param string $email Address.
 * @return string|false
 */
function is_email( $email ) {
	return filter_var( $email, FILTER_VALIDATE_EMAIL ) ? $email : false;
}

/**
 * WordPress's sanitize_text_field(), enough for these checks.
 *
 * @param string $text Text.
 * @return string
 */
function sanitize_text_field( $text ) {
	return trim( preg_replace( '/[\r\n\t ]+/', ' ', wp_strip_tags( $text ) ) );
}

/**
 * Tags removed, as wp_strip_all_tags() does.
 *
 * @param string $text Text.
 * @return string
 */
function wp_strip_tags( $text ) {
	return preg_replace( '/<[^>]*>/', '', $text );
}

/**
 * WordPress's is_wp_error().
 *
 * @param mixed $thing Value.
 * @return bool
 */
function is_wp_error( $thing ) {
	return false;
}

/** WooCommerce is active. */
class WooCommerce {}

/** The answer WordPress sends. */
class WP_REST_Response {
	/**
	 * Body and status.
	 *
	 * @param array $data   Body.
	 * @param int   $status Status.
	 */
	public function __construct( public array $data, public int $status ) {}
}

/** The worker's signed request. */
class WP_REST_Request {
	/**
	 * The body.
	 *
	 * @param string $body JSON.
	 */
	public function __construct( private string $body ) {}
	/** The raw body. */
	public function get_body() {
		return $this->body;
	}
}

/** The shell's error helper: the body and status only. */
class Svc_Hub_Errors {
	/**
	 * A JSON answer.
	 *
	 * @param array $data   Body.
	 * @param int   $status Status.
	 * @return WP_REST_Response
	 */
	public static function json( array $data, int $status ): WP_REST_Response {
		return new WP_REST_Response( $data, $status );
	}
}

/** A line item or an order: meta as WC_Data keeps it. */
class Svc_Test_Meta {
	/**
	 * Meta by key.
	 *
	 * @var array<string,mixed>
	 */
	public array $meta = array();
	/**
	 * As WC_Data::add_meta_data().
	 *
	 * @param string $key    Key.
	 * @param mixed  $value  Value.
	 * @param bool   $unique Unique.
	 */
	public function add_meta_data( $key, $value, $unique = false ) {
		$this->meta[ $key ] = $value;
	}
	/**
	 * As WC_Data::update_meta_data().
	 *
	 * @param string $key   Key.
	 * @param mixed  $value Value.
	 */
	public function update_meta_data( $key, $value ) {
		$this->meta[ $key ] = $value;
	}
}

/** The pending order wc_create_order() makes: what the class sets on it. */
class Svc_Test_Order extends Svc_Test_Meta {
	/**
	 * Setter name → value, as called.
	 *
	 * @var array<string,mixed>
	 */
	public array $set = array();
	/**
	 * The product line.
	 *
	 * @var Svc_Test_Meta|null
	 */
	public ?Svc_Test_Meta $item = null;
	/**
	 * Whether save() ran.
	 *
	 * @var bool
	 */
	public bool $saved = false;
	/**
	 * Records a setter (set_billing_email, set_customer_id, …).
	 *
	 * @param string $name      Method.
	 * @param array  $arguments Arguments.
	 */
	public function __call( $name, $arguments ) {
		$this->set[ $name ] = $arguments[0];
	}
	/**
	 * As WC_Order::add_product().
	 *
	 * @param object $product  Product.
	 * @param int    $quantity Quantity.
	 * @return int
	 */
	public function add_product( $product, $quantity ) {
		$this->item = new Svc_Test_Meta();
		return 9;
	}
	/**
	 * As WC_Order::get_item().
	 *
	 * @param int  $item_id      Item id.
	 * @param bool $load_from_db Whether to read it again.
	 * @return Svc_Test_Meta|false
	 */
	public function get_item( $item_id, $load_from_db = true ) {
		return 9 === $item_id && ! $load_from_db ? $this->item : false;
	}
	/** As WC_Order::calculate_totals(). */
	public function calculate_totals() {}
	/** As WC_Order::save(). */
	public function save() {
		$this->saved = true;
	}
	/** The order id. */
	public function get_id() {
		return 501;
	}
	/** The pay page. */
	public function get_checkout_payment_url() {
		return 'https://hub.example/checkout/order-pay/501/?pay_for_order=true&key=wc_order_x';
	}
}

$GLOBALS['svc_test_orders'] = array();

/**
 * WooCommerce's wc_create_order().
 *
 * @param array $args Arguments.
 * @return Svc_Test_Order
 */
function wc_create_order( $args = array() ) {
	$order                       = new Svc_Test_Order();
	$GLOBALS['svc_test_orders'][] = $order;
	return $order;
}

/**
 * WooCommerce's wc_get_product(): product 77 exists.
 *
 * @param int $id Product id.
 * @return object|false
 */
function wc_get_product( $id ) {
	return 77 === $id ? new stdClass() : false;
}

require dirname( __DIR__, 2 ) . '/plugin/includes/woocommerce/class-svc-hub-woocommerce-order-facts.php';
require dirname( __DIR__, 2 ) . '/plugin/includes/woocommerce/class-svc-hub-woocommerce-orders.php';

$failures = array();
$check    = static function ( string $name, $actual, $wanted ) use ( &$failures ): void {
	if ( $actual !== $wanted ) {
		$failures[] = sprintf( '%s: expected %s, got %s', $name, var_export( $wanted, true ), var_export( $actual, true ) );
	}
};
$create   = static function ( array $body ): array {
	$GLOBALS['svc_test_orders'] = array();
	$answer                     = ( new Svc_Hub_Woocommerce_Orders() )->create( new WP_REST_Request( (string) wp_json_encode_for_test( $body ) ) );
	return array( $answer, $GLOBALS['svc_test_orders'][0] ?? null );
};

/**
 * JSON as the worker sends it.
 *
 * @param mixed $value Value.
 * @return string
 */
function wp_json_encode_for_test( $value ) {
	return json_encode( $value ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode
}

$hub_order = 'ord_01JD0000000000000000000007';
$base      = array(
	'hub_order_id' => $hub_order,
	'site_url'     => 'https://client.example',
	'product_id'   => 77,
);

list( $answer, $order ) = $create( $base );
$check( 'status', $answer->status, 200 );
$check( 'answer', $answer->data, array( 'woo_order_id' => 501, 'payment_url' => 'https://hub.example/checkout/order-pay/501/?pay_for_order=true&key=wc_order_x' ) );
$check( 'line meta', $order->item->meta, array( 'svc_hub_order_id' => $hub_order, 'svc_site_url' => 'https://client.example' ) );
$check( 'order meta', $order->meta, array( 'svc_hub_order_id' => $hub_order, 'svc_site_url' => 'https://client.example' ) );
$check( 'no buyer, no billing', $order->set, array() );
$check( 'saved', $order->saved, true );

$buyer                  = array(
	'email'       => 'ada@example.com',
	'first_name'  => ' Ada <b>King</b> ',
	'last_name'   => 'Lovelace',
	'customer_id' => 0,
);
list( $answer, $order ) = $create( $base + array( 'buyer' => $buyer ) );
$check( 'guest buyer', $order->set, array( 'set_billing_email' => 'ada@example.com', 'set_billing_first_name' => 'Ada King', 'set_billing_last_name' => 'Lovelace' ) );

list( $answer, $order ) = $create( $base + array( 'buyer' => array( 'customer_id' => 12 ) + $buyer ) );
$check( 'customer', $order->set['set_customer_id'] ?? null, 12 );

foreach ( array( 'not an array', array( 'email' => 'nope' ), array( 'customer_id' => -1 ) + $buyer, array( 'customer_id' => '12' ) + $buyer, array( 'first_name' => str_repeat( 'x', 401 ) ) + $buyer ) as $bad ) {
	list( $answer, $order ) = $create( $base + array( 'buyer' => $bad ) );
	$check( 'bad buyer ' . var_export( $bad, true ), array( $answer->status, array_keys( $answer->data['data']['params'] ?? array() ), $order ), array( 400, array( 'buyer' ), null ) );
}

if ( $failures ) {
	fwrite( STDERR, implode( "\n", $failures ) . "\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
	exit( 1 );
}
echo "ok\n";
