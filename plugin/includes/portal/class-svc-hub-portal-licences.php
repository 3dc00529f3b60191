<?php
/**
 * The worker's answers for the customer portal.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Reads a customer's (or a paid order's) licences from the worker and deactivates a customer's
 * own activation, through the shell's signed internal calls (docs/commerce.md "Customer portal").
 * The worker is the source of truth: nothing is cached here.
 */
final class Svc_Hub_Portal_Licences {

	/** @var Svc_Hub_Worker_Client */
	private Svc_Hub_Worker_Client $client;

	/**
	 * @param Svc_Hub_Worker_Client $client The shell's signed client.
	 */
	public function __construct( Svc_Hub_Worker_Client $client ) {
		$this->client = $client;
	}

	/**
	 * The licences of the shop's WooCommerce customer, or null when the worker did not answer.
	 *
	 * @param int $customer_id WooCommerce customer (WordPress user) id.
	 * @return array<int, array<string, mixed>>|null
	 */
	public function for_customer( int $customer_id ): ?array {
		return $this->licences( array( 'woo_customer_id' => $customer_id ) );
	}

	/**
	 * The licence a paid order minted or extended (a list of at most one), or null when the worker did not answer.
	 *
	 * @param int $order_id WooCommerce order id.
	 * @return array<int, array<string, mixed>>|null
	 */
	public function for_order( int $order_id ): ?array {
		return $this->licences( array( 'woo_order_id' => $order_id ) );
	}

	/**
	 * Deactivates the customer's own activation; false when the worker refused (not theirs) or did not answer.
	 *
	 * @param int    $customer_id   WooCommerce customer id.
	 * @param string $activation_id `act_…`.
	 * @return bool
	 */
	public function deactivate( int $customer_id, string $activation_id ): bool {
		$answer = $this->client->post_json(
			'/svc-hub/v1/internal/portal/deactivate',
			array(
				'woo_customer_id' => $customer_id,
				'activation_id'   => $activation_id,
			)
		);
		return 200 === $answer['status'];
	}

	/**
	 * `POST internal/portal/licenses`.
	 *
	 * @param array $payload Who.
	 * @return array<int, array<string, mixed>>|null
	 */
	private function licences( array $payload ): ?array {
		$answer = $this->client->post_json( '/svc-hub/v1/internal/portal/licenses', $payload );
		$data   = 200 === $answer['status'] ? json_decode( $answer['body'], true ) : null;
		if ( ! is_array( $data ) || ! isset( $data['data'] ) || ! is_array( $data['data'] ) ) {
			if ( 0 !== $answer['status'] || '' !== $answer['error'] ) {
				error_log( sprintf( 'svc-hub: the customer portal could not read licences (HTTP %d %s)', $answer['status'], $answer['error'] ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log
			}
			return null;
		}
		return array_values( array_filter( $data['data'], 'is_array' ) );
	}
}
