<?php
/**
 * WooCommerce on the hub site → the worker: order events, never lost.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Hooks WooCommerce's order events (`woocommerce_order_status_changed`,
 * `woocommerce_payment_complete`) for orders carrying `svc_hub_order_id`, and sends each
 * order's facts to the worker's signed `POST /svc-hub/v1/internal/woo-order-event`.
 *
 * Every event is queued first (Svc_Hub_Woocommerce_Event_Queue), then delivered together
 * with anything still queued for the same order, in order; an entry leaves the queue only
 * when the worker answered 2xx. What is left is re-sent by WP-Cron every minute
 * (`svc_hub_woo_resend`) and, at most once a minute, at the end of any request.
 */
final class Svc_Hub_Woocommerce_Bridge {

	/** WP-Cron hook of the re-send. */
	public const RESEND_HOOK = 'svc_hub_woo_resend';

	/** WP-Cron schedule of the re-send. */
	public const SCHEDULE = 'svc_hub_every_minute';

	/**
	 * Autoloaded option (read for free on every request): 0 when nothing waits, else the
	 * unix time from which a request may re-send on shutdown.
	 */
	public const RETRY_OPTION = 'svc_hub_woo_retry_at';

	/** Worker route the events go to (under /wp-json). */
	private const ROUTE = '/svc-hub/v1/internal/woo-order-event';

	/** Statuses whose changes matter to the hub. */
	private const STATUSES = array( 'pending', 'on-hold', 'processing', 'completed', 'refunded', 'cancelled', 'failed' );

	/** Seconds between two re-sends from request shutdowns. */
	private const RETRY_INTERVAL = 60;

	/** Most entries one re-send run delivers. */
	private const BATCH = 100;

	/** @var Svc_Hub_Worker_Client */
	private Svc_Hub_Worker_Client $client;

	/** @var Svc_Hub_Woocommerce_Event_Queue */
	private Svc_Hub_Woocommerce_Event_Queue $queue;

	/** @var array<string,true> `order id:status` pairs already handled in this request. */
	private array $handled = array();

	/** @var Svc_Hub_Woocommerce_Subscription_Bridge WooCommerce Subscriptions' events (docs/commerce.md, "Subscriptions"). */
	private Svc_Hub_Woocommerce_Subscription_Bridge $subscriptions;

	/**
	 * @param Svc_Hub_Worker_Client           $client Signed calls to the worker.
	 * @param Svc_Hub_Woocommerce_Event_Queue $queue  Events not yet acknowledged.
	 */
	public function __construct( Svc_Hub_Worker_Client $client, Svc_Hub_Woocommerce_Event_Queue $queue ) {
		$this->client        = $client;
		$this->queue         = $queue;
		$this->subscriptions = new Svc_Hub_Woocommerce_Subscription_Bridge(
			$client,
			new Svc_Hub_Woocommerce_Event_Queue( Svc_Hub_Woocommerce_Subscription_Bridge::QUEUE_PREFIX ),
			Closure::fromCallable( array( $this, 'note_failure' ) )
		);
	}

	/**
	 * `cron_schedules` filter: adds the one-minute schedule (always, so WP-Cron can
	 * reschedule the event in every request). Other plugins run this filter while plugins load
	 * (any wp_schedule_event() then), where translating would log "translation loading was
	 * triggered too early" (WordPress 6.7+): the label is translated only once `init` has run.
	 *
	 * @param mixed $schedules Schedules.
	 * @return array
	 */
	public static function add_schedule( $schedules ): array {
		$schedules                   = is_array( $schedules ) ? $schedules : array();
		$schedules[ self::SCHEDULE ] = array(
			'interval' => MINUTE_IN_SECONDS,
			'display'  => did_action( 'init' ) ? __( 'Every minute (svc-hub)', 'svc-hub' ) : 'Every minute (svc-hub)',
		);
		return $schedules;
	}

	/**
	 * Hooks into WP-Cron, always: what is queued still goes out if WooCommerce is
	 * deactivated meanwhile (with the facts recorded when the events happened).
	 */
	public function register_cron_hooks(): void {
		add_filter( 'cron_schedules', array( self::class, 'add_schedule' ) );
		add_action( self::RESEND_HOOK, array( $this, 'resend' ) );
	}

