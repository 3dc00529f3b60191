<?php
/**
 * The licence key in an order's detail and in WooCommerce's customer emails.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * `woocommerce_order_details_after_order_table` (the order-received page and My Account → Orders
 * → order) and `woocommerce_email_order_meta` (customer emails, HTML and plain): the licence key
 * of a paid order, read from the worker (docs/commerce.md "Customer portal"). Admin emails and
 * unpaid orders show nothing.
 */
final class Svc_Hub_Portal_Order_Key {

	/** @var Svc_Hub_Portal_Licences */
	private Svc_Hub_Portal_Licences $licences;

	/** @var Svc_Hub_Woocommerce_Bridge */
	private Svc_Hub_Woocommerce_Bridge $bridge;

	/**
	 * @param Svc_Hub_Portal_Licences    $licences The worker's answers.
	 * @param Svc_Hub_Woocommerce_Bridge $bridge   The order events' bridge.
	 */
	public function __construct( Svc_Hub_Portal_Licences $licences, Svc_Hub_Woocommerce_Bridge $bridge ) {
		$this->licences = $licences;
		$this->bridge   = $bridge;
	}

	/**
	 * Hooks the order detail and the emails.
	 */
	public function register_hooks(): void {
		add_action( 'woocommerce_order_details_after_order_table', array( $this, 'order_details' ) );
		add_action( 'woocommerce_email_order_meta', array( $this, 'email' ), 20, 4 );
	}

	/**
	 * The order's detail, for the buyer WooCommerce shows it to.
	 *
	 * @param WC_Order $order The order.
	 */
	public function order_details( $order ): void {
		$licence = $this->licence( $order );
		if ( null !== $licence ) {
			Svc_Hub_Portal_View::order_key( $licence );
		}
	}

	/**
	 * A customer email of a paid order.
	 *
	 * @param WC_Order $order         The order.
	 * @param bool     $sent_to_admin Whether the email goes to the shop's admin.
	 * @param bool     $plain_text    Plain text email.
	 * @param mixed    $email         The WC_Email (unused).
	 */
	public function email( $order, $sent_to_admin = false, $plain_text = false, $email = null ): void { // phpcs:ignore Generic.CodeAnalysis.UnusedFunctionParameter.FoundAfterLastUsed
		if ( $sent_to_admin ) {
			return;
		}
		// WooCommerce sends the "processing" email on `woocommerce_order_status_pending_to_processing`, before the
		// `woocommerce_order_status_changed` that tells the worker: the order goes to the worker first (once per status
		// and request, so the later hook sends nothing again), and the licence it mints is in the email.
		if ( $order instanceof WC_Order ) {
			$this->bridge->on_status_changed( $order->get_id(), '', '', $order );
		}
		$licence = $this->licence( $order );
		if ( null === $licence ) {
			return;
		}
		if ( $plain_text ) {
			echo "\n" . esc_html__( 'Your licence key', 'svc-hub' ) . ': ' . esc_html( (string) ( $licence['license_key'] ?? '' ) ) . "\n";
			return;
		}
		Svc_Hub_Portal_View::order_key( $licence );
	}

	/**
	 * The paid order's licence, or null.
	 *
	 * @param mixed $order The order.
	 * @return array|null
	 */
	private function licence( $order ): ?array {
		if ( ! $order instanceof WC_Order || ! $order->is_paid() ) {
			return null;
		}
		$found = $this->licences->for_order( (int) $order->get_id() );
		return $found[0] ?? null;
	}
}
