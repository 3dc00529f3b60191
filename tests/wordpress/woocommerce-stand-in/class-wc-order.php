<?php
/**
 * WooCommerce stand-in: WC_Order (includes/class-wc-order.php, abstract-wc-order.php,
 * abstract-wc-data.php), stored like WooCommerce's posts storage: a `shop_order` post
 * (status `wc-<status>`, post_modified_gmt = date_modified) with its props and meta in postmeta.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * An order: props, line items, meta, status transitions with WooCommerce's hooks.
 */
class WC_Order {

	/** Postmeta key of the line items (WooCommerce keeps them in its own tables). */
	private const ITEMS_META = '_svc_stand_in_items';

	/** @var int */
	protected $id = 0;

	/** @var array Props. */
	protected $data = array(
		'status'         => '',
		'currency'       => '',
		'total'          => '0',
		'order_key'      => '',
		'created_via'    => '',
		'customer_id'    => 0,
		'customer_note'  => '',
		'transaction_id' => '',
		'date_created'   => null,
		'date_modified'  => null,
		'date_paid'      => null,
	);

	/** @var array<int,WC_Order_Item_Product> Line items by item id. */
	protected $items = array();

	/** @var array<string,mixed> Custom meta as saved. */
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

	/** @return int */
	public function get_id() {
		return $this->id;
	}

	/**
	 * @param string $context view or edit.
	 * @return string Status without `wc-`.
	 */
	public function get_status( $context = 'view' ) {
		return $this->data['status'];
	}

	/**
	 * @param string|array $status Status(es) without `wc-`.
	 * @return bool
	 */
	public function has_status( $status ) {
		return is_array( $status ) ? in_array( $this->get_status(), $status, true ) : $this->get_status() === $status;
	}

	/** @return string */
	public function get_currency( $context = 'view' ) {
		return $this->data['currency'];
	}

	/** @return string Decimal string. */
	public function get_total( $context = 'view' ) {
		return $this->data['total'];
	}

	/** @return string */
	public function get_order_key( $context = 'view' ) {
		return $this->data['order_key'];
	}

	/** @return string */
	public function get_created_via( $context = 'view' ) {
		return $this->data['created_via'];
	}

	/** @return string */
	public function get_transaction_id( $context = 'view' ) {
		return $this->data['transaction_id'];
	}

	/** @return WC_DateTime|null */
	public function get_date_created( $context = 'view' ) {
		return $this->data['date_created'];
	}

	/** @return WC_DateTime|null */
	public function get_date_modified( $context = 'view' ) {
		return $this->data['date_modified'];
	}

	/** @return WC_DateTime|null */
	public function get_date_paid( $context = 'view' ) {
		return $this->data['date_paid'];
	}

	/** @param string $value Currency code. */
	public function set_currency( $value ) {
		$this->data['currency'] = strtoupper( (string) $value );
	}

	/** @param string $value Total. */
	public function set_total( $value ) {
		$this->data['total'] = wc_format_decimal( $value, wc_get_price_decimals() );
	}

	/** @param string $value How the order was created. */
	public function set_created_via( $value ) {
		$this->data['created_via'] = (string) $value;
	}

	/** @param int $value Customer id. */
	public function set_customer_id( $value ) {
		$this->data['customer_id'] = absint( $value );
	}

	/** @param string $value Customer note. */
	public function set_customer_note( $value ) {
		$this->data['customer_note'] = (string) $value;
	}

	/** @param string $value Transaction id. */
	public function set_transaction_id( $value ) {
		$this->data['transaction_id'] = (string) $value;
	}

	/** @param int|string|WC_DateTime|null $date Unix timestamp, date string or WC_DateTime. */
	public function set_date_paid( $date = null ) {
		if ( null === $date || '' === $date ) {
			$this->data['date_paid'] = null;
		} elseif ( $date instanceof WC_DateTime ) {
			$this->data['date_paid'] = $date;
		} else {
			$this->data['date_paid'] = WC_DateTime::from_timestamp( is_numeric( $date ) ? (int) $date : (int) strtotime( $date ) );
		}
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
		$args       = wp_parse_args( $args, $default_args );
		$item_id    = ( $this->items ? max( array_keys( $this->items ) ) : 0 ) + 1;
		$args['id'] = $item_id;
		$item       = new WC_Order_Item_Product( $args );
		$item->set_props( array( 'order_id' => $this->get_id() ) );
		$this->items[ $item_id ] = $item;
		if ( $this->get_id() ) {
			// WooCommerce saves the item at once.
			$this->save_items();
		}
		return $item_id;
	}

	/**
	 * Line items.
	 *
	 * @param string|array $types Item types (only `line_item` exists here).
	 * @return array<int,WC_Order_Item_Product>
	 */
	public function get_items( $types = 'line_item' ) {
		return in_array( 'line_item', (array) $types, true ) ? $this->items : array();
	}

