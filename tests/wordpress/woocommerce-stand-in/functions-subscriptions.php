<?php
/**
 * WooCommerce stand-in: WooCommerce Subscriptions' functions (wcs-functions.php,
 * wcs-renewal-functions.php) and its listeners on renewal orders.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * @param int $id Subscription id.
 * @return WC_Subscription|false
 */
function wcs_get_subscription( $id ) {
	$subscription = new WC_Subscription( (int) $id );
	return $subscription->get_id() > 0 ? $subscription : false;
}

/**
 * A pending subscription started by `order_id` (its items, currency and meta), billed every
 * `billing_interval` `billing_period`s; the first renewal is one period from now.
 *
 * @param array $args order_id, billing_period, billing_interval.
 * @return WC_Subscription|WP_Error
 */
function wcs_create_subscription( $args = array() ) {
	$order = wc_get_order( (int) ( $args['order_id'] ?? 0 ) );
	if ( ! $order ) {
		return new WP_Error( 'woocommerce_subscription_invalid_order', 'Invalid subscription order.' );
	}
	$subscription = new WC_Subscription();
	$subscription->set_from_order( $order );
	$subscription->set_billing_schedule( $args['billing_period'] ?? 'month', $args['billing_interval'] ?? 1 );
	$period = sprintf( '+%d %s', $subscription->get_billing_interval(), $subscription->get_billing_period() );
	$subscription->update_dates(
		array(
			'start'        => gmdate( 'Y-m-d H:i:s' ),
			'next_payment' => gmdate( 'Y-m-d H:i:s', strtotime( $period ) ),
		)
	);
	return $subscription;
}

/**
 * A pending renewal order for the subscription: parent_id 0, its currency, line items and meta (copied
 * from the subscription, as WooCommerce Subscriptions does), meta `_subscription_renewal` = the
 * subscription's id; then the filter `wcs_renewal_order_created( $renewal_order, $subscription )`.
 *
 * @param WC_Subscription $subscription The subscription.
 * @return WC_Order|WP_Error
 */
function wcs_create_renewal_order( $subscription ) {
	$order = wc_create_order(
		array(
			'status'      => 'pending',
			'created_via' => 'subscription',
		)
	);
	if ( is_wp_error( $order ) ) {
		return $order;
	}
	$order->set_currency( $subscription->get_currency() );
	foreach ( $subscription->get_items() as $item ) {
		$order->add_product( wc_get_product( $item->get_product_id() ), $item->get_quantity() );
	}
	foreach ( array( 'svc_hub_order_id', 'svc_site_url' ) as $key ) {
		if ( '' !== (string) $subscription->get_meta( $key ) ) {
			$order->update_meta_data( $key, $subscription->get_meta( $key ) );
		}
	}
	$order->update_meta_data( '_subscription_renewal', (string) $subscription->get_id() );
	$order->calculate_totals();
	$order->save();
	return apply_filters( 'wcs_renewal_order_created', $order, $subscription );
}

/**
 * The subscription a renewal order renews, or false.
 *
 * @param int $order_id Order id.
 * @return WC_Subscription|false
 */
function svc_stand_in_renewed_subscription( $order_id ) {
	$order = wc_get_order( (int) $order_id );
	$id    = $order ? (int) $order->get_meta( '_subscription_renewal', true ) : 0;
	return $id > 0 ? wcs_get_subscription( $id ) : false;
}

// WooCommerce Subscriptions follows its renewal orders: paid → the subscription's payment_complete(), failed → payment_failed().
add_action(
	'woocommerce_payment_complete',
	static function ( $order_id ) {
		$subscription = svc_stand_in_renewed_subscription( $order_id );
		if ( $subscription ) {
			$subscription->payment_complete( wc_get_order( (int) $order_id ) );
		}
	},
	10,
	1
);
add_action(
	'woocommerce_order_status_failed',
	static function ( $order_id ) {
		$subscription = svc_stand_in_renewed_subscription( $order_id );
		if ( $subscription ) {
			$subscription->payment_failed( wc_get_order( (int) $order_id ) );
		}
	},
	10,
	1
);
