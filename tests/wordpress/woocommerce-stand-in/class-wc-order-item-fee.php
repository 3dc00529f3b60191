<?php
/**
 * WooCommerce stand-in: WC_Order_Item_Fee (includes/class-wc-order-item-fee.php).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * A fee line: name, amount, total, tax status and class, and item meta. No taxes are computed
 * here (the stand-in has none): a fee's total is what the order adds.
 */
class WC_Order_Item_Fee {

	/** @var array */
	protected $data = array(
		'id'         => 0,
		'order_id'   => 0,
		'name'       => '',
		'amount'     => '',
		'total'      => '0',
		'tax_class'  => '',
		'tax_status' => 'taxable',
	);

	/** @var array<string,string> Item meta. */
	protected $meta = array();

	/**
	 * @param array $props Props (keys of $data), and `meta`.
	 */
	public function __construct( $props = array() ) {
		$this->meta = isset( $props['meta'] ) ? (array) $props['meta'] : array();
		unset( $props['meta'] );
		$this->set_props( $props );
	}

	/**
	 * Sets several props.
	 *
	 * @param array $props Props.
	 */
	public function set_props( $props ) {
		foreach ( (array) $props as $key => $value ) {
			if ( array_key_exists( $key, $this->data ) ) {
				$this->data[ $key ] = in_array( $key, array( 'id', 'order_id' ), true ) ? (int) $value : (string) $value;
			}
		}
	}

	/** @param string $value Name. */
	public function set_name( $value ) {
		$this->data['name'] = (string) $value;
	}

	/** @param string $value Amount, a decimal. */
	public function set_amount( $value ) {
		$this->data['amount'] = wc_format_decimal( $value );
	}

	/** @param string $value Total, a decimal. */
	public function set_total( $value ) {
		$this->data['total'] = wc_format_decimal( $value );
	}

	/** @param string $value taxable or none. */
	public function set_tax_status( $value ) {
		$this->data['tax_status'] = in_array( $value, array( 'taxable', 'none' ), true ) ? $value : 'taxable';
	}

	/** @param string $value Tax class. */
	public function set_tax_class( $value ) {
		$this->data['tax_class'] = (string) $value;
	}

	/**
	 * Adds (or, `$unique`, replaces) an item meta value.
	 *
	 * @param string $key    Meta key.
	 * @param mixed  $value  Value.
	 * @param bool   $unique Whether one value per key.
	 */
	public function add_meta_data( $key, $value, $unique = false ) {
		$this->meta[ (string) $key ] = (string) $value;
	}

	/**
	 * @param string $key    Meta key.
	 * @param bool   $single Whether one value.
	 * @return string "" when missing.
	 */
	public function get_meta( $key = '', $single = true ) {
		return $this->meta[ $key ] ?? '';
	}

	/** @return array<string,string> Every item meta value. */
	public function get_meta_values() {
		return $this->meta;
	}

	/** @return array The stored props. */
	public function get_data() {
		return $this->data;
	}

	/** @return int */
	public function get_id() {
		return $this->data['id'];
	}

	/** @return string */
	public function get_name() {
		return $this->data['name'];
	}

	/** @return string */
	public function get_type() {
		return 'fee';
	}

	/** @return string */
	public function get_amount() {
		return $this->data['amount'];
	}

	/** @return string */
	public function get_total() {
		return $this->data['total'];
	}

	/** @return string */
	public function get_tax_status() {
		return $this->data['tax_status'];
	}
}
