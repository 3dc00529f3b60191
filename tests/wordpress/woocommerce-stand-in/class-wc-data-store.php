<?php
/**
 * WooCommerce stand-in: WC_Data_Store::load( 'webhook' ) (includes/class-wc-data-store.php,
 * data-stores/class-wc-webhook-data-store.php) and wc_get_webhook() (wc-webhook-functions.php),
 * the parts svc-hub's store status panel reads.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * The data store of one object type; only `webhook`, only `search_webhooks()`.
 */
class WC_Data_Store {

	/**
	 * @param string $object_type Object type.
	 * @return WC_Data_Store
	 * @throws Exception For a type the stand-in does not have, as WooCommerce throws for an unknown one.
	 */
	public static function load( $object_type ) {
		if ( 'webhook' !== $object_type ) {
			throw new Exception( 'Invalid data store.' );
		}
		return new self();
	}

	/**
	 * Webhook ids, oldest first (`limit` -1: all; `status` filters).
	 *
	 * @param array $args limit, status.
	 * @return int[]
	 */
	public function search_webhooks( $args = array() ) {
		$ids = array();
		foreach ( WC_Webhook::all() as $id => $webhook ) {
			if ( empty( $args['status'] ) || $args['status'] === $webhook->get_status() ) {
				$ids[] = $id;
			}
		}
		sort( $ids );
		$limit = (int) ( $args['limit'] ?? 10 );
		return -1 < $limit ? array_slice( $ids, 0, $limit ) : $ids;
	}
}

/**
 * The webhook with this id, or null.
 *
 * @param int|WC_Webhook $id Webhook id.
 * @return WC_Webhook|null
 */
function wc_get_webhook( $id ) {
	$webhooks = WC_Webhook::all();
	return $webhooks[ (int) ( $id instanceof WC_Webhook ? $id->get_id() : $id ) ] ?? null;
}
