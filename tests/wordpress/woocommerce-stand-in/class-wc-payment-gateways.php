<?php
/**
 * WooCommerce stand-in: the payment gateways a store offers (includes/gateways/): direct bank
 * transfer and check payments (`on-hold`), cash on delivery (`processing` without date_paid,
 * paid when completed), and a card gateway that takes the payment at once, as card gateways
 * do (`payment_complete()`).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * A gateway: id, title and process_payment( $order_id ).
 */
class WC_Payment_Gateway {

	/** @var string */
	public $id = '';

	/** @var string */
	public $title = '';

	/** @return string */
	public function get_title() {
		return $this->title;
	}

	/**
	 * Takes (or arranges) the payment; WooCommerce then empties the cart.
	 *
	 * @param int $order_id Order id.
	 * @return array result and redirect.
	 */
	public function process_payment( $order_id ) {
		$order = wc_get_order( $order_id );
		$this->take_payment( $order );
		return array(
			'result'   => 'success',
			'redirect' => wc_get_endpoint_url( 'order-received', $order->get_id(), wc_get_checkout_url() ),
		);
	}

	/**
	 * What the gateway does with the order.
	 *
	 * @param WC_Order $order Order.
	 */
	protected function take_payment( $order ) {
	}
}

/** Direct bank transfer: on-hold until the store sees the money. */
class WC_Gateway_BACS extends WC_Payment_Gateway {

	/** @var string */
	public $id = 'bacs';

	/** @var string */
	public $title = 'Direct bank transfer';

	/** @param WC_Order $order Order. */
	protected function take_payment( $order ) {
		$order->update_status( apply_filters( 'woocommerce_bacs_process_payment_order_status', 'on-hold', $order ), 'Awaiting BACS payment' );
	}
}

/** Check payments: on-hold. */
class WC_Gateway_Cheque extends WC_Payment_Gateway {

	/** @var string */
	public $id = 'cheque';

	/** @var string */
	public $title = 'Check payments';

	/** @param WC_Order $order Order. */
	protected function take_payment( $order ) {
		$order->update_status( apply_filters( 'woocommerce_cheque_process_payment_order_status', 'on-hold', $order ), 'Awaiting check payment' );
	}
}

/**
 * Cash on delivery: processing, and the payment-complete status of its orders is `completed`
 * (so date_paid is set only when the order is completed).
 */
class WC_Gateway_COD extends WC_Payment_Gateway {

	/** @var string */
	public $id = 'cod';

	/** @var string */
	public $title = 'Cash on delivery';

	/** Hooks the payment-complete status. */
	public function __construct() {
		add_filter( 'woocommerce_payment_complete_order_status', array( $this, 'change_payment_complete_order_status' ), 10, 3 );
	}

	/**
	 * `woocommerce_payment_complete_order_status`: `completed` for COD orders.
	 *
	 * @param string        $status   Status.
	 * @param int           $order_id Order id.
	 * @param WC_Order|bool $order    Order.
	 * @return string
	 */
	public function change_payment_complete_order_status( $status, $order_id = 0, $order = false ) {
		return $order && 'cod' === $order->get_payment_method() ? 'completed' : $status;
	}

	/** @param WC_Order $order Order. */
	protected function take_payment( $order ) {
		if ( (float) $order->get_total() > 0 ) {
			$order->update_status( apply_filters( 'woocommerce_cod_process_payment_order_status', 'processing', $order ), 'Payment to be made upon delivery.' );
		} else {
			$order->payment_complete();
		}
	}
}

/** A card gateway (as Stripe's): charges at once and calls payment_complete( $charge_id ). */
class Svc_Stand_In_Gateway_Card extends WC_Payment_Gateway {

	/** @var string */
	public $id = 'svc_test_card';

	/** @var string */
	public $title = 'Credit card (test)';

	/** @param WC_Order $order Order. */
	protected function take_payment( $order ) {
		$order->payment_complete( 'ch_' . wp_generate_password( 16, false ) );
	}
}

/**
 * WC()->payment_gateways(): the enabled gateways by id.
 */
class WC_Payment_Gateways {

	/** @var array<string,WC_Payment_Gateway> */
	private $gateways = array();

	/** Loads the gateways. */
	public function __construct() {
		foreach ( array( new WC_Gateway_BACS(), new WC_Gateway_Cheque(), new WC_Gateway_COD(), new Svc_Stand_In_Gateway_Card() ) as $gateway ) {
			$this->gateways[ $gateway->id ] = $gateway;
		}
	}

	/** @return array<string,WC_Payment_Gateway> */
	public function get_available_payment_gateways() {
		return $this->gateways;
	}
}
