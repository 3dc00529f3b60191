<?php
/**
 * WooCommerce order events waiting for the worker's acknowledgement.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * One option row per (WooCommerce order, status): `_svc_hub_woo_event_<order id>_<status>`,
 * not autoloaded, its value JSON `{order_id, status, queued_at, attempts, next_at, order}`
 * where `order` is the order's facts when the event happened. Rows are written with one
 * INSERT … ON DUPLICATE KEY UPDATE and removed only if unchanged since they were read, so
 * concurrent requests never lose an event; a repeated event replaces its row
 * (deduplicated per order and status). Queue order is insertion order (option_id).
 */
final class Svc_Hub_Woocommerce_Event_Queue {

	/** Option name prefix of order events. */
	private const PREFIX = '_svc_hub_woo_event_';

	/** Most events kept; beyond it the oldest is dropped (and logged). */
	public const LIMIT = 500;

	/** @var string Option name prefix of this queue. */
	private string $prefix;

	/**
	 * @param string $prefix Option name prefix: order events by default; another one keeps another
	 *                       kind of event apart (e.g. subscriptions, whose ids share the orders' space).
	 */
	public function __construct( string $prefix = self::PREFIX ) {
		$this->prefix = $prefix;
	}

	/**
	 * Records an event (replacing an earlier one for the same order and status).
	 *
	 * @param int    $order_id WooCommerce order id.
	 * @param string $status   Order status (without `wc-`).
	 * @param array  $facts    The order's facts now (Svc_Hub_Woocommerce_Order_Facts::of()).
	 * @return array The queued entry, with `name` and `value` (as stored).
	 */
	public function put( int $order_id, string $status, array $facts ): array {
		global $wpdb;
		$name  = $this->prefix . $order_id . '_' . $status;
		$value = (string) wp_json_encode(
			array(
				'order_id'  => $order_id,
				'status'    => $status,
				'queued_at' => time(),
				'attempts'  => 0,
				'next_at'   => 0,
				'order'     => $facts,
			)
		);
		$written = $wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no') ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)",
				$name,
				$value
			)
		);
		if ( 1 === $written ) {
			$this->trim();
		}
		return self::entry( $name, $value );
	}

	/**
	 * Entries in queue order: all of them, or one order's.
	 *
	 * @param int|null $order_id Only this WooCommerce order's entries.
	 * @param int      $limit    Most entries returned.
	 * @return array<int,array> Entries (decoded values plus `name` and `value`).
	 */
	public function entries( ?int $order_id = null, int $limit = 100 ): array {
		global $wpdb;
		$like = $wpdb->esc_like( $this->prefix . ( null === $order_id ? '' : $order_id . '_' ) ) . '%';
		$rows = $wpdb->get_results(
			$wpdb->prepare( "SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name LIKE %s ORDER BY option_id LIMIT %d", $like, $limit ),
			ARRAY_A
		);
		$entries = array();
		foreach ( (array) $rows as $row ) {
			$entry = self::entry( $row['option_name'], $row['option_value'] );
			if ( null !== $entry ) {
				$entries[] = $entry;
			}
		}
		return $entries;
	}

	/**
	 * Removes an acknowledged entry, unless it was replaced since it was read (then the newer
	 * event stays queued).
	 *
	 * @param array $entry Entry as read.
	 */
	public function remove( array $entry ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s AND option_value = %s", $entry['name'], $entry['value'] ) );
	}

	/**
	 * Counts a failed delivery: one more attempt, and when the next is due. The first five
	 * retries are due at once (WP-Cron runs every minute); then the wait doubles, up to an hour.
	 *
	 * @param array $entry Entry as read.
	 */
	public function postpone( array $entry ): void {
		global $wpdb;
		$attempts = (int) $entry['attempts'] + 1;
		$wait     = $attempts <= 5 ? 0 : min( 3600, 60 * ( 2 ** ( $attempts - 5 ) ) );
		$value    = (string) wp_json_encode( array_merge( self::stored( $entry ), array( 'attempts' => $attempts, 'next_at' => time() + $wait ) ) );
		$wpdb->query(
			$wpdb->prepare( "UPDATE {$wpdb->options} SET option_value = %s WHERE option_name = %s AND option_value = %s", $value, $entry['name'], $entry['value'] )
		);
	}

	/**
	 * Whether nothing is queued.
	 *
	 * @return bool
	 */
	public function is_empty(): bool {
		return array() === $this->entries( null, 1 );
	}

	/**
	 * Drops the oldest entries beyond LIMIT, logging each (an administrator can reconcile the
	 * order by hand).
	 */
	private function trim(): void {
		global $wpdb;
		$like  = $wpdb->esc_like( $this->prefix ) . '%';
		$count = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE %s", $like ) );
		if ( $count <= self::LIMIT ) {
			return;
		}
		foreach ( $this->entries( null, $count - self::LIMIT ) as $entry ) {
			error_log( sprintf( 'svc-hub: the WooCommerce event queue is full (%d); dropped order %d (%s) unsent. Check that the svc-hub worker is running.', self::LIMIT, $entry['order_id'], $entry['status'] ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log
			$this->remove( $entry );
		}
	}

	/**
	 * An entry from its row, or null when the row is not one.
	 *
	 * @param string $name  Option name.
	 * @param string $value Option value (JSON).
	 * @return array|null
	 */
	private static function entry( string $name, string $value ): ?array {
		$data = json_decode( $value, true );
		if ( ! is_array( $data ) || ! isset( $data['order_id'], $data['status'] ) || ! is_array( $data['order'] ?? null ) ) {
			return null;
		}
		return array_merge(
			array(
				'attempts' => 0,
				'next_at'  => 0,
			),
			$data,
			array(
				'name'  => $name,
				'value' => $value,
			)
		);
	}

	/**
	 * The stored fields of an entry.
	 *
	 * @param array $entry Entry.
	 * @return array
	 */
	private static function stored( array $entry ): array {
		unset( $entry['name'], $entry['value'] );
		return $entry;
	}
}
