<?php
/**
 * WooCommerce stand-in: the custom order tables (HPOS), as WooCommerce 8.2+ stores orders
 * (src/Internal/DataStores/Orders/OrdersTableDataStore.php): `wc_orders`,
 * `wc_order_operational_data`, `wc_orders_meta`, line items in `woocommerce_order_items` /
 * `woocommerce_order_itemmeta`, and a placeholder post of type `shop_order_placehold` that
 * reserves the id. Nothing of an order is in posts/postmeta: only WC_Order reaches it.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Reads and writes orders (and refunds) in the custom order tables.
 */
final class WC_Orders_Table_Data_Store {

	/** Schema version kept in an option; the tables are (re)created when it differs. */
	private const VERSION = '2';

	/** Option holding the schema version. */
	private const VERSION_OPTION = 'svc_stand_in_order_tables';

	/** Item props kept as item meta (WooCommerce's `_product_id`, `_qty`, …). */
	private const ITEM_META = array(
		'product_id'   => '_product_id',
		'variation_id' => '_variation_id',
		'quantity'     => '_qty',
		'subtotal'     => '_line_subtotal',
		'total'        => '_line_total',
	);

	/**
	 * A table's full name.
	 *
	 * @param string $name Name without the prefix.
	 * @return string
	 */
	public static function table( string $name ): string {
		global $wpdb;
		return $wpdb->prefix . $name;
	}

