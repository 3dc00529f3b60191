<?php
/**
 * A WooCommerce Subscriptions subscription's facts as the worker reads them.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * The subset of the REST `wc/v3/subscriptions` object that worker/src/commerce/woo-subscription.ts
 * reads, built from WC_Subscription's public API.
 */
final class Svc_Hub_Woocommerce_Subscription_Facts {

	/** Meta key of a renewal order: the subscription it renews. */
	public const META_RENEWAL = '_subscription_renewal';

	/**
	 * Whether an order is a renewal order of WooCommerce Subscriptions.
	 *
	 * @param WC_Order $order The order.
	 * @return bool
	 */
	public static function is_renewal_order( $order ): bool {
		return (int) $order->get_meta( self::META_RENEWAL, true ) > 0;
	}

	/**
	 * The subscription in the REST shape: id, parent_id, status, currency, billing_period,
	 * billing_interval, next_payment_date_gmt, end_date_gmt, date_modified_gmt, line_items.
	 *
	 * @param WC_Subscription $subscription The subscription.
	 * @return array
	 */
	public static function of( $subscription ): array {
		$line_items = array();
		foreach ( $subscription->get_items() as $item ) {
			$line_items[] = array(
				'product_id'   => (int) $item->get_product_id(),
				'variation_id' => (int) $item->get_variation_id(),
				'quantity'     => (int) $item->get_quantity(),
			);
		}
		$modified = $subscription->get_date_modified();
		return array(
			'id'                    => (int) $subscription->get_id(),
			'parent_id'             => (int) $subscription->get_parent_id(),
			'status'                => (string) $subscription->get_status(),
			'currency'              => (string) $subscription->get_currency(),
			'billing_period'        => (string) $subscription->get_billing_period(),
			'billing_interval'      => (string) $subscription->get_billing_interval(),
			'next_payment_date_gmt' => self::gmt( $subscription->get_date( 'next_payment', 'gmt' ) ),
			'end_date_gmt'          => self::gmt( $subscription->get_date( 'end', 'gmt' ) ),
			'date_modified_gmt'     => $modified instanceof DateTimeInterface ? gmdate( 'Y-m-d\TH:i:s', $modified->getTimestamp() ) : null,
			'line_items'            => $line_items,
		);
	}

	/**
	 * WooCommerce Subscriptions' date (MySQL format in GMT, or 0 when unset) as the REST `*_gmt` fields write it.
	 *
	 * @param mixed $date The date.
	 * @return string|null
	 */
	private static function gmt( $date ): ?string {
		return is_string( $date ) && '' !== $date && '0' !== $date ? str_replace( ' ', 'T', $date ) : null;
	}
}
