<?php
/**
 * WooCommerce stand-in: WooCommerce Subscriptions' WC_Subscription
 * (woocommerce-subscriptions-core/includes/class-wc-subscription.php).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * A subscription: status, parent order, billing schedule, dates, line items, meta. Stored as a
 * `shop_subscription` post (its id shares the orders' id space, as in WooCommerce) with its
 * props in one postmeta row. `update_status()` fires WooCommerce Subscriptions' hooks in their
 * order: `woocommerce_subscription_status_{new}( $subscription )`,
 * `woocommerce_subscription_status_{old}_to_{new}( $subscription )`,
 * `woocommerce_subscription_status_updated( $subscription, $new, $old )`.
 */
class WC_Subscription {

	/** Postmeta row holding the props. */
	private const PROPS_META = '_svc_stand_in_subscription';

	/** @var int */
	protected $id = 0;

	/** @var array Props: status, parent_id, currency, billing_period, billing_interval, dates (GMT 'Y-m-d H:i:s' or 0), items, meta, date_modified. */
	protected $props = array(
		'status'           => 'pending',
		'parent_id'        => 0,
		'currency'         => 'EUR',
		'billing_period'   => 'month',
		'billing_interval' => 1,
		'dates'            => array(
			'start'        => 0,
			'next_payment' => 0,
			'end'          => 0,
		),
		'items'            => array(),
		'meta'             => array(),
		'date_modified'    => 0,
	);

	/**
	 * @param int $id Subscription id (0 for a new one).
	 */
	public function __construct( $id = 0 ) {
		if ( $id > 0 ) {
			$stored = get_post_meta( (int) $id, self::PROPS_META, true );
			if ( 'shop_subscription' === get_post_type( (int) $id ) && is_array( $stored ) ) {
				$this->id    = (int) $id;
				$this->props = array_merge( $this->props, $stored );
			}
		}
	}

	/** @return int */
	public function get_id() {
		return $this->id;
	}

	/** @return string Without the `wc-` prefix. */
	public function get_status() {
		return $this->props['status'];
	}

	/**
	 * @param string|array $status One status or several.
	 * @return bool
	 */
	public function has_status( $status ) {
		return in_array( $this->get_status(), (array) $status, true );
	}

	/** @return int The order that started it. */
	public function get_parent_id() {
		return (int) $this->props['parent_id'];
	}

	/** @return string */
	public function get_currency() {
		return $this->props['currency'];
	}

	/** @return string day, week, month or year. */
	public function get_billing_period() {
		return $this->props['billing_period'];
	}

	/** @return int */
	public function get_billing_interval() {
		return (int) $this->props['billing_interval'];
	}

	/**
	 * A date as WooCommerce Subscriptions gives it: MySQL format in GMT, or 0 when unset.
	 *
	 * @param string $date_type start, next_payment, end.
	 * @param string $timezone  gmt (the only one the stand-in keeps).
	 * @return string|int
	 */
	public function get_date( $date_type, $timezone = 'gmt' ) {
		return $this->props['dates'][ $date_type ] ?? 0;
	}

	/**
	 * Sets dates (`update_dates( array( 'next_payment' => 'Y-m-d H:i:s' ) )`) and saves.
	 *
	 * @param array $dates Date type => GMT MySQL date, or 0 to unset.
	 */
	public function update_dates( $dates ) {
		foreach ( (array) $dates as $type => $date ) {
			$this->props['dates'][ $type ] = $date ? (string) $date : 0;
		}
		$this->save();
	}

	/** @return WC_DateTime|null */
	public function get_date_modified() {
		return $this->props['date_modified'] ? WC_DateTime::from_timestamp( (int) $this->props['date_modified'] ) : null;
	}

	/**
	 * @param string $types Only line items are kept.
	 * @return WC_Order_Item_Product[]
	 */
	public function get_items( $types = 'line_item' ) {
		return array_map( static fn ( $props ) => new WC_Order_Item_Product( $props ), $this->props['items'] );
	}

	/**
	 * @param string $key    Meta key.
	 * @param bool   $single Unused (one value per key).
	 * @return mixed '' when unset.
	 */
	public function get_meta( $key = '', $single = true ) {
		return $this->props['meta'][ $key ] ?? '';
	}

	/**
	 * @param string $key   Meta key.
	 * @param mixed  $value Value.
	 */
	public function update_meta_data( $key, $value ) {
		$this->props['meta'][ $key ] = $value;
	}

