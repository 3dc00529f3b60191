<?php
/**
 * WooCommerce stand-in: WC_Order (includes/class-wc-order.php, abstract-wc-order.php,
 * abstract-wc-data.php), stored in the custom order tables as WooCommerce 8.2+ does (HPOS,
 * WC_Orders_Table_Data_Store): only these methods reach an order, never get_post_meta().
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * An order: props, line items, meta, status transitions with WooCommerce's hooks.
 */
class WC_Order extends WC_Abstract_Order {

	/** @var array<int,WC_Order_Item_Product> Line items by item id. */
	protected $items = array();

	/** @var array<int,WC_Order_Item_Product> Line items added before the order was saved. */
	protected $new_items = array();

	/** @var array<int,WC_Order_Item_Fee> Fee lines by item id (saved ones, then new ones under negative keys). */
	protected $fees = array();

	/** @var array<string,array{id:int,value:mixed}> Meta as saved, with the meta row ids. */
	protected $meta = array();

	/** @var array<string,mixed> Meta changes not yet saved (null = delete). */
	protected $meta_changes = array();

	/** @var bool Whether the object has been read (transitions are recorded only then). */
	protected $object_read = false;

	/** @var array|false Pending status transition, fired on save. */
	protected $status_transition = false;

	/**
	 * @param int|WC_Order|WP_Post $order Order to read; 0 for a new one.
	 * @throws Exception When the id is not an order ("Invalid order.").
	 */
	public function __construct( $order = 0 ) {
		$id = $order instanceof WC_Order ? $order->get_id() : ( $order instanceof WP_Post ? $order->ID : absint( $order ) );
		if ( $id > 0 ) {
			$this->read( $id );
		}
		$this->object_read = true;
	}



	/**
	 * Sets the status; records a transition (fired on save) when the object was read and
	 * the status really changes, and sets date_paid on reaching the paid status.
	 *
	 * @param string $new_status    New status, with or without `wc-`.
	 * @param string $note          Note for the transition.
	 * @param bool   $manual_update Whether an admin changed it by hand.
	 * @return array `from` and `to`.
	 */
	public function set_status( $new_status, $note = '', $manual_update = false ) {
		$old_status = $this->data['status'];
		$new_status = 'wc-' === substr( $new_status, 0, 3 ) ? substr( $new_status, 3 ) : $new_status;
		if ( $this->object_read && $new_status && ! array_key_exists( 'wc-' . $new_status, wc_get_order_statuses() ) && ! in_array( $new_status, array( 'trash', 'auto-draft' ), true ) ) {
			$new_status = 'pending';
		}
		if ( $this->object_read && $old_status && ! array_key_exists( 'wc-' . $old_status, wc_get_order_statuses() ) ) {
			$old_status = 'pending';
		}
		$this->data['status'] = $new_status;
		$result               = array(
			'from' => $old_status,
			'to'   => $new_status,
		);
		if ( true === $this->object_read && ! empty( $result['from'] ) && $result['from'] !== $result['to'] ) {
			$this->status_transition = array(
				'from'   => ! empty( $this->status_transition['from'] ) ? $this->status_transition['from'] : $result['from'],
				'to'     => $result['to'],
				'note'   => $note,
				'manual' => (bool) $manual_update,
			);
			if ( $manual_update ) {
				do_action( 'woocommerce_order_edit_status', $this->get_id(), $result['to'] );
			}
			$this->maybe_set_date_paid();
			$this->maybe_set_date_completed();
		}
		return $result;
	}

	/**
	 * Sets the status and saves.
	 *
	 * @param string $new_status Status.
	 * @param string $note       Note.
	 * @param bool   $manual     Whether changed by hand.
	 * @return bool
	 */
	public function update_status( $new_status, $note = '', $manual = false ) {
		if ( ! $this->get_id() ) {
			return false;
		}
		try {
			$this->set_status( $new_status, $note, $manual );
			$this->save();
		} catch ( Exception $e ) {
			return false;
		}
		return true;
	}