	/**
	 * Recomputes the total from the line items and saves.
	 *
	 * @param bool $and_taxes Whether to compute taxes too (there are none).
	 * @return string
	 */
	public function calculate_totals( $and_taxes = true ) {
		do_action( 'woocommerce_order_before_calculate_totals', $and_taxes, $this );
		$total = 0.0;
		foreach ( $this->items as $item ) {
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
		$meta = array_filter( array_merge( $this->meta, $this->meta_changes ), static fn ( $value ) => null !== $value );
		if ( '' === $key ) {
			return $meta;
		}
		if ( ! array_key_exists( $key, $meta ) ) {
			return $single ? '' : array();
		}
		return $single ? $meta[ $key ] : array( $meta[ $key ] );
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
	 * Saves the order (creating it when new), then fires the status transition's hooks.
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
			$id                      = wp_insert_post(
				array(
					'post_type'      => 'shop_order',
					'post_status'    => 'wc-' . $this->data['status'],
					'post_title'     => 'Order',
					'ping_status'    => 'closed',
					'comment_status' => 'closed',
				),
				true
			);
			if ( is_wp_error( $id ) ) {
				throw new Exception( $id->get_error_message() );
			}
			$this->id = (int) $id;
			foreach ( $this->items as $item ) {
				$item->set_props( array( 'order_id' => $this->id ) );
			}
		} else {
			wp_update_post(
				array(
					'ID'          => $this->id,
					'post_status' => 'wc-' . $this->data['status'],
				)
			);
		}
		update_post_meta( $this->id, '_order_key', $this->data['order_key'] );
		update_post_meta( $this->id, '_order_currency', $this->data['currency'] );
		update_post_meta( $this->id, '_order_total', $this->data['total'] );
		update_post_meta( $this->id, '_created_via', $this->data['created_via'] );
		update_post_meta( $this->id, '_customer_user', $this->data['customer_id'] );
		update_post_meta( $this->id, '_transaction_id', $this->data['transaction_id'] );
		update_post_meta( $this->id, '_date_paid', $this->data['date_paid'] ? $this->data['date_paid']->getTimestamp() : '' );
		$this->save_items();
		foreach ( $this->meta_changes as $key => $value ) {
			if ( null === $value ) {
				delete_post_meta( $this->id, $key );
				unset( $this->meta[ $key ] );
			} else {
				update_post_meta( $this->id, $key, wp_slash( $value ) );
				$this->meta[ $key ] = $value;
			}
		}
		$this->meta_changes = array();
		$this->read_dates();
		do_action( $is_new ? 'woocommerce_new_order' : 'woocommerce_update_order', $this->id, $this );
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
		$done = $force_delete ? wp_delete_post( $this->id, true ) : wp_trash_post( $this->id );
		if ( $force_delete ) {
			$this->id = 0;
		}
		return (bool) $done;
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
	 * Sets date_paid when the order reaches the paid status without one.
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
	 * Reads a stored order.
	 *
	 * @param int $id Order id.
	 * @throws Exception When it is not an order.
	 */
	protected function read( int $id ) {
		$post = get_post( $id );
		if ( ! $post || 'shop_order' !== $post->post_type ) {
			throw new Exception( 'Invalid order.' );
		}
		$this->id   = $id;
		$meta       = get_post_meta( $id );
		$value      = static fn ( string $key ) => isset( $meta[ $key ][0] ) ? maybe_unserialize( $meta[ $key ][0] ) : '';
		$this->data = array_merge(
			$this->data,
			array(
				'status'         => 'wc-' === substr( $post->post_status, 0, 3 ) ? substr( $post->post_status, 3 ) : $post->post_status,
				'currency'       => (string) $value( '_order_currency' ),
				'total'          => (string) $value( '_order_total' ),
				'order_key'      => (string) $value( '_order_key' ),
				'created_via'    => (string) $value( '_created_via' ),
				'customer_id'    => (int) $value( '_customer_user' ),
				'transaction_id' => (string) $value( '_transaction_id' ),
				'date_paid'      => is_numeric( $value( '_date_paid' ) ) ? WC_DateTime::from_timestamp( (int) $value( '_date_paid' ) ) : null,
			)
		);
		foreach ( (array) $value( self::ITEMS_META ) as $props ) {
			$item                           = new WC_Order_Item_Product( $props );
			$this->items[ $item->get_id() ] = $item;
		}
		// Like WooCommerce, meta holds underscore keys too (e.g. `_subscription_renewal`), but not the props' own rows.
		$props = array( '_order_key', '_order_currency', '_order_total', '_created_via', '_customer_user', '_transaction_id', '_date_paid', self::ITEMS_META, '_edit_lock', '_edit_last' );
		foreach ( $meta as $key => $values ) {
			if ( ! in_array( $key, $props, true ) ) {
				$this->meta[ $key ] = maybe_unserialize( $values[0] );
			}
		}
		$this->read_dates( $post );
	}

	/**
	 * Reads date_created and date_modified from the post.
	 *
	 * @param WP_Post|null $post The post (read again when null).
	 */
	protected function read_dates( $post = null ) {
		if ( null === $post ) {
			clean_post_cache( $this->id );
			$post = get_post( $this->id );
		}
		if ( $post ) {
			$this->data['date_created']  = WC_DateTime::from_timestamp( (int) strtotime( $post->post_date_gmt . ' UTC' ) );
			$this->data['date_modified'] = WC_DateTime::from_timestamp( (int) strtotime( $post->post_modified_gmt . ' UTC' ) );
		}
	}

	/**
	 * Stores the line items.
	 */
	protected function save_items() {
		update_post_meta( $this->id, self::ITEMS_META, array_values( array_map( static fn ( $item ) => $item->get_data(), $this->items ) ) );
	}
}