	/**
	 * Creates the tables once (WooCommerce does it on activation).
	 */
	public static function install(): void {
		if ( self::VERSION === get_option( self::VERSION_OPTION ) ) {
			return;
		}
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$collate = $wpdb->get_charset_collate();
		dbDelta(
			'CREATE TABLE ' . self::table( 'wc_orders' ) . " (
id bigint(20) unsigned NOT NULL,
status varchar(20) NULL,
currency varchar(10) NULL,
type varchar(20) NULL,
total_amount decimal(26,8) NULL,
customer_id bigint(20) unsigned NULL,
billing_email varchar(320) NULL,
date_created_gmt datetime NULL,
date_updated_gmt datetime NULL,
parent_order_id bigint(20) unsigned NULL,
payment_method varchar(100) NULL,
payment_method_title text NULL,
transaction_id varchar(100) NULL,
customer_note text NULL,
PRIMARY KEY  (id),
KEY status (status)
) $collate;
CREATE TABLE " . self::table( 'wc_order_operational_data' ) . " (
id bigint(20) unsigned NOT NULL auto_increment,
order_id bigint(20) unsigned NULL,
created_via varchar(100) NULL,
order_key varchar(100) NULL,
cart_hash varchar(100) NULL,
date_paid_gmt datetime NULL,
date_completed_gmt datetime NULL,
PRIMARY KEY  (id),
UNIQUE KEY order_id (order_id)
) $collate;
CREATE TABLE " . self::table( 'wc_order_addresses' ) . " (
id bigint(20) unsigned NOT NULL auto_increment,
order_id bigint(20) unsigned NOT NULL,
address_type varchar(20) NULL,
first_name text NULL,
last_name text NULL,
email varchar(320) NULL,
PRIMARY KEY  (id),
UNIQUE KEY address_type_order_id (address_type,order_id)
) $collate;
CREATE TABLE " . self::table( 'wc_orders_meta' ) . " (
id bigint(20) unsigned NOT NULL auto_increment,
order_id bigint(20) unsigned NULL,
meta_key varchar(255) NULL,
meta_value text NULL,
PRIMARY KEY  (id),
KEY order_id (order_id)
) $collate;
CREATE TABLE " . self::table( 'woocommerce_order_items' ) . " (
order_item_id bigint(20) unsigned NOT NULL auto_increment,
order_item_name text NOT NULL,
order_item_type varchar(200) NOT NULL default '',
order_id bigint(20) unsigned NOT NULL,
PRIMARY KEY  (order_item_id),
KEY order_id (order_id)
) $collate;
CREATE TABLE " . self::table( 'woocommerce_order_itemmeta' ) . " (
meta_id bigint(20) unsigned NOT NULL auto_increment,
order_item_id bigint(20) unsigned NOT NULL,
meta_key varchar(255) NULL,
meta_value longtext NULL,
PRIMARY KEY  (meta_id),
KEY order_item_id (order_item_id)
) $collate;"
		);
		update_option( self::VERSION_OPTION, self::VERSION, true );
	}

	/**
	 * Reserves an id with a placeholder post, as HPOS does.
	 *
	 * @return int
	 * @throws Exception When WordPress cannot store the placeholder.
	 */
	public static function reserve_id(): int {
		$id = wp_insert_post(
			array(
				'post_type'      => 'shop_order_placehold',
				'post_status'    => 'draft',
				'ping_status'    => 'closed',
				'comment_status' => 'closed',
			),
			true
		);
		if ( is_wp_error( $id ) ) {
			throw new Exception( $id->get_error_message() );
		}
		return (int) $id;
	}

	/**
	 * Writes an order's row, operational data and changed meta.
	 *
	 * @param int   $id    Order id.
	 * @param array $props Props (status, currency, type, total, customer_id, …).
	 * @param array $meta  Meta changes (null = delete).
	 * @param bool  $is_new Whether the rows are new.
	 */
	public static function write( int $id, array $props, array $meta, bool $is_new ): void {
		global $wpdb;
		$date = static fn ( $value ) => $value ? gmdate( 'Y-m-d H:i:s', $value->getTimestamp() ) : null;
		$row  = array(
			'status'               => 'wc-' . $props['status'],
			'currency'             => $props['currency'],
			'type'                 => $props['type'],
			'total_amount'         => $props['total'],
			'customer_id'          => $props['customer_id'],
			'billing_email'        => $props['billing_email'],
			'date_updated_gmt'     => gmdate( 'Y-m-d H:i:s' ),
			'parent_order_id'      => $props['parent_id'],
			'payment_method'       => $props['payment_method'],
			'payment_method_title' => $props['payment_method_title'],
			'transaction_id'       => $props['transaction_id'],
			'customer_note'        => $props['customer_note'],
		);
		$operational = array(
			'created_via'        => $props['created_via'],
			'order_key'          => $props['order_key'],
			'cart_hash'          => $props['cart_hash'],
			'date_paid_gmt'      => $date( $props['date_paid'] ),
			'date_completed_gmt' => $date( $props['date_completed'] ),
		);
		// HPOS keeps the billing name in wc_order_addresses (the email in both tables).
		$wpdb->replace(
			self::table( 'wc_order_addresses' ),
			array(
				'order_id'     => $id,
				'address_type' => 'billing',
				'first_name'   => $props['billing_first_name'] ?? '',
				'last_name'    => $props['billing_last_name'] ?? '',
				'email'        => $props['billing_email'],
			)
		);
		if ( $is_new ) {
			$wpdb->insert( self::table( 'wc_orders' ), array_merge( $row, array( 'id' => $id, 'date_created_gmt' => $row['date_updated_gmt'] ) ) );
			$wpdb->insert( self::table( 'wc_order_operational_data' ), array_merge( $operational, array( 'order_id' => $id ) ) );
		} else {
			$wpdb->update( self::table( 'wc_orders' ), $row, array( 'id' => $id ) );
			$wpdb->update( self::table( 'wc_order_operational_data' ), $operational, array( 'order_id' => $id ) );
		}
		foreach ( $meta as $key => $value ) {
			$wpdb->delete( self::table( 'wc_orders_meta' ), array( 'order_id' => $id, 'meta_key' => $key ) ); // phpcs:ignore WordPress.DB.SlowDBQuery
			if ( null !== $value ) {
				$wpdb->insert( self::table( 'wc_orders_meta' ), array( 'order_id' => $id, 'meta_key' => $key, 'meta_value' => maybe_serialize( $value ) ) ); // phpcs:ignore WordPress.DB.SlowDBQuery
			}
		}
	}

	/**
	 * An order's stored row: props, meta (with ids) and item rows; null when no such order.
	 *
	 * @param int $id Order id.
	 * @return array{props: array, meta: array, items: array}|null
	 */
	public static function read( int $id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT o.*, d.created_via, d.order_key, d.cart_hash, d.date_paid_gmt, d.date_completed_gmt, a.first_name AS billing_first_name, a.last_name AS billing_last_name FROM ' . self::table( 'wc_orders' ) . ' o LEFT JOIN ' . self::table( 'wc_order_operational_data' ) . ' d ON d.order_id = o.id LEFT JOIN ' . self::table( 'wc_order_addresses' ) . " a ON a.order_id = o.id AND a.address_type = 'billing' WHERE o.id = %d", $id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		if ( ! $row || 'trash' === $row['status'] ) {
			return null;
		}
		$date  = static fn ( $value ) => $value ? WC_DateTime::from_timestamp( (int) strtotime( $value . ' UTC' ) ) : null;
		$props = array(
			'status'               => 'wc-' === substr( (string) $row['status'], 0, 3 ) ? substr( $row['status'], 3 ) : (string) $row['status'],
			'type'                 => (string) $row['type'],
			'currency'             => (string) $row['currency'],
			'total'                => wc_format_decimal( $row['total_amount'], wc_get_price_decimals() ),
			'customer_id'          => (int) $row['customer_id'],
			'billing_email'        => (string) $row['billing_email'],
			'billing_first_name'   => (string) $row['billing_first_name'],
			'billing_last_name'    => (string) $row['billing_last_name'],
			'parent_id'            => (int) $row['parent_order_id'],
			'payment_method'       => (string) $row['payment_method'],
			'payment_method_title' => (string) $row['payment_method_title'],
			'transaction_id'       => (string) $row['transaction_id'],
			'customer_note'        => (string) $row['customer_note'],
			'created_via'          => (string) $row['created_via'],
			'order_key'            => (string) $row['order_key'],
			'cart_hash'            => (string) $row['cart_hash'],
			'date_created'         => $date( $row['date_created_gmt'] ),
			'date_modified'        => $date( $row['date_updated_gmt'] ),
			'date_paid'            => $date( $row['date_paid_gmt'] ),
			'date_completed'       => $date( $row['date_completed_gmt'] ),
		);
		$meta = array();
		foreach ( $wpdb->get_results( $wpdb->prepare( 'SELECT id, meta_key, meta_value FROM ' . self::table( 'wc_orders_meta' ) . ' WHERE order_id = %d ORDER BY id', $id ), ARRAY_A ) as $meta_row ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
			$meta[ $meta_row['meta_key'] ] = array(
				'id'    => (int) $meta_row['id'],
				'value' => maybe_unserialize( $meta_row['meta_value'] ),
			);
		}
		return array(
			'props' => $props,
			'meta'  => $meta,
			'items' => self::read_items( $id ),
			'fees'  => self::read_fees( $id ),
		);
	}

	/**
	 * Ids of an order's children of a type (refunds), newest first.
	 *
	 * @param int    $parent_id Parent order id.
	 * @param string $type      Order type.
	 * @return int[]
	 */
	public static function children( int $parent_id, string $type ): array {
		global $wpdb;
		return array_map( 'intval', $wpdb->get_col( $wpdb->prepare( 'SELECT id FROM ' . self::table( 'wc_orders' ) . ' WHERE parent_order_id = %d AND type = %s ORDER BY id DESC', $parent_id, $type ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
	}

	/**
	 * Adds a line item; returns its id.
	 *
	 * @param int   $order_id Order id.
	 * @param array $props    Item props.
	 * @return int
	 */
	public static function add_item( int $order_id, array $props ): int {
		global $wpdb;
		$wpdb->insert(
			self::table( 'woocommerce_order_items' ),
			array(
				'order_item_name' => (string) $props['name'],
				'order_item_type' => 'line_item',
				'order_id'        => $order_id,
			)
		);
		$item_id = (int) $wpdb->insert_id;
		foreach ( self::ITEM_META as $prop => $key ) {
			$wpdb->insert( self::table( 'woocommerce_order_itemmeta' ), array( 'order_item_id' => $item_id, 'meta_key' => $key, 'meta_value' => (string) $props[ $prop ] ) ); // phpcs:ignore WordPress.DB.SlowDBQuery
		}
		return $item_id;
	}

	/**
	 * Replaces a line item's own meta (not its props); returns the new meta ids in order.
	 *
	 * @param int      $item_id Item id.
	 * @param object[] $meta    Entries (key, value).
	 * @return int[]
	 */
	public static function save_item_meta( int $item_id, array $meta ): array {
		global $wpdb;
		$props = "'" . implode( "','", array_map( 'esc_sql', self::ITEM_META ) ) . "'";
		$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . self::table( 'woocommerce_order_itemmeta' ) . " WHERE order_item_id = %d AND meta_key NOT IN ($props)", $item_id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQL.InterpolatedNotPrepared
		$ids = array();
		foreach ( $meta as $entry ) {
			$wpdb->insert( self::table( 'woocommerce_order_itemmeta' ), array( 'order_item_id' => $item_id, 'meta_key' => (string) $entry->key, 'meta_value' => maybe_serialize( $entry->value ) ) ); // phpcs:ignore WordPress.DB.SlowDBQuery
			$ids[] = (int) $wpdb->insert_id;
		}
		return $ids;
	}

	/**
	 * Adds a fee line (`order_item_type` fee, meta `_fee_amount`, `_line_total`, `_tax_status`
	 * and the item's own meta); returns its id.
	 *
	 * @param int   $order_id Order id.
	 * @param array $props    Fee props (name, amount, total, tax_status).
	 * @param array $meta     Item meta.
	 * @return int
	 */
	public static function add_fee( int $order_id, array $props, array $meta ): int {
		global $wpdb;
		$wpdb->insert(
			self::table( 'woocommerce_order_items' ),
			array(
				'order_item_name' => (string) $props['name'],
				'order_item_type' => 'fee',
				'order_id'        => $order_id,
			)
		);
		$item_id = (int) $wpdb->insert_id;
		$rows    = array_merge(
			array(
				'_fee_amount' => $props['amount'],
				'_line_total' => $props['total'],
				'_tax_status' => $props['tax_status'],
				'_tax_class'  => $props['tax_class'],
			),
			$meta
		);
		foreach ( $rows as $key => $value ) {
			$wpdb->insert( self::table( 'woocommerce_order_itemmeta' ), array( 'order_item_id' => $item_id, 'meta_key' => $key, 'meta_value' => (string) $value ) ); // phpcs:ignore WordPress.DB.SlowDBQuery
		}
		return $item_id;
	}

	/**
	 * An order's fee lines (props and `meta`) by item id.
	 *
	 * @param int $order_id Order id.
	 * @return array<int,array>
	 */
	private static function read_fees( int $order_id ): array {
		global $wpdb;
		$props = array(
			'_fee_amount' => 'amount',
			'_line_total' => 'total',
			'_tax_status' => 'tax_status',
			'_tax_class'  => 'tax_class',
		);
		$fees  = array();
		$rows  = $wpdb->get_results( $wpdb->prepare( 'SELECT i.order_item_id, i.order_item_name, m.meta_key, m.meta_value FROM ' . self::table( 'woocommerce_order_items' ) . ' i LEFT JOIN ' . self::table( 'woocommerce_order_itemmeta' ) . " m ON m.order_item_id = i.order_item_id WHERE i.order_id = %d AND i.order_item_type = 'fee' ORDER BY i.order_item_id, m.meta_id", $order_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		foreach ( $rows as $row ) {
			$item_id = (int) $row['order_item_id'];
			if ( ! isset( $fees[ $item_id ] ) ) {
				$fees[ $item_id ] = array(
					'id'       => $item_id,
					'order_id' => $order_id,
					'name'     => $row['order_item_name'],
					'meta'     => array(),
				);
			}
			if ( isset( $props[ $row['meta_key'] ] ) ) {
				$fees[ $item_id ][ $props[ $row['meta_key'] ] ] = $row['meta_value'];
			} elseif ( null !== $row['meta_key'] ) {
				$fees[ $item_id ]['meta'][ $row['meta_key'] ] = $row['meta_value'];
			}
		}
		return $fees;
	}

	/**
	 * Marks an order deleted (trash) or removes it with its meta and items.
	 *
	 * @param int  $id           Order id.
	 * @param bool $force_delete Whether to remove it.
	 */
	public static function delete( int $id, bool $force_delete ): void {
		global $wpdb;
		if ( ! $force_delete ) {
			$wpdb->update( self::table( 'wc_orders' ), array( 'status' => 'trash' ), array( 'id' => $id ) );
			return;
		}
		$items = $wpdb->get_col( $wpdb->prepare( 'SELECT order_item_id FROM ' . self::table( 'woocommerce_order_items' ) . ' WHERE order_id = %d', $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		foreach ( $items as $item_id ) {
			$wpdb->delete( self::table( 'woocommerce_order_itemmeta' ), array( 'order_item_id' => (int) $item_id ) );
		}
		$wpdb->delete( self::table( 'woocommerce_order_items' ), array( 'order_id' => $id ) );
		$wpdb->delete( self::table( 'wc_orders_meta' ), array( 'order_id' => $id ) );
		$wpdb->delete( self::table( 'wc_order_addresses' ), array( 'order_id' => $id ) );
		$wpdb->delete( self::table( 'wc_order_operational_data' ), array( 'order_id' => $id ) );
		$wpdb->delete( self::table( 'wc_orders' ), array( 'id' => $id ) );
		wp_delete_post( $id, true );
	}

	/**
	 * An order's line item props by item id.
	 *
	 * @param int $order_id Order id.
	 * @return array<int,array>
	 */
	private static function read_items( int $order_id ): array {
		global $wpdb;
		$items = array();
		$rows  = $wpdb->get_results( $wpdb->prepare( 'SELECT i.order_item_id, i.order_item_name, m.meta_id, m.meta_key, m.meta_value FROM ' . self::table( 'woocommerce_order_items' ) . ' i LEFT JOIN ' . self::table( 'woocommerce_order_itemmeta' ) . " m ON m.order_item_id = i.order_item_id WHERE i.order_id = %d AND i.order_item_type = 'line_item' ORDER BY i.order_item_id, m.meta_id", $order_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$props = array_flip( self::ITEM_META );
		foreach ( $rows as $row ) {
			$item_id = (int) $row['order_item_id'];
			if ( ! isset( $items[ $item_id ] ) ) {
				$items[ $item_id ] = array(
					'id'       => $item_id,
					'order_id' => $order_id,
					'name'     => $row['order_item_name'],
					'meta'     => array(),
				);
			}
			if ( isset( $props[ $row['meta_key'] ] ) ) {
				$items[ $item_id ][ $props[ $row['meta_key'] ] ] = $row['meta_value'];
			} elseif ( null !== $row['meta_key'] ) {
				$items[ $item_id ]['meta'][] = array( 'id' => (int) $row['meta_id'], 'key' => $row['meta_key'], 'value' => maybe_unserialize( $row['meta_value'] ) );
			}
		}
		return $items;
	}
}
