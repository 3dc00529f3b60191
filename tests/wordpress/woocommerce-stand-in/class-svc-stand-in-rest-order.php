<?php
/**
 * WooCommerce stand-in: an order as the REST API v3 shows it (wc/v3/orders/{id}, the payload
 * of `order.*` webhooks).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Fills `rest-order.json` — the one description of the payload's shape, also read by
 * tests/support/woo-webhook.ts — from a WC_Order: field order and types as WooCommerce
 * 10.0.2 sends them (money as decimal strings, `line_items[].price` a number, every meta
 * including underscore keys such as `_shipping_hash` in `meta_data`).
 */
final class Svc_Stand_In_Rest_Order {

	/**
	 * The shape (order and line item templates).
	 *
	 * @return array{order: array, line_item: array}
	 */
	public static function template(): array {
		static $template = null;
		if ( null === $template ) {
			$template = json_decode( (string) file_get_contents( __DIR__ . '/rest-order.json' ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		}
		return $template;
	}

	/**
	 * The REST v3 order object.
	 *
	 * @param WC_Order $order Order.
	 * @return array
	 */
	public static function of( WC_Order $order ): array {
		$template = self::template();
		$local    = static fn ( $date ) => $date ? get_date_from_gmt( gmdate( 'Y-m-d H:i:s', $date->getTimestamp() ), 'Y-m-d\TH:i:s' ) : null;
		$gmt      = static fn ( $date ) => $date ? gmdate( 'Y-m-d\TH:i:s', $date->getTimestamp() ) : null;
		$refunds  = array();
		foreach ( $order->get_refunds() as $refund ) {
			$refunds[] = array(
				'id'     => $refund->get_id(),
				'reason' => $refund->get_reason(),
				'total'  => wc_format_decimal( -1 * (float) $refund->get_amount(), wc_get_price_decimals() ),
			);
		}
		$self              = rest_url( 'wc/v3/orders/' . $order->get_id() );
		$data              = $template['order'];
		$data              = array_merge(
			$data,
			array(
				'id'                   => $order->get_id(),
				'parent_id'            => $order->get_parent_id(),
				'status'               => $order->get_status(),
				'currency'             => $order->get_currency(),
				'version'              => WC()->version,
				'date_created'         => $local( $order->get_date_created() ),
				'date_modified'        => $local( $order->get_date_modified() ),
				'total'                => $order->get_total(),
				'customer_id'          => $order->get_customer_id(),
				'order_key'            => $order->get_order_key(),
				'billing'              => array_merge(
					$data['billing'],
					array(
						'first_name' => $order->get_billing_first_name(),
						'last_name'  => $order->get_billing_last_name(),
						'email'      => $order->get_billing_email(),
					)
				),
				'payment_method'       => $order->get_payment_method(),
				'payment_method_title' => $order->get_payment_method_title(),
				'transaction_id'       => $order->get_transaction_id(),
				'created_via'          => $order->get_created_via(),
				'customer_note'        => $order->get_customer_note(),
				'date_completed'       => $local( $order->get_date_completed() ),
				'date_paid'            => $local( $order->get_date_paid() ),
				'cart_hash'            => $order->get_cart_hash(),
				'number'               => (string) $order->get_id(),
				'meta_data'            => $order->get_meta_data(),
				'line_items'           => self::line_items( $order ),
				'refunds'              => $refunds,
				'payment_url'          => $order->get_checkout_payment_url(),
				'is_editable'          => $order->has_status( array( 'pending', 'on-hold', 'auto-draft', 'checkout-draft' ) ),
				'needs_payment'        => $order->needs_payment(),
				'needs_processing'     => $order->needs_processing(),
				'date_created_gmt'     => $gmt( $order->get_date_created() ),
				'date_modified_gmt'    => $gmt( $order->get_date_modified() ),
				'date_completed_gmt'   => $gmt( $order->get_date_completed() ),
				'date_paid_gmt'        => $gmt( $order->get_date_paid() ),
				'_links'               => array(
					'self'       => array( array( 'href' => $self ) ),
					'collection' => array( array( 'href' => rest_url( 'wc/v3/orders' ) ) ),
				),
			)
		);
		return $data;
	}

	/**
	 * The line items.
	 *
	 * @param WC_Order $order Order.
	 * @return array
	 */
	private static function line_items( WC_Order $order ): array {
		$items = array();
		foreach ( $order->get_items() as $item ) {
			$items[] = array_merge(
				self::template()['line_item'],
				array(
					'id'           => $item->get_id(),
					'name'         => $item->get_name(),
					'product_id'   => $item->get_product_id(),
					'variation_id' => $item->get_variation_id(),
					'quantity'     => $item->get_quantity(),
					'subtotal'     => $item->get_subtotal(),
					'total'        => $item->get_total(),
					'total_tax'    => wc_format_decimal( $item->get_total_tax(), wc_get_price_decimals() ),
					'meta_data'    => self::item_meta( $item ),
					'price'        => (float) $item->get_total() / max( 1, $item->get_quantity() ),
				)
			);
		}
		return $items;
	}

	/**
	 * A line item's `meta_data` as REST v3 writes it (WC_REST_Orders_V2_Controller::
	 * merge_meta_item_with_formatted_meta_display_attributes): id, key, value, and the
	 * `display_key` / `display_value` of `get_all_formatted_meta_data( null )` through `wc_clean`.
	 *
	 * @param WC_Order_Item_Product $item Line item.
	 * @return array
	 */
	private static function item_meta( $item ): array {
		$formatted = $item->get_all_formatted_meta_data( null );
		$meta      = array();
		foreach ( $item->get_meta_data() as $entry ) {
			$shown  = $formatted[ $entry->id ] ?? null;
			$meta[] = array(
				'id'            => $entry->id,
				'key'           => $entry->key,
				'value'         => $entry->value,
				'display_key'   => $shown ? sanitize_text_field( $shown->display_key ) : $entry->key,
				'display_value' => $shown ? sanitize_text_field( $shown->display_value ) : $entry->value,
			);
		}
		return $meta;
	}
}
