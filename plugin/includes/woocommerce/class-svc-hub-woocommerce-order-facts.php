<?php
/**
 * The hub's meta on WooCommerce orders, and an order's facts as the worker reads them.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Meta keys `svc_hub_order_id` and `svc_site_url` (no leading underscore, so they also show
 * in WooCommerce's REST and webhook `meta_data`), their validation, and the subset of the
 * REST v3 order object that worker/src/commerce/woo-order.ts reads.
 */
final class Svc_Hub_Woocommerce_Order_Facts {

	/** Meta key: the hub order the WooCommerce order pays for. */
	public const META_HUB_ORDER_ID = 'svc_hub_order_id';

	/** Meta key: the client site the hub order is for. */
	public const META_SITE_URL = 'svc_site_url';

	/** `ord_` + a ULID (26 characters of Crockford's base32). */
	private const HUB_ORDER_ID_PATTERN = '/^ord_[0-9A-HJKMNP-TV-Z]{26}\z/';

	/** Longest site URL accepted. */
	private const SITE_URL_MAX = 2048;

	/**
	 * A valid hub order id, or null.
	 *
	 * @param mixed $value Candidate.
	 * @return string|null
	 */
	public static function hub_order_id( $value ): ?string {
		return is_string( $value ) && 1 === preg_match( self::HUB_ORDER_ID_PATTERN, $value ) ? $value : null;
	}

	/**
	 * A valid absolute http(s) URL with a host, or null. Kept as given: the worker compares
	 * it with the order's normalised site.
	 *
	 * @param mixed $value Candidate.
	 * @return string|null
	 */
	public static function site_url( $value ): ?string {
		if ( ! is_string( $value ) || '' === $value || strlen( $value ) > self::SITE_URL_MAX || 1 === preg_match( '/[\s\x00-\x1f\x7f]/', $value ) ) {
			return null;
		}
		$parts = wp_parse_url( $value );
		if ( ! is_array( $parts ) || empty( $parts['host'] ) || ! in_array( strtolower( $parts['scheme'] ?? '' ), array( 'http', 'https' ), true ) ) {
			return null;
		}
		return $value;
	}

	/**
	 * The hub order id an order carries, or null when it carries none (not the hub's order).
	 *
	 * @param WC_Order $order The order.
	 * @return string|null
	 */
	public static function hub_order_id_of( $order ): ?string {
		$value = $order->get_meta( self::META_HUB_ORDER_ID, true );
		return is_string( $value ) && '' !== $value ? $value : null;
	}

	/**
	 * The order in the REST v3 shape (only the fields the worker reads): id, status,
	 * currency, total, date_paid_gmt, date_modified_gmt, customer_id and billing email (who
	 * owns the site: the customer, docs/api-notes.md "Customers and tenancy"), line_items (with
	 * each line's total, total_tax and hub meta: one order may pay several hub orders),
	 * meta_data.
	 *
	 * @param WC_Order $order The order.
	 * @return array
	 */
	public static function of( $order ): array {
		$line_items = array();
		foreach ( $order->get_items() as $item ) {
			$line_items[] = array(
				'product_id'   => (int) $item->get_product_id(),
				'variation_id' => (int) $item->get_variation_id(),
				'quantity'     => (int) $item->get_quantity(),
				'total'        => self::decimal( $item->get_total() ),
				'total_tax'    => self::decimal( $item->get_total_tax() ),
				'meta_data'    => self::hub_meta( $item ),
			);
		}
		$meta_data = self::hub_meta( $order );
		$refunds = array();
		foreach ( $order->get_refunds() as $refund ) {
			// As REST v3 writes them: the refund's id and its total, negative (docs/external/woocommerce.md).
			$refunds[] = array(
				'id'    => (int) $refund->get_id(),
				'total' => '-' . ltrim( self::decimal( $refund->get_amount() ), '-' ),
			);
		}
		return array(
			'id'                => (int) $order->get_id(),
			'status'            => (string) $order->get_status(),
			'currency'          => (string) $order->get_currency(),
			'total'             => self::decimal( $order->get_total() ),
			'date_paid_gmt'     => self::gmt( $order->get_date_paid() ),
			'date_modified_gmt' => self::gmt( $order->get_date_modified() ),
			'customer_id'       => (int) $order->get_customer_id(),
			'billing'           => array( 'email' => (string) $order->get_billing_email() ),
			'line_items'        => $line_items,
			'meta_data'         => $meta_data,
			'refunds'           => $refunds,
		);
	}

	/**
	 * The hub's two meta entries an order or a line item carries, as REST v3 `meta_data` lists them.
	 *
	 * @param WC_Order|WC_Order_Item_Product $owner The order or line item.
	 * @return array
	 */
	private static function hub_meta( $owner ): array {
		$meta_data = array();
		foreach ( array( self::META_HUB_ORDER_ID, self::META_SITE_URL ) as $key ) {
			$value = $owner->get_meta( $key, true );
			if ( is_string( $value ) && '' !== $value ) {
				$meta_data[] = array(
					'key'   => $key,
					'value' => $value,
				);
			}
		}
		return $meta_data;
	}

	/**
	 * A money amount as WooCommerce's REST API writes it (decimal string, the store's decimals).
	 *
	 * @param mixed $amount Amount as the order gives it.
	 * @return string
	 */
	private static function decimal( $amount ): string {
		if ( function_exists( 'wc_format_decimal' ) && function_exists( 'wc_get_price_decimals' ) ) {
			return (string) wc_format_decimal( $amount, wc_get_price_decimals() );
		}
		return (string) $amount;
	}

	/**
	 * A WC_DateTime as WooCommerce's REST `*_gmt` fields write it (`Y-m-d\TH:i:s`, UTC), or null.
	 *
	 * @param DateTimeInterface|null $date The date.
	 * @return string|null
	 */
	private static function gmt( $date ): ?string {
		return $date instanceof DateTimeInterface ? gmdate( 'Y-m-d\TH:i:s', $date->getTimestamp() ) : null;
	}
}
