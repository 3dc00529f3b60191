<?php
/**
 * WooCommerce stand-in: WC_Order_Item_Product (includes/class-wc-order-item-product.php).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * A line item: product, variation, quantity, name and totals, and its own meta (WC_Data's
 * meta: `add_meta_data`, `get_meta`, `get_meta_data` as objects with id, key and value; the
 * display filters of `get_all_formatted_meta_data`). Saved with its order.
 */
class WC_Order_Item_Product {

	/** @var array<int,object> Meta entries (id 0 until stored). */
	protected $meta = array();

	/** @var bool Whether the meta changed since it was read or stored. */
	protected $meta_changed = false;

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
		foreach ( (array) ( $props['meta'] ?? array() ) as $entry ) {
			$this->meta[] = (object) $entry;
		}
		unset( $props['meta'] );
		$this->set_props( $props );
	}

	/**
	 * Adds a meta value (`$unique`: replaces any value of that key).
	 *
	 * @param string $key    Key.
	 * @param mixed  $value  Value.
	 * @param bool   $unique Whether the key has one value.
	 */
	public function add_meta_data( $key, $value, $unique = false ) {
		if ( $unique ) {
			$this->delete_meta_data( $key );
		}
		$this->meta[]       = (object) array( 'id' => 0, 'key' => (string) $key, 'value' => $value );
		$this->meta_changed = true;
	}

	/**
	 * Removes every value of a key.
	 *
	 * @param string $key Key.
	 */
	public function delete_meta_data( $key ) {
		$kept               = array_values( array_filter( $this->meta, static fn ( $entry ) => $entry->key !== $key ) );
		$this->meta_changed = $this->meta_changed || count( $kept ) !== count( $this->meta );
		$this->meta         = $kept;
	}

	/** @return bool Whether the meta must be stored. */
	public function meta_changed() {
		return $this->meta_changed;
	}

	/**
	 * A meta value ('' when none).
	 *
	 * @param string $key    Key.
	 * @param bool   $single Unused: the first value.
	 * @return mixed
	 */
	public function get_meta( $key = '', $single = true ) {
		foreach ( $this->meta as $entry ) {
			if ( $entry->key === $key ) {
				return $entry->value;
			}
		}
		return '';
	}

	/** @return object[] Meta entries (id, key, value). */
	public function get_meta_data() {
		return $this->meta;
	}

	/**
	 * Meta ready for display by meta id (WC_Order_Item::get_all_formatted_meta_data): keys with
	 * `$hideprefix` left out, `display_key` through `woocommerce_order_item_display_meta_key`,
	 * `display_value` through `woocommerce_order_item_display_meta_value`, then made clickable and
	 * wrapped in a paragraph like WooCommerce.
	 *
	 * @param string|null $hideprefix Prefix of hidden keys (null: none hidden).
	 * @return array<int,object>
	 */
	public function get_all_formatted_meta_data( $hideprefix = '_' ) {
		$formatted = array();
		foreach ( $this->meta as $entry ) {
			if ( null !== $hideprefix && '' !== $hideprefix && 0 === strpos( $entry->key, $hideprefix ) ) {
				continue;
			}
			$display_key               = apply_filters( 'woocommerce_order_item_display_meta_key', $entry->key, $entry, $this );
			$display_value             = wpautop( make_clickable( apply_filters( 'woocommerce_order_item_display_meta_value', (string) $entry->value, $entry, $this ) ) );
			$formatted[ $entry->id ] = (object) array(
				'key'           => $entry->key,
				'value'         => $entry->value,
				'display_key'   => $display_key,
				'display_value' => $display_value,
			);
		}
		return apply_filters( 'woocommerce_order_item_get_formatted_meta_data', $formatted, $this );
	}

	/**
	 * Sets the stored ids of the meta entries (by position), after the data store wrote them.
	 *
	 * @param int[] $ids Meta ids.
	 */
	public function set_meta_ids( array $ids ) {
		foreach ( $ids as $index => $id ) {
			$this->meta[ $index ]->id = (int) $id;
		}
		$this->meta_changed = false;
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

	/** @return string No taxes in the stand-in store. */
	public function get_total_tax() {
		return '0';
	}

	/** @return WC_Product|false */
	public function get_product() {
		return wc_get_product( $this->data['variation_id'] ? $this->data['variation_id'] : $this->data['product_id'] );
	}
}