	/**
	 * Whether the order's status is one of wc_get_is_paid_statuses() (filter `woocommerce_order_is_paid`).
	 *
	 * @return bool
	 */
	public function is_paid() {
		return apply_filters( 'woocommerce_order_is_paid', $this->has_status( wc_get_is_paid_statuses() ), $this );
	}

	/**
	 * Whether the order needs processing before completion (true: the stand-in's products are
	 * virtual but not downloadable).
	 *
	 * @return bool
	 */
	public function needs_processing() {
		return true;
	}

	/**
	 * Marks the order paid: only from pending, on-hold, failed or cancelled; sets the
	 * transaction id and date_paid, moves to processing, saves, then fires
	 * `woocommerce_payment_complete( $order_id, $transaction_id )`.
	 *
	 * @param string $transaction_id Gateway transaction id.
	 * @return bool
	 */
	public function payment_complete( $transaction_id = '' ) {
		if ( ! $this->get_id() ) {
			return false;
		}
		try {
			do_action( 'woocommerce_pre_payment_complete', $this->get_id(), $transaction_id );
			if ( WC()->session ) {
				WC()->session->set( 'order_awaiting_payment', false );
			}
			if ( $this->has_status( apply_filters( 'woocommerce_valid_order_statuses_for_payment_complete', array( 'on-hold', 'pending', 'failed', 'cancelled' ), $this ) ) ) {
				if ( ! empty( $transaction_id ) ) {
					$this->set_transaction_id( $transaction_id );
				}
				if ( ! $this->get_date_paid( 'edit' ) ) {
					$this->set_date_paid( time() );
				}
				$this->set_status( apply_filters( 'woocommerce_payment_complete_order_status', $this->needs_processing() ? 'processing' : 'completed', $this->get_id(), $this ) );
				$this->save();
				do_action( 'woocommerce_payment_complete', $this->get_id(), $transaction_id );
			} else {
				do_action( 'woocommerce_payment_complete_order_status_' . $this->get_status(), $this->get_id(), $transaction_id );
			}
		} catch ( Exception $e ) {
			return false;
		}
		return true;
	}

	/**
	 * Adds a product line item; returns its id.
	 *
	 * @param WC_Product|false $product Product.
	 * @param int              $qty     Quantity.
	 * @param array            $args    Item props overriding the product's.
	 * @return int
	 */
	public function add_product( $product, $qty = 1, $args = array() ) {
		if ( $product ) {
			$line_total   = wc_format_decimal( (float) $product->get_price() * $qty, wc_get_price_decimals() );
			$default_args = array(
				'name'         => $product->get_name(),
				'product_id'   => $product->get_parent_id() ? $product->get_parent_id() : $product->get_id(),
				'variation_id' => $product->get_parent_id() ? $product->get_id() : 0,
				'subtotal'     => $line_total,
				'total'        => $line_total,
				'quantity'     => $qty,
			);
		} else {
			$default_args = array( 'quantity' => $qty );
		}
		$item = new WC_Order_Item_Product( wp_parse_args( $args, $default_args ) );
		$item->set_props( array( 'order_id' => $this->get_id() ) );
		$this->new_items[] = $item;
		if ( $this->get_id() ) {
			// WooCommerce saves the item at once.
			$this->save_items();
		}
		return $item->get_id();
	}

	/**
	 * Adds an item: a line item (WC_Order_Item_Product) or a fee line (WC_Order_Item_Fee); saved
	 * with the order (at once when it has an id).
	 *
	 * @param WC_Order_Item_Product|WC_Order_Item_Fee $item The item.
	 * @return int|false The item id, false for another kind of item.
	 */
	public function add_item( $item ) {
		if ( $item instanceof WC_Order_Item_Product ) {
			$item->set_props( array( 'order_id' => $this->get_id() ) );
			$this->new_items[] = $item;
			if ( $this->get_id() ) {
				$this->save_items();
			}
			return $item->get_id();
		}
		if ( ! $item instanceof WC_Order_Item_Fee ) {
			return false;
		}
		$item->set_props( array( 'order_id' => $this->get_id() ) );
		$this->fees[ -1 - count( $this->fees ) ] = $item;
		if ( $this->get_id() ) {
			$this->save_items();
		}
		return $item->get_id();
	}

