<?php
/**
 * WooCommerce stand-in: WC_Webhook (includes/class-wc-webhook.php, wc-webhook-functions.php),
 * for the order topics, as observed on WooCommerce 10.0.2.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/class-wc-data-store.php';
require_once __DIR__ . '/class-wc-install.php';

/**
 * A webhook (kept in an option; WooCommerce has a table). An order save queues, at the end
 * of the request, an Action Scheduler action `woocommerce_deliver_webhook_async` (group
 * `woocommerce-webhooks`) unless an identical one is still pending; the action builds the
 * payload when it runs and POSTs it: HTTP/1.1, 60 s, no redirects, WooCommerce's
 * User-Agent and X-WC-Webhook-* headers, base64 HMAC-SHA256 keyed with the secret through
 * wp_specialchars_decode( …, ENT_QUOTES ). No retries; more than 5 failures in a row
 * disable it.
 */
class WC_Webhook {

	/** Option holding the webhooks by id. */
	public const OPTION = 'svc_stand_in_webhooks';

	/** Action Scheduler hook and group of deliveries. */
	public const DELIVER_HOOK = 'woocommerce_deliver_webhook_async';

	/** Group of the deliveries. */
	public const GROUP = 'woocommerce-webhooks';

	/** WooCommerce hooks behind each topic. */
	private const TOPIC_HOOKS = array(
		'order.created' => array( 'woocommerce_new_order' ),
		'order.updated' => array( 'woocommerce_update_order', 'woocommerce_order_refunded' ),
	);

	/** @var array<int,array{webhook: WC_Webhook, arg: int}> Deliveries to queue at shutdown. */
	private static $queued = array();

	/** @var int */
	private $id;

	/** @var array name, status, topic, delivery_url, secret, failure_count. */
	private $data;

	/**
	 * @param int   $id   Webhook id.
	 * @param array $data Props.
	 */
	public function __construct( int $id, array $data ) {
		$this->id   = $id;
		$this->data = $data;
	}

	/**
	 * Hooks every active webhook to its topic's actions, and the delivery action.
	 */
	public static function load(): void {
		add_action( self::DELIVER_HOOK, array( self::class, 'deliver_async' ), 10, 2 );
		add_action( 'shutdown', array( self::class, 'execute_queue' ) );
		foreach ( self::all() as $webhook ) {
			if ( 'active' === $webhook->data['status'] ) {
				foreach ( self::TOPIC_HOOKS[ $webhook->data['topic'] ] ?? array() as $hook ) {
					add_action( $hook, array( $webhook, 'process' ), 10, 1 );
				}
			}
		}
	}

	/**
	 * The stored webhooks.
	 *
	 * @return array<int,WC_Webhook>
	 */
	public static function all(): array {
		wp_cache_delete( self::OPTION, 'options' );
		$webhooks = array();
		foreach ( (array) get_option( self::OPTION, array() ) as $id => $data ) {
			$webhooks[ (int) $id ] = new self( (int) $id, $data );
		}
		return $webhooks;
	}

	/**
	 * Stores a new active webhook; returns it.
	 *
	 * @param array $props name, topic, delivery_url, secret.
	 * @return WC_Webhook
	 */
	public static function create( array $props ): WC_Webhook {
		$stored       = (array) get_option( self::OPTION, array() );
		$id           = $stored ? max( array_keys( $stored ) ) + 1 : 1;
		$stored[ $id ] = array_merge(
			array(
				'name'          => 'Order updated',
				'topic'         => 'order.updated',
				'delivery_url'  => '',
				'secret'        => '',
			),
			$props,
			array(
				'status'        => 'active',
				'failure_count' => 0,
			)
		);
		update_option( self::OPTION, $stored, false );
		return new self( $id, $stored[ $id ] );
	}

	/** @return int */
	public function get_id(): int {
		return $this->id;
	}

	/** @return string */
	public function get_name(): string {
		return (string) $this->data['name'];
	}

	/** @return string `active`, `paused` or `disabled`. */
	public function get_status(): string {
		return (string) $this->data['status'];
	}

	/** @return string */
	public function get_topic(): string {
		return (string) $this->data['topic'];
	}

	/** @return string */
	public function get_delivery_url(): string {
		return (string) $this->data['delivery_url'];
	}

	/** @return int Consecutive failed deliveries. */
	public function get_failure_count(): int {
		return (int) $this->data['failure_count'];
	}

	/** @return array The props (with id). */
	public function get_data(): array {
		return array_merge( array( 'id' => $this->id ), $this->data );
	}

	/**
	 * A topic action fired: the delivery is queued at the end of the request.
	 *
	 * @param mixed $arg Order id.
	 */
	public function process( $arg ) {
		self::$queued[] = array(
			'webhook' => $this,
			'arg'     => (int) $arg,
		);
	}

