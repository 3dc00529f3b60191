<?php
/**
 * Checks Svc_Hub_Woocommerce_Order_Facts without WordPress: meta validation and the REST v3
 * shape the worker reads (worker/src/commerce/woo-order.ts), from WC_Order's methods.
 *
 * Usage: php tests/php/woocommerce-order-facts.php → prints "ok" and exits 0, or each mismatch and exits 1.
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

require dirname( __DIR__, 2 ) . '/plugin/includes/woocommerce/class-svc-hub-woocommerce-order-facts.php';

$failures = array();
$check    = static function ( string $name, $actual, $wanted ) use ( &$failures ): void {
	if ( $actual !== $wanted ) {
		$failures[] = sprintf( '%s: expected %s, got %s', $name, var_export( $wanted, true ), var_export( $actual, true ) );
	}
};

$facts = 'Svc_Hub_Woocommerce_Order_Facts';
$check( 'hub order id', $facts::hub_order_id( 'ord_01JD0000000000000000000000' ), 'ord_01JD0000000000000000000000' );
foreach ( array( 'ord_01JD000000000000000000000', 'ord_01JD000000000000000000000I', 'ord_01jd0000000000000000000000', ' ord_01JD0000000000000000000000', "ord_01JD0000000000000000000000\n", array(), 42, null ) as $bad ) {
	$check( 'hub order id ' . var_export( $bad, true ), $facts::hub_order_id( $bad ), null );
}
$check( 'site url', $facts::site_url( 'https://client.example/shop' ), 'https://client.example/shop' );
foreach ( array( 'ftp://client.example', 'javascript:alert(1)', 'https://', '//client.example', "https://client.example\n", '', 'x' ) as $bad ) {
	$check( 'site url ' . var_export( $bad, true ), $facts::site_url( $bad ), null );
}

/** A line item with WC_Order_Item_Product's getters. */
$item = new class() {
	public function get_product_id() {
		return 77;
	}
	public function get_variation_id() {
		return 0;
	}
	public function get_quantity() {
		return 1;
	}
	public function get_total() {
		return '40.1';
	}
	public function get_total_tax() {
		return '8.90';
	}
	public function get_meta( $key, $single = true ) {
		return array(
			'svc_hub_order_id' => 'ord_01JD0000000000000000000001',
			'svc_site_url'     => 'https://one.example',
		)[ $key ] ?? '';
	}
};

/** An order with WC_Order's getters; dates in a non-UTC zone, as WooCommerce returns them. */
$order = new class( $item ) {
	private $item;
	public function __construct( $item ) {
		$this->item = $item;
	}
	public function get_id() {
		return 41;
	}
	public function get_status() {
		return 'processing';
	}
	public function get_currency() {
		return 'EUR';
	}
	public function get_total() {
		return '49.00';
	}
	public function get_date_paid() {
		return new DateTime( '2026-11-20 11:00:05', new DateTimeZone( 'Europe/Berlin' ) );
	}
	public function get_date_modified() {
		return new DateTime( '2026-11-20 11:00:06', new DateTimeZone( 'Europe/Berlin' ) );
	}
	public function get_customer_id() {
		return 3;
	}
	public function get_billing_email() {
		return 'zoe@client.example';
	}
	public function get_items() {
		return array( 9 => $this->item );
	}
	/** WC_Order_Refund objects: get_amount() is positive, as WooCommerce stores it. */
	public function get_refunds() {
		return array(
			new class() {
				public function get_id() {
					return 52;
				}
				public function get_amount() {
					return '12.50';
				}
			},
		);
	}
	public function get_meta( $key, $single = true ) {
		return array(
			'svc_hub_order_id' => 'ord_01JD0000000000000000000000',
			'svc_site_url'     => 'https://client.example',
		)[ $key ] ?? '';
	}
};

$check(
	'of(order)',
	$facts::of( $order ),
	array(
		'id'                => 41,
		'status'            => 'processing',
		'currency'          => 'EUR',
		'total'             => '49.00',
		'date_paid_gmt'     => '2026-11-20T10:00:05',
		'date_modified_gmt' => '2026-11-20T10:00:06',
		'customer_id'       => 3,
		'billing'           => array( 'email' => 'zoe@client.example' ),
		'line_items'        => array(
			array(
				'product_id'   => 77,
				'variation_id' => 0,
				'quantity'     => 1,
				'total'        => '40.1',
				'total_tax'    => '8.90',
				'meta_data'    => array(
					array(
						'key'   => 'svc_hub_order_id',
						'value' => 'ord_01JD0000000000000000000001',
					),
					array(
						'key'   => 'svc_site_url',
						'value' => 'https://one.example',
					),
				),
			),
		),
		'meta_data'         => array(
			array(
				'key'   => 'svc_hub_order_id',
				'value' => 'ord_01JD0000000000000000000000',
			),
			array(
				'key'   => 'svc_site_url',
				'value' => 'https://client.example',
			),
		),
		'refunds'           => array(
			array(
				'id'    => 52,
				'total' => '-12.50',
			),
		),
	)
);
$check( 'hub_order_id_of(order)', $facts::hub_order_id_of( $order ), 'ord_01JD0000000000000000000000' );

if ( $failures ) {
	echo implode( "\n", $failures ), "\n";
	exit( 1 );
}
echo "ok\n";