	/**
	 * One line item by id (WC_Abstract_Order::get_item), or false. WooCommerce loads a fresh copy
	 * from the database unless `$load_from_db` is false; the stand-in always answers the order's own
	 * item, which is what `false` gives (changes to it are saved with the order).
	 *
	 * @param int  $item_id      Item id.
	 * @param bool $load_from_db Whether WooCommerce would read it again (ignored).
	 * @return WC_Order_Item_Product|false
	 */
	public function get_item( $item_id, $load_from_db = true ) { // phpcs:ignore Generic.CodeAnalysis.UnusedFunctionParameter.FoundAfterLastUsed -- WooCommerce's signature.
		unset( $load_from_db );
		return $this->items[ (int) $item_id ] ?? false;
	}

	/**
	 * Fee lines.
	 *
	 * @return array<int,WC_Order_Item_Fee>
	 */
	public function get_fees() {
		return $this->fees;
	}

	/**
	 * Adds an order note: a comment of type `order_note` on the order's id, as WooCommerce stores them.
	 *
	 * @param string $note             Note text.
	 * @param int    $is_customer_note Whether the customer sees it.
	 * @return int Comment id.
	 */
	public function add_order_note( $note, $is_customer_note = 0 ) {
		return (int) wp_insert_comment(
			array(
				'comment_post_ID'  => $this->get_id(),
				'comment_author'   => 'WooCommerce',
				'comment_content'  => (string) $note,
				'comment_agent'    => 'WooCommerce',
				'comment_type'     => 'order_note',
				'comment_approved' => 1,
				'comment_meta'     => array( 'is_customer_note' => (int) $is_customer_note ),
			)
		);
	}

	/**
	 * Removes every line item (the Store API does this before rebuilding a draft from the cart).
	 *
	 * @param string $type Item type.
	 */
	public function remove_order_items( $type = null ) {
		global $wpdb;
		foreach ( array_keys( $this->items ) as $item_id ) {
			$wpdb->delete( WC_Orders_Table_Data_Store::table( 'woocommerce_order_itemmeta' ), array( 'order_item_id' => $item_id ) );
			$wpdb->delete( WC_Orders_Table_Data_Store::table( 'woocommerce_order_items' ), array( 'order_item_id' => $item_id ) );
		}
		$this->items     = array();
		$this->new_items = array();
	}

	/**
	 * Line items.
	 *
	 * @param string|array $types Item types (`line_item`, `fee`).
	 * @return array<int,WC_Order_Item_Product|WC_Order_Item_Fee>
	 */
	public function get_items( $types = 'line_item' ) {
		$items = in_array( 'line_item', (array) $types, true ) ? $this->items + $this->new_items : array();
		return in_array( 'fee', (array) $types, true ) ? $items + $this->fees : $items;
	}

	/**
	 * Recomputes the total from the line items and fees and saves.
	 *
	 * @param bool $and_taxes Whether to compute taxes too (there are none).
	 * @return string
	 */
	public function calculate_totals( $and_taxes = true ) {
		do_action( 'woocommerce_order_before_calculate_totals', $and_taxes, $this );
		$total = 0.0;
		foreach ( $this->get_items( array( 'line_item', 'fee' ) ) as $item ) {
			$total += (float) $item->get_total();
		}
		$this->set_total( $total );
		do_action( 'woocommerce_order_after_calculate_totals', $and_taxes, $this );
		$this->save();
		return $this->get_total();
	}