	/**
	 * Hooks into WooCommerce. Call once WooCommerce is loaded.
	 */
	public function register_woocommerce_hooks(): void {
		add_action( 'woocommerce_order_status_changed', array( $this, 'on_status_changed' ), 10, 4 );
		add_action( 'woocommerce_payment_complete', array( $this, 'on_payment_complete' ), 10, 2 );
		add_action( 'woocommerce_order_partially_refunded', array( $this, 'on_partially_refunded' ), 10, 2 );
		$this->subscriptions->register_hooks();
		( new Svc_Hub_Woocommerce_Ai_Overage( $this->client ) )->register_hooks();
		add_action( 'init', array( $this, 'ensure_scheduled' ) );
		add_action( 'shutdown', array( $this, 'maybe_resend' ) );
	}

	/**
	 * Plugin deactivation: no re-send without the plugin (the queue stays for its return).
	 */
	public static function deactivate(): void {
		wp_clear_scheduled_hook( self::RESEND_HOOK );
	}

	/**
	 * `woocommerce_order_status_changed` action.
	 *
	 * @param int           $order_id Order id.
	 * @param string        $from     Old status.
	 * @param string        $to       New status.
	 * @param WC_Order|null $order    The order.
	 */
	public function on_status_changed( $order_id, $from = '', $to = '', $order = null ): void {
		$this->handle( $order ?: wc_get_order( $order_id ), 'woocommerce_order_status_changed' );
	}

	/**
	 * `woocommerce_payment_complete` action.
	 *
	 * @param int    $order_id       Order id.
	 * @param string $transaction_id Gateway transaction id.
	 */
	public function on_payment_complete( $order_id, $transaction_id = '' ): void {
		$this->handle( wc_get_order( $order_id ), 'woocommerce_payment_complete' );
	}

	/**
	 * `woocommerce_order_partially_refunded` action: the status stays, so no status change
	 * carries the refund; the order's facts go with it in `refunds[]` (docs/commerce.md "Coverage").
	 *
	 * @param int $order_id  Order id.
	 * @param int $refund_id The refund's id.
	 */
	public function on_partially_refunded( $order_id, $refund_id = 0 ): void {
		$this->handle( wc_get_order( $order_id ), 'woocommerce_order_partially_refunded', ':refund-' . (int) $refund_id );
	}

	/**
	 * `init` action: the re-send is always scheduled while the bridge runs (reading the
	 * schedule costs nothing: WordPress autoloads it).
	 */
	public function ensure_scheduled(): void {
		if ( false === wp_next_scheduled( self::RESEND_HOOK ) ) {
			wp_schedule_event( time() + MINUTE_IN_SECONDS, self::SCHEDULE, self::RESEND_HOOK );
		}
		if ( false === get_option( self::RETRY_OPTION ) ) {
			add_option( self::RETRY_OPTION, 0, '', 'yes' );
		}
	}

	/**
	 * `shutdown` action: re-sends when something waits and the last try is a minute old
	 * (for sites where WP-Cron seldom runs).
	 */
	public function maybe_resend(): void {
		$retry_at = (int) get_option( self::RETRY_OPTION, 0 );
		if ( 0 === $retry_at || $retry_at > time() || wp_doing_cron() ) {
			return;
		}
		update_option( self::RETRY_OPTION, time() + self::RETRY_INTERVAL );
		$this->resend();
	}

	/**
	 * WP-Cron's `svc_hub_woo_resend`: delivers what is due in the queue, in order, then the
	 * subscription events' queue. It stops at the first entry that fails to arrive (the worker
	 * is likely down), and never sends an order's later event before an earlier one that failed.
	 */
	public function resend(): void {
		$blocked = array();
		foreach ( $this->queue->entries( null, self::BATCH ) as $entry ) {
			$order_id = (int) $entry['order_id'];
			if ( isset( $blocked[ $order_id ] ) || (int) $entry['next_at'] > time() ) {
				$blocked[ $order_id ] = true;
				continue;
			}
			$status = $this->deliver( $entry, 'resend' );
			if ( 0 === $status ) {
				return;
			}
			if ( $status < 200 || $status > 299 ) {
				$blocked[ $order_id ] = true;
			}
		}
		if ( ! $this->subscriptions->resend() ) {
			return;
		}
		if ( $this->queue->is_empty() && $this->subscriptions->is_empty() ) {
			update_option( self::RETRY_OPTION, 0 );
		}
	}