	/**
	 * Copies the parent order's line items, currency and meta (as WooCommerce Subscriptions' checkout does).
	 *
	 * @param WC_Order $order The parent order.
	 */
	public function set_from_order( $order ) {
		$this->props['parent_id'] = (int) $order->get_id();
		$this->props['currency']  = (string) $order->get_currency();
		$this->props['items']     = array_map( static fn ( $item ) => $item->get_data(), array_values( $order->get_items() ) );
		foreach ( array( 'svc_hub_order_id', 'svc_site_url' ) as $key ) {
			if ( '' !== (string) $order->get_meta( $key, true ) ) {
				$this->props['meta'][ $key ] = $order->get_meta( $key, true );
			}
		}
	}

	/**
	 * @param string $period   day, week, month, year.
	 * @param int    $interval Every how many periods.
	 */
	public function set_billing_schedule( $period, $interval ) {
		$this->props['billing_period']   = (string) $period;
		$this->props['billing_interval'] = max( 1, (int) $interval );
	}

	/**
	 * Moves to `$new_status`, saves, then fires the status hooks. `pending-cancel` ends at the
	 * next payment date (the end of the paid term), which is unset; `cancelled` and `expired`
	 * end now.
	 *
	 * @param string $new_status Status (with or without `wc-`).
	 * @param string $note       Unused.
	 * @return bool Whether the status changed.
	 */
	public function update_status( $new_status, $note = '' ) {
		$new_status = 0 === strpos( $new_status, 'wc-' ) ? substr( $new_status, 3 ) : $new_status;
		$old_status = $this->get_status();
		if ( $new_status === $old_status ) {
			return false;
		}
		if ( 'pending-cancel' === $new_status ) {
			$this->props['dates']['end']          = $this->props['dates']['next_payment'] ? $this->props['dates']['next_payment'] : gmdate( 'Y-m-d H:i:s' );
			$this->props['dates']['next_payment'] = 0;
		} elseif ( in_array( $new_status, array( 'cancelled', 'expired' ), true ) ) {
			$this->props['dates']['end']          = gmdate( 'Y-m-d H:i:s' );
			$this->props['dates']['next_payment'] = 0;
		}
		$this->props['status'] = $new_status;
		$this->save();
		do_action( 'woocommerce_subscription_status_' . $new_status, $this );
		do_action( 'woocommerce_subscription_status_' . $old_status . '_to_' . $new_status, $this );
		do_action( 'woocommerce_subscription_status_updated', $this, $new_status, $old_status );
		return true;
	}

	/**
	 * A renewal was paid (`$last_order`, the renewal order): the next payment moves on by one
	 * billing period (from the scheduled one, or from now when that has passed), the
	 * subscription becomes active, then `woocommerce_subscription_renewal_payment_complete(
	 * $subscription, $last_order )`.
	 *
	 * @param WC_Order $last_order The renewal order.
	 */
	public function payment_complete( $last_order ) {
		$scheduled = $this->get_date( 'next_payment' ) ? strtotime( $this->get_date( 'next_payment' ) . ' UTC' ) : 0;
		$from      = max( $scheduled, time() - DAY_IN_SECONDS );
		$this->props['dates']['next_payment'] = gmdate( 'Y-m-d H:i:s', strtotime( sprintf( '+%d %s', $this->get_billing_interval(), $this->get_billing_period() ), $from ) );
		$this->save();
		$this->update_status( 'active' );
		do_action( 'woocommerce_subscription_renewal_payment_complete', $this, $last_order );
	}

	/**
	 * A renewal failed: the subscription stays (or goes) on-hold, then
	 * `woocommerce_subscription_renewal_payment_failed( $subscription, $last_order )`.
	 *
	 * @param WC_Order $last_order The renewal order (already `failed`).
	 */
	public function payment_failed( $last_order ) {
		$this->update_status( 'on-hold' );
		do_action( 'woocommerce_subscription_renewal_payment_failed', $this, $last_order );
	}

	/**
	 * Saves (a new subscription gets its id from a `shop_subscription` post).
	 *
	 * @return int The id.
	 */
	public function save() {
		$this->props['date_modified'] = time();
		if ( 0 === $this->id ) {
			$this->id = (int) wp_insert_post(
				array(
					'post_type'   => 'shop_subscription',
					'post_status' => 'publish',
					'post_title'  => 'Subscription',
				)
			);
		}
		update_post_meta( $this->id, self::PROPS_META, $this->props );
		return $this->id;
	}
}