	/**
	 * A meta value.
	 *
	 * @param string $key     Meta key; "" for all meta.
	 * @param bool   $single  Whether to return one value.
	 * @param string $context view or edit.
	 * @return mixed The value, "" when missing (single).
	 */
	public function get_meta( $key = '', $single = true, $context = 'view' ) {
		$meta = array_map( static fn ( $entry ) => $entry['value'], $this->meta );
		$meta = array_filter( array_merge( $meta, $this->meta_changes ), static fn ( $value ) => null !== $value );
		if ( '' === $key ) {
			return $meta;
		}
		if ( ! array_key_exists( $key, $meta ) ) {
			return $single ? '' : array();
		}
		return $single ? $meta[ $key ] : array( $meta[ $key ] );
	}

	/**
	 * The saved meta with their row ids, as REST `meta_data` lists them.
	 *
	 * @return array<int,array{id:int,key:string,value:mixed}>
	 */
	public function get_meta_data() {
		$list = array();
		foreach ( $this->meta as $key => $entry ) {
			$list[] = array(
				'id'    => $entry['id'],
				'key'   => (string) $key,
				'value' => $entry['value'],
			);
		}
		return $list;
	}

	/**
	 * Sets a meta value (saved by save()).
	 *
	 * @param string       $key     Meta key.
	 * @param string|array $value   Meta value.
	 * @param int          $meta_id Meta id (unused).
	 */
	public function update_meta_data( $key, $value, $meta_id = 0 ) {
		$this->meta_changes[ $key ] = $value;
	}

	/**
	 * Deletes a meta value (on save()).
	 *
	 * @param string $key Meta key.
	 */
	public function delete_meta_data( $key ) {
		$this->meta_changes[ $key ] = null;
	}

	/**
	 * The customer's payment page: `{checkout}/order-pay/{id}/?pay_for_order=true&key={order_key}`.
	 *
	 * @param bool $on_checkout Whether the link is for the checkout page itself.
	 * @return string
	 */
	public function get_checkout_payment_url( $on_checkout = false ) {
		$pay_url = wc_get_endpoint_url( 'order-pay', $this->get_id(), wc_get_checkout_url() );
		if ( $on_checkout ) {
			$pay_url = add_query_arg( 'key', $this->get_order_key(), $pay_url );
		} else {
			$pay_url = add_query_arg(
				array(
					'pay_for_order' => 'true',
					'key'           => $this->get_order_key(),
				),
				$pay_url
			);
		}
		return apply_filters( 'woocommerce_get_checkout_payment_url', $pay_url, $this );
	}

	/**
	 * Saves the order (creating it when new) in the order tables, then fires the status
	 * transition's hooks.
	 *
	 * @return int Order id.
	 * @throws Exception When WordPress cannot store it.
	 */
	public function save() {
		if ( ! $this->data['status'] ) {
			$this->data['status'] = apply_filters( 'woocommerce_default_order_status', 'pending' );
		}
		$is_new = ! $this->id;
		if ( $is_new ) {
			$this->data['currency']  = $this->data['currency'] ? $this->data['currency'] : get_woocommerce_currency();
			$this->data['order_key'] = $this->data['order_key'] ? $this->data['order_key'] : wc_generate_order_key();
			$this->id                = WC_Orders_Table_Data_Store::reserve_id();
		}
		WC_Orders_Table_Data_Store::write( $this->id, $this->data, $this->meta_changes, $is_new );
		$this->save_items();
		$this->meta_changes = array();
		$this->read( $this->id );
		if ( 'shop_order' === $this->data['type'] ) {
			do_action( $is_new ? 'woocommerce_new_order' : 'woocommerce_update_order', $this->id, $this );
		}
		$this->status_transition();
		return $this->id;
	}

	/**
	 * Deletes the order (or trashes it).
	 *
	 * @param bool $force_delete Whether to delete instead of trashing.
	 * @return bool
	 */
	public function delete( $force_delete = false ) {
		if ( ! $this->id ) {
			return false;
		}
		WC_Orders_Table_Data_Store::delete( $this->id, (bool) $force_delete );
		if ( $force_delete ) {
			$this->id = 0;
		}
		return true;
	}