	/**
	 * Queues the order's event and delivers the order's queue.
	 *
	 * @param WC_Order|false|null $order The order.
	 * @param string              $event Hook that fired.
	 * @param string              $once  What makes this event one of its own in the request (a refund's id).
	 */
	private function handle( $order, string $event, string $once = '' ): void {
		if ( ! is_object( $order ) || null === Svc_Hub_Woocommerce_Order_Facts::hub_order_id_of( $order ) ) {
			return;
		}
		// A renewal order (it may carry the parent's copied meta) reaches the worker through its subscription's hooks.
		if ( Svc_Hub_Woocommerce_Subscription_Facts::is_renewal_order( $order ) ) {
			return;
		}
		$order_id = (int) $order->get_id();
		$status   = (string) $order->get_status();
		$key      = $order_id . ':' . $status . $once;
		if ( ! in_array( $status, self::STATUSES, true ) || isset( $this->handled[ $key ] ) ) {
			return;
		}
		$this->handled[ $key ] = true;
		$this->queue->put( $order_id, $status, Svc_Hub_Woocommerce_Order_Facts::of( $order ) );
		foreach ( $this->queue->entries( $order_id ) as $entry ) {
			$status_code = $this->deliver( $entry, $event );
			if ( $status_code < 200 || $status_code > 299 ) {
				return;
			}
		}
	}

	/**
	 * Sends one entry; removes it when acknowledged, else counts the attempt and logs.
	 * The facts are the order's current ones while it still has the entry's status, else the
	 * ones recorded with the event (so a payment is applied before a later refund).
	 *
	 * @param array  $entry Queue entry.
	 * @param string $event Why it is sent.
	 * @return int HTTP status, 0 when the worker did not answer.
	 */
	private function deliver( array $entry, string $event ): int {
		$facts = $entry['order'];
		$order = function_exists( 'wc_get_order' ) ? wc_get_order( (int) $entry['order_id'] ) : false;
		if ( is_object( $order ) && $order->get_status() === $entry['status'] ) {
			$facts = Svc_Hub_Woocommerce_Order_Facts::of( $order );
		}
		$answer = $this->client->post_json(
			self::ROUTE,
			array(
				'event' => $event,
				'order' => $facts,
			)
		);
		if ( $answer['status'] >= 200 && $answer['status'] <= 299 ) {
			$this->queue->remove( $entry );
			return $answer['status'];
		}
		$this->queue->postpone( $entry );
		$this->note_failure();
		error_log( // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log
			sprintf(
				'svc-hub: WooCommerce order %d (%s) was not acknowledged by the worker (%s, attempt %d); it stays queued and is re-sent every minute.',
				$entry['order_id'],
				$entry['status'],
				0 === $answer['status'] ? 'no answer: ' . $answer['error'] : 'HTTP ' . $answer['status'] . ' ' . self::error_code( $answer['body'] ),
				(int) $entry['attempts'] + 1
			)
		);
		return $answer['status'];
	}

	/**
	 * After a failed delivery: the first failure in a minute brings WP-Cron's next re-send
	 * forward to now (the next cron run retries); requests wait a minute.
	 */
	private function note_failure(): void {
		if ( (int) get_option( self::RETRY_OPTION, 0 ) <= time() ) {
			$next = wp_next_scheduled( self::RESEND_HOOK );
			if ( false === $next || $next > time() ) {
				if ( false !== $next ) {
					wp_unschedule_event( $next, self::RESEND_HOOK );
				}
				wp_schedule_event( time(), self::SCHEDULE, self::RESEND_HOOK );
			}
		}
		update_option( self::RETRY_OPTION, time() + self::RETRY_INTERVAL );
	}

	/**
	 * The `code` of a worker error body, for the log ("" when none).
	 *
	 * @param string $body Answer body.
	 * @return string
	 */
	private static function error_code( string $body ): string {
		$data = json_decode( $body, true );
		return is_array( $data ) && isset( $data['code'] ) && is_string( $data['code'] ) ? substr( $data['code'], 0, 64 ) : '';
	}
}
