<?php
/**
 * WooCommerce stand-in: WC_Abstract_Order (includes/abstracts/abstract-wc-order.php): an
 * order's props and their getters and setters, and its refunds.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Props of an order or a refund (stored by WC_Orders_Table_Data_Store through WC_Order).
 */
abstract class WC_Abstract_Order {

	/** @var int */
	protected $id = 0;

	/** @var array Props. */
	protected $data = array(
		'status'               => '',
		'type'                 => 'shop_order',
		'parent_id'            => 0,
		'currency'             => '',
		'total'                => '0',
		'order_key'            => '',
		'created_via'          => '',
		'cart_hash'            => '',
		'customer_id'          => 0,
		'billing_email'        => '',
		'billing_first_name'   => '',
		'billing_last_name'    => '',
		'customer_note'        => '',
		'payment_method'       => '',
		'payment_method_title' => '',
		'transaction_id'       => '',
		'date_created'         => null,
		'date_modified'        => null,
		'date_paid'            => null,
		'date_completed'       => null,
	);

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

	/** @return string shop_order or shop_order_refund. */
	public function get_type() {
		return $this->data['type'];
	}

	/** @return int */
	public function get_parent_id( $context = 'view' ) {
		return $this->data['parent_id'];
	}

	/** @return int */
	public function get_customer_id( $context = 'view' ) {
		return $this->data['customer_id'];
	}

	/** @return string */
	public function get_customer_note( $context = 'view' ) {
		return $this->data['customer_note'];
	}

	/** @return string */
	public function get_billing_email( $context = 'view' ) {
		return $this->data['billing_email'];
	}

	/** @return string */
	public function get_payment_method( $context = 'view' ) {
		return $this->data['payment_method'];
	}

	/** @return string */
	public function get_payment_method_title( $context = 'view' ) {
		return $this->data['payment_method_title'];
	}

	/** @return string */
	public function get_cart_hash( $context = 'view' ) {
		return $this->data['cart_hash'];
	}

	/** @return WC_DateTime|null */
	public function get_date_completed( $context = 'view' ) {
		return $this->data['date_completed'];
	}

	/** @param int $value Parent order id. */
	public function set_parent_id( $value ) {
		$this->data['parent_id'] = absint( $value );
	}

	/** @param string $value Billing email. */
	public function set_billing_email( $value ) {
		$this->data['billing_email'] = sanitize_email( (string) $value );
	}

	/** @param string $value Billing first name. */
	public function set_billing_first_name( $value ) {
		$this->data['billing_first_name'] = (string) $value;
	}

	/** @param string $value Billing last name. */
	public function set_billing_last_name( $value ) {
		$this->data['billing_last_name'] = (string) $value;
	}

	/** @return string */
	public function get_billing_first_name( $context = 'view' ) {
		return $this->data['billing_first_name'];
	}

	/** @return string */
	public function get_billing_last_name( $context = 'view' ) {
		return $this->data['billing_last_name'];
	}

	/** @param string|object $payment_method Gateway id or gateway. */
	public function set_payment_method( $payment_method = '' ) {
		if ( is_object( $payment_method ) ) {
			$this->data['payment_method']       = $payment_method->id;
			$this->data['payment_method_title'] = $payment_method->get_title();
		} else {
			$this->data['payment_method'] = (string) $payment_method;
		}
	}

	/** @param string $value Gateway title. */
	public function set_payment_method_title( $value ) {
		$this->data['payment_method_title'] = (string) $value;
	}

	/** @param string $value Cart hash. */
	public function set_cart_hash( $value ) {
		$this->data['cart_hash'] = (string) $value;
	}

	/**
	 * Whether the order still needs a payment (WC_Abstract_Order::needs_payment).
	 *
	 * @return bool
	 */
	public function needs_payment() {
		$valid = apply_filters( 'woocommerce_valid_order_statuses_for_payment', array( 'pending', 'failed' ), $this );
		return apply_filters( 'woocommerce_order_needs_payment', $this->has_status( $valid ) && (float) $this->get_total() > 0, $this, $valid );
	}

	/**
	 * The order's refunds, newest first.
	 *
	 * @return WC_Order_Refund[]
	 */
	public function get_refunds() {
		if ( ! $this->id ) {
			return array();
		}
		return array_map( static fn ( $id ) => new WC_Order_Refund( $id ), WC_Orders_Table_Data_Store::children( $this->id, 'shop_order_refund' ) );
	}

	/** @return string Total refunded, decimal string. */
	public function get_total_refunded() {
		$total = 0.0;
		foreach ( $this->get_refunds() as $refund ) {
			$total += (float) $refund->get_amount();
		}
		return wc_format_decimal( $total, wc_get_price_decimals() );
	}

	/** @return string What may still be refunded. */
	public function get_remaining_refund_amount() {
		return wc_format_decimal( (float) $this->get_total() - (float) $this->get_total_refunded(), wc_get_price_decimals() );
	}
}