	/**
	 * Fires the recorded transition's hooks, as WC_Order::status_transition() does.
	 */
	protected function status_transition() {
		$status_transition       = $this->status_transition;
		$this->status_transition = false;
		if ( ! $status_transition ) {
			return;
		}
		do_action( 'woocommerce_order_status_' . $status_transition['to'], $this->get_id(), $this, $status_transition );
		if ( ! empty( $status_transition['from'] ) ) {
			do_action( 'woocommerce_order_status_' . $status_transition['from'] . '_to_' . $status_transition['to'], $this->get_id(), $this );
			do_action( 'woocommerce_order_status_changed', $this->get_id(), $status_transition['from'], $status_transition['to'], $this );
			if ( in_array( $status_transition['from'], apply_filters( 'woocommerce_valid_order_statuses_for_payment', array( 'pending', 'failed' ), $this ), true ) && in_array( $status_transition['to'], wc_get_is_paid_statuses(), true ) ) {
				do_action( 'woocommerce_order_payment_status_changed', $this->get_id(), $this );
			}
		}
	}

	/**
	 * Sets date_completed when the order reaches completed.
	 */
	protected function maybe_set_date_completed() {
		if ( $this->has_status( 'completed' ) ) {
			$this->data['date_completed'] = WC_DateTime::from_timestamp( time() );
		}
	}

	/**
	 * Sets date_paid when the order reaches the paid status without one. The status is the
	 * `woocommerce_payment_complete_order_status` filter's: cash on delivery turns it into
	 * `completed`, so a COD order in processing has no date_paid.
	 */
	protected function maybe_set_date_paid() {
		if ( $this->get_date_paid( 'edit' ) ) {
			return;
		}
		$payment_completed_status = apply_filters( 'woocommerce_payment_complete_order_status', $this->needs_processing() ? 'processing' : 'completed', $this->get_id(), $this );
		if ( $this->has_status( $payment_completed_status ) || ( 'processing' === $payment_completed_status && $this->has_status( 'completed' ) ) ) {
			$this->set_date_paid( time() );
		}
	}

	/**
	 * Reads a stored order (props, meta, items) from the order tables.
	 *
	 * @param int $id Order id.
	 * @throws Exception When it is not an order of this class's type.
	 */
	protected function read( int $id ) {
		$stored = WC_Orders_Table_Data_Store::read( $id );
		if ( null === $stored || $this->data['type'] !== $stored['props']['type'] ) {
			throw new Exception( 'Invalid order.' );
		}
		$this->id    = $id;
		$this->data  = array_merge( $this->data, $stored['props'] );
		$this->meta  = $stored['meta'];
		$this->items = array();
		foreach ( $stored['items'] as $item_id => $props ) {
			$this->items[ $item_id ] = new WC_Order_Item_Product( $props );
		}
		$this->fees = array();
		foreach ( $stored['fees'] as $item_id => $props ) {
			$this->fees[ $item_id ] = new WC_Order_Item_Fee( $props );
		}
	}

	/**
	 * Stores the line items added before the order had an id.
	 */
	protected function save_items() {
		foreach ( $this->new_items as $item ) {
			$item_id                 = WC_Orders_Table_Data_Store::add_item( $this->id, $item->get_data() );
			$this->items[ $item_id ] = $item;
			$item->set_props( array( 'id' => $item_id, 'order_id' => $this->id ) );
		}
		$this->new_items = array();
		// Like WC_Abstract_Order::save_items(): every line item is saved with the order, its meta included.
		foreach ( array_filter( $this->items, static fn ( $item ) => $item->meta_changed() ) as $item_id => $item ) {
			$item->set_meta_ids( WC_Orders_Table_Data_Store::save_item_meta( $item_id, $item->get_meta_data() ) );
		}
		foreach ( $this->fees as $key => $fee ) {
			if ( $key < 0 ) {
				$item_id = WC_Orders_Table_Data_Store::add_fee( $this->id, $fee->get_data(), $fee->get_meta_values() );
				$fee->set_props( array( 'id' => $item_id, 'order_id' => $this->id ) );
				unset( $this->fees[ $key ] );
				$this->fees[ $item_id ] = $fee;
			}
		}
	}
}
