<?php
/**
 * The stand-in's witness of WooCommerce's order hooks, for the tests that pin their order and
 * arguments (docs/external/woocommerce.md, "Observed on a real store").
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Records, while on, every order hook fired (`woocommerce_order_status_*`,
 * `woocommerce_order_payment_status_changed`, `woocommerce_payment_complete`,
 * `woocommerce_order_fully_refunded`, `woocommerce_order_refunded`) with its arguments
 * described: an order as `order:<id>`, a transition array as is, scalars as they are.
 */
final class Svc_Stand_In_Hook_Recorder {

	/** Names of the hooks recorded. */
	private const PATTERN = '/^woocommerce_(order_status_[a-z_-]+|order_payment_status_changed|payment_complete|order_fully_refunded|order_refunded)$/';

	/** @var array<int,array{hook:string,args:array}> */
	private array $calls = array();

	/**
	 * Starts recording.
	 */
	public function start(): void {
		add_action( 'all', array( $this, 'record' ), 10, 99 );
	}

	/**
	 * Stops recording; returns what was recorded.
	 *
	 * @return array<int,array{hook:string,args:array}>
	 */
	public function stop(): array {
		remove_action( 'all', array( $this, 'record' ), 10 );
		return $this->calls;
	}

	/**
	 * `all`: records a matching action.
	 *
	 * @param string $hook    Hook name.
	 * @param mixed  ...$args Arguments.
	 */
	public function record( $hook, ...$args ): void {
		if ( ! is_string( $hook ) || 1 !== preg_match( self::PATTERN, $hook ) ) {
			return;
		}
		$this->calls[] = array(
			'hook' => $hook,
			'args' => array_map( static fn ( $arg ) => $arg instanceof WC_Order ? 'order:' . $arg->get_id() : $arg, $args ),
		);
	}
}
