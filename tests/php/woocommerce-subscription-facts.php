<?php
/**
 * Checks Svc_Hub_Woocommerce_Subscription_Facts without WordPress: the REST wc/v3/subscriptions
 * shape the worker reads (worker/src/commerce/woo-subscription.ts), from WC_Subscription's
 * methods (dates as WooCommerce Subscriptions gives them: GMT MySQL strings, 0 when unset), and
 * which orders are renewal orders.
 *
 * Usage: php tests/php/woocommerce-subscription-facts.php → prints "ok" and exits 0, or each mismatch and exits 1.
 *
 * @package svc-hub
 */

define( 'ABSPATH', __DIR__ . '/' );

require dirname( __DIR__, 2 ) . '/plugin/includes/woocommerce/class-svc-hub-woocommerce-subscription-facts.php';

$failures = array();
$check    = static function ( string $name, $actual, $wanted ) use ( &$failures ): void {
	if ( $actual !== $wanted ) {
		$failures[] = sprintf( '%s: expected %s, got %s', $name, var_export( $wanted, true ), var_export( $actual, true ) );
	}
};

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
};

/** A subscription with WC_Subscription's getters. */
$subscription = new class( $item ) {
	private $item;
	public function __construct( $item ) {
		$this->item = $item;
	}
	public function get_id() {
		return 812;
	}
	public function get_parent_id() {
		return 811;
	}
	public function get_status() {
		return 'pending-cancel';
	}
	public function get_currency() {
		return 'EUR';
	}
	public function get_billing_period() {
		return 'month';
	}
	public function get_billing_interval() {
		return 1;
	}
	public function get_date( $type, $timezone = 'gmt' ) {
		return 'end' === $type ? '2026-12-24 10:00:00' : 0;
	}
	public function get_date_modified() {
		return new DateTimeImmutable( '2026-11-24 11:00:05', new DateTimeZone( 'Europe/Berlin' ) );
	}
	public function get_items() {
		return array( 5 => $this->item );
	}
};

$check(
	'facts',
	Svc_Hub_Woocommerce_Subscription_Facts::of( $subscription ),
	array(
		'id'                    => 812,
		'parent_id'             => 811,
		'status'                => 'pending-cancel',
		'currency'              => 'EUR',
		'billing_period'        => 'month',
		'billing_interval'      => '1',
		'next_payment_date_gmt' => null,
		'end_date_gmt'          => '2026-12-24T10:00:00',
		'date_modified_gmt'     => '2026-11-24T10:00:05',
		'line_items'            => array(
			array(
				'product_id'   => 77,
				'variation_id' => 0,
				'quantity'     => 1,
			),
		),
	)
);

$order = static fn ( $renewal ) => new class( $renewal ) {
	private $renewal;
	public function __construct( $renewal ) {
		$this->renewal = $renewal;
	}
	public function get_meta( $key, $single = true ) {
		return '_subscription_renewal' === $key ? $this->renewal : '';
	}
};
$check( 'renewal order', Svc_Hub_Woocommerce_Subscription_Facts::is_renewal_order( $order( '812' ) ), true );
$check( 'ordinary order', Svc_Hub_Woocommerce_Subscription_Facts::is_renewal_order( $order( '' ) ), false );

if ( $failures ) {
	echo implode( "\n", $failures ), "\n";
	exit( 1 );
}
echo "ok\n";
