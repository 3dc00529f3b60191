<?php
/**
 * Checks Svc_Hub_Woocommerce_Store_Meta without WordPress: the pay link's values become the
 * data of the cart item it adds, then that line's item meta; an order paying one hub order also
 * carries them as order meta, one paying several does not; readable labels.
 *
 * Usage: php tests/php/woocommerce-store-meta.php → prints "ok" and exits 0, or each mismatch and exits 1.
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
 * WordPress's wp_unslash() (no magic quotes here).
 *
 * @param mixed $value Value.
 * @return mixed
 */
function wp_unslash( $value ) {
	return $value;
}

/**
 * WordPress's absint().
 *
 * @param mixed $value Value.
 * @return int
 */
function absint( $value ) {
	return abs( (int) $value );
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

require dirname( __DIR__, 2 ) . '/plugin/includes/woocommerce/class-svc-hub-woocommerce-order-facts.php';
require dirname( __DIR__, 2 ) . '/plugin/includes/woocommerce/class-svc-hub-woocommerce-store-meta.php';

$failures = array();
$check    = static function ( string $name, $actual, $wanted ) use ( &$failures ): void {
	if ( $actual !== $wanted ) {
		$failures[] = sprintf( '%s: expected %s, got %s', $name, var_export( $wanted, true ), var_export( $actual, true ) );
	}
};

const FIRST  = 'ord_01JD0000000000000000000001';
const SECOND = 'ord_01JD0000000000000000000002';

/** Something with item meta: WC_Order_Item_Product's or WC_Order's meta methods. */
class Svc_Test_Meta_Owner {
	/** @var array */
	public $meta = array();
	/** @var array */
	public $items = array();
	public function add_meta_data( $key, $value, $unique = false ) {
		$this->meta[ $key ] = $value;
	}
	public function update_meta_data( $key, $value ) {
		$this->meta[ $key ] = $value;
	}
	public function delete_meta_data( $key ) {
		unset( $this->meta[ $key ] );
	}
	public function get_meta( $key, $single = true ) {
		return $this->meta[ $key ] ?? '';
	}
	public function get_items() {
		return $this->items;
	}
}

$store_meta = new Svc_Hub_Woocommerce_Store_Meta();

// The pay link's item gets the values; another product added in the same request does not.
$_GET = array(
	'add-to-cart'      => '77',
	'svc_hub_order_id' => FIRST,
	'svc_site_url'     => 'https://one.example',
);
$check( 'cart item data', $store_meta->cart_item_data( array( 'x' => 1 ), 77, 0 ), array( 'x' => 1, 'svc_hub_order_id' => FIRST, 'svc_site_url' => 'https://one.example' ) );
$check( 'another product', $store_meta->cart_item_data( array(), 78, 0 ), array() );
$_GET['svc_site_url'] = 'javascript:alert(1)';
$check( 'invalid site', $store_meta->cart_item_data( array(), 77, 0 ), array() );
$_GET = array( 'svc_hub_order_id' => FIRST, 'svc_site_url' => 'https://one.example' );
$check( 'no add-to-cart', $store_meta->cart_item_data( array(), 77, 0 ), array() );

// Each cart item's values become its own line's meta.
$line_one = new Svc_Test_Meta_Owner();
$store_meta->copy_to_line( $line_one, 'key1', array( 'product_id' => 77, 'svc_hub_order_id' => FIRST, 'svc_site_url' => 'https://one.example' ) );
$line_two = new Svc_Test_Meta_Owner();
$store_meta->copy_to_line( $line_two, 'key2', array( 'product_id' => 77, 'svc_hub_order_id' => SECOND, 'svc_site_url' => 'https://two.example' ) );
$plain = new Svc_Test_Meta_Owner();
$store_meta->copy_to_line( $plain, 'key3', array( 'product_id' => 78 ) );
$check( 'line one', $line_one->meta, array( 'svc_hub_order_id' => FIRST, 'svc_site_url' => 'https://one.example' ) );
$check( 'line two', $line_two->meta, array( 'svc_hub_order_id' => SECOND, 'svc_site_url' => 'https://two.example' ) );
$check( 'plain line', $plain->meta, array() );

// One hub order: the order meta too (old hubs); several: none.
$one          = new Svc_Test_Meta_Owner();
$one->items   = array( $line_one, $plain );
$store_meta->copy_to_order( $one );
$check( 'order of one hub order', $one->meta, array( 'svc_hub_order_id' => FIRST, 'svc_site_url' => 'https://one.example' ) );
$both         = new Svc_Test_Meta_Owner();
$both->items  = array( $line_one, $line_two );
$both->meta   = array( 'svc_hub_order_id' => FIRST, 'svc_site_url' => 'https://one.example' );
$store_meta->copy_to_order( $both );
$check( 'order of two hub orders', $both->meta, array() );

// Readable labels.
$check( 'site label', $store_meta->display_key( 'svc_site_url', (object) array( 'key' => 'svc_site_url' ) ), 'Licence for' );
$check( 'order label', $store_meta->display_key( 'svc_hub_order_id', (object) array( 'key' => 'svc_hub_order_id' ) ), 'Licence order' );
$check( 'other label', $store_meta->display_key( 'Size', (object) array( 'key' => 'pa_size' ) ), 'Size' );
$check( 'cart display', $store_meta->cart_item_display( array(), array( 'svc_hub_order_id' => FIRST, 'svc_site_url' => 'https://one.example' ) ), array( array( 'key' => 'Licence for', 'value' => 'https://one.example' ) ) );

if ( $failures ) {
	echo implode( "\n", $failures ), "\n";
	exit( 1 );
}
echo "ok\n";