	/**
	 * `shutdown` (wc_webhook_execute_queue): one pending action per webhook and order.
	 */
	public static function execute_queue(): void {
		foreach ( self::$queued as $entry ) {
			$args = array(
				'webhook_id' => $entry['webhook']->id,
				'arg'        => $entry['arg'],
			);
			if ( false === as_next_scheduled_action( self::DELIVER_HOOK, $args, self::GROUP ) ) {
				as_enqueue_async_action( self::DELIVER_HOOK, $args, self::GROUP );
			}
		}
		self::$queued = array();
	}

	/**
	 * `woocommerce_deliver_webhook_async` (wc_deliver_webhook_async).
	 *
	 * @param int $webhook_id Webhook id.
	 * @param int $arg        Order id.
	 */
	public static function deliver_async( $webhook_id, $arg ): void {
		$webhooks = self::all();
		if ( isset( $webhooks[ (int) $webhook_id ] ) && 'active' === $webhooks[ (int) $webhook_id ]->data['status'] ) {
			$webhooks[ (int) $webhook_id ]->deliver( (int) $arg );
		}
	}

	/**
	 * Builds the payload now and POSTs it.
	 *
	 * @param int $order_id Order id.
	 */
	public function deliver( int $order_id ): void {
		$order = wc_get_order( $order_id );
		if ( ! $order ) {
			return;
		}
		list( $resource, $event ) = explode( '.', $this->data['topic'] );
		$body                     = trim( wp_json_encode( Svc_Stand_In_Rest_Order::of( $order ) ) );
		$target                   = wp_parse_url( $this->data['delivery_url'] );
		$allow                    = static fn ( $external, $host ) => $external || ( $target['host'] ?? '' ) === $host;
		$ports                    = static fn ( $allowed ) => array_merge( (array) $allowed, array( (int) ( $target['port'] ?? 80 ) ) );
		// The test stack's hub listens on 127.0.0.1 and a high port: the two filters an intranet store adds
		// (docs/commerce.md), unless a test plays a store without them (option svc_stand_in_intranet_filters = no).
		$intranet = 'no' !== get_option( 'svc_stand_in_intranet_filters', 'yes' );
		if ( $intranet ) {
			add_filter( 'http_request_host_is_external', $allow, 10, 2 );
			add_filter( 'http_allowed_safe_ports', $ports );
		}
		$http_args  = array(
			'method'      => 'POST',
			'timeout'     => MINUTE_IN_SECONDS,
			'redirection' => 0,
			'httpversion' => '1.1',
			'blocking'    => true,
			'user-agent'  => sprintf( 'WooCommerce/%s Hookshot (WordPress/%s)', WC()->version, get_bloginfo( 'version' ) ),
			'body'        => $body,
			'cookies'     => array(),
			'headers'     => array(
				'Content-Type'             => 'application/json',
				'X-WC-Webhook-Source'      => home_url( '/' ),
				'X-WC-Webhook-Topic'       => $this->data['topic'],
				'X-WC-Webhook-Resource'    => $resource,
				'X-WC-Webhook-Event'       => $event,
				'X-WC-Webhook-Signature'   => base64_encode( hash_hmac( 'sha256', $body, wp_specialchars_decode( $this->data['secret'], ENT_QUOTES ), true ) ), // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode
				'X-WC-Webhook-ID'          => (string) $this->id,
				'X-WC-Webhook-Delivery-ID' => wp_hash( $this->id . time() ),
			),
		);
		$start_time = microtime( true );
		$response   = wp_safe_remote_request( $this->data['delivery_url'], $http_args );
		$duration   = round( microtime( true ) - $start_time, 5 );
		if ( $intranet ) {
			remove_filter( 'http_request_host_is_external', $allow, 10 );
			remove_filter( 'http_allowed_safe_ports', $ports );
		}
		$code = is_wp_error( $response ) ? 0 : (int) wp_remote_retrieve_response_code( $response );
		$this->record( $code >= 200 && $code <= 299 );
		// As WC_Webhook::deliver: after log_delivery() counted the failure.
		do_action( 'woocommerce_webhook_delivery', $http_args, $response, $duration, $order_id, $this->id );
	}

	/**
	 * Counts consecutive failures; more than the limit disables the webhook.
	 *
	 * @param bool $delivered Whether the receiver answered 2xx.
	 */
	private function record( bool $delivered ): void {
		$stored = (array) get_option( self::OPTION, array() );
		if ( ! isset( $stored[ $this->id ] ) ) {
			return;
		}
		$count                            = $delivered ? 0 : (int) $stored[ $this->id ]['failure_count'] + 1;
		$stored[ $this->id ]['failure_count'] = $count;
		if ( $count > apply_filters( 'woocommerce_max_webhook_delivery_failures', 5 ) ) {
			$stored[ $this->id ]['status'] = 'disabled';
		}
		update_option( self::OPTION, $stored, false );
	}
}
