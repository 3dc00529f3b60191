<?php
/**
 * WooCommerce stand-in: WC_Order_Item_Product (includes/class-wc-order-item-product.php).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * A line item: product, variation, quantity, name and totals.
 */
class WC_Order_Item_Product {

	/** @var array */
	protected $data = array(
		'id'           => 0,
		'order_id'     => 0,
		'name'         => '',
		'product_id'   => 0,
		'variation_id' => 0,
		'quantity'     => 1,
		'subtotal'     => '0',
		'total'        => '0',
	);

	/**
	 * @param array $props Props (keys of $data).
	 */
	public function __construct( $props = array() ) {
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
				$this->data[ $key ] = in_array( $key, array( 'id', 'order_id', 'product_id', 'variation_id', 'quantity' ), true ) ? (int) $value : (string) $value;
			}
		}
	}

	/** @return array The stored props. */
	public function get_data() {
		return $this->data;
	}

	/** @return int */
	public function get_id() {
		return $this->data['id'];
	}

	/** @return int */
	public function get_order_id() {
		return $this->data['order_id'];
	}

	/** @return string */
	public function get_name() {
		return $this->data['name'];
	}

	/** @return int */
	public function get_product_id() {
		return $this->data['product_id'];
	}

	/** @return int */
	public function get_variation_id() {
		return $this->data['variation_id'];
	}

	/** @return int */
	public function get_quantity() {
		return $this->data['quantity'];
	}

	/** @return string */
	public function get_subtotal() {
		return $this->data['subtotal'];
	}

	/** @return string */
	public function get_total() {
		return $this->data['total'];
	}

	/** @return WC_Product|false */
	public function get_product() {
		return wc_get_product( $this->data['variation_id'] ? $this->data['variation_id'] : $this->data['product_id'] );
	}
}
