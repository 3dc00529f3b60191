<?php
/**
 * WooCommerce Subscriptions on the hub site → the worker: subscription events, never lost.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Hooks WooCommerce Subscriptions' `woocommerce_subscription_status_updated( $subscription,
 * $new, $old )`, `woocommerce_subscription_renewal_payment_complete( $subscription,
 * $last_order )` and `woocommerce_subscription_renewal_payment_failed( $subscription,
 * $last_order )`, and sends each to the worker's signed `POST
 * /svc-hub/v1/internal/woo-subscription-event` as `{event, subscription, renewal_order?}` with
 * the facts as they were when it happened. Like order events, each is queued first (its own
 * queue: one entry per subscription and status, or per renewal order and outcome), delivered
 * with whatever is still queued for that subscription, in order, and removed only once the
 * worker answered 2xx; the rest goes out with the order bridge's re-send (WP-Cron every minute,
 * brought forward after a failure; a request's shutdown at most once a minute).
 * The worker looks up the subscription's hub order (the one its parent order paid); a
 * subscription of no hub order is answered `unmatched` and dropped.
 */
final class Svc_Hub_Woocommerce_Subscription_Bridge {

	/** Option name prefix of the queue. */
	public const QUEUE_PREFIX = '_svc_hub_woo_subscription_event_';

	/** Worker route the events go to (under /wp-json). */
	private const ROUTE = '/svc-hub/v1/internal/woo-subscription-event';

	/** Most entries one re-send run delivers. */
	private const BATCH = 100;

	/** @var Svc_Hub_Worker_Client */
	private Svc_Hub_Worker_Client $client;

	/** @var Svc_Hub_Woocommerce_Event_Queue */
	private Svc_Hub_Woocommerce_Event_Queue $queue;

	/** @var Closure Called after a failed delivery: the order bridge brings its re-send forward. */
	private Closure $on_failure;

	/**
	 * @param Svc_Hub_Worker_Client           $client     Signed calls to the worker.
	 * @param Svc_Hub_Woocommerce_Event_Queue $queue      Subscription events not yet acknowledged.
	 * @param Closure                         $on_failure Called after a failed delivery.
	 */
	public function __construct( Svc_Hub_Worker_Client $client, Svc_Hub_Woocommerce_Event_Queue $queue, Closure $on_failure ) {
		$this->client     = $client;
		$this->queue      = $queue;
		$this->on_failure = $on_failure;
	}

	/**
	 * Hooks into WooCommerce Subscriptions (harmless without it: its hooks never fire).
	 */
	public function register_hooks(): void {
		add_action( 'woocommerce_subscription_status_updated', array( $this, 'on_status_updated' ), 10, 3 );
		add_action( 'woocommerce_subscription_renewal_payment_complete', array( $this, 'on_renewal_payment_complete' ), 10, 2 );
		add_action( 'woocommerce_subscription_renewal_payment_failed', array( $this, 'on_renewal_payment_failed' ), 10, 2 );
	}

	/**
	 * `woocommerce_subscription_status_updated` action.
	 *
	 * @param WC_Subscription $subscription The subscription.
	 * @param string          $new_status   New status.
	 * @param string          $old_status   Old status.
	 */
	public function on_status_updated( $subscription, $new_status = '', $old_status = '' ): void {
		$this->handle( $subscription, 'status_updated', 'status_' . (string) $new_status, null );
	}

	/**
	 * `woocommerce_subscription_renewal_payment_complete` action.
	 *
	 * @param WC_Subscription $subscription The subscription.
	 * @param WC_Order        $last_order   The renewal order.
	 */
	public function on_renewal_payment_complete( $subscription, $last_order = null ): void {
		$this->handle( $subscription, 'renewal_payment_complete', 'renewal_paid', $last_order );
	}

	/**
	 * `woocommerce_subscription_renewal_payment_failed` action.
	 *
	 * @param WC_Subscription $subscription The subscription.
	 * @param WC_Order        $last_order   The renewal order.
	 */
	public function on_renewal_payment_failed( $subscription, $last_order = null ): void {
		$this->handle( $subscription, 'renewal_payment_failed', 'renewal_failed', $last_order );
	}

	/**
	 * Part of the order bridge's re-send (WP-Cron's `svc_hub_woo_resend`, a request's shutdown):
	 * what is queued, in order; it stops at the first entry that does not arrive.
	 *
	 * @return bool False when the worker did not answer.
	 */
	public function resend(): bool {
		$blocked = array();
		foreach ( $this->queue->entries( null, self::BATCH ) as $entry ) {
			$id = (int) $entry['order_id'];
			if ( isset( $blocked[ $id ] ) || (int) $entry['next_at'] > time() ) {
				$blocked[ $id ] = true;
				continue;
			}
			$status = $this->deliver( $entry );
			if ( 0 === $status ) {
				return false;
			}
			if ( $status < 200 || $status > 299 ) {
				$blocked[ $id ] = true;
			}
		}
		return true;
	}

	/**
	 * Whether no subscription event waits.
	 *
	 * @return bool
	 */
	public function is_empty(): bool {
		return $this->queue->is_empty();
	}

	/**
	 * Queues the event and delivers the subscription's queue.
	 *
	 * @param WC_Subscription|mixed $subscription The subscription.
	 * @param string                $event        What happened (the worker's event name).
	 * @param string                $kind         Queue key: one entry per subscription and kind.
	 * @param WC_Order|null         $renewal      The renewal order of a renewal event.
	 */
	private function handle( $subscription, string $event, string $kind, $renewal ): void {
		if ( ! is_object( $subscription ) || ! method_exists( $subscription, 'get_billing_period' ) ) {
			return;
		}
		$body = array(
			'event'        => $event,
			'subscription' => Svc_Hub_Woocommerce_Subscription_Facts::of( $subscription ),
		);
		if ( null !== $renewal ) {
			if ( ! is_object( $renewal ) ) {
				return;
			}
			$body['renewal_order'] = Svc_Hub_Woocommerce_Order_Facts::of( $renewal );
			$kind                 .= '_' . (int) $renewal->get_id();
		}
		$id = (int) $subscription->get_id();
		$this->queue->put( $id, $kind, $body );
		foreach ( $this->queue->entries( $id ) as $entry ) {
			$status = $this->deliver( $entry );
			if ( $status < 200 || $status > 299 ) {
				return;
			}
		}
	}

	/**
	 * Sends one entry; removes it when acknowledged, else counts the attempt and logs.
	 *
	 * @param array $entry Queue entry (its `order` is the request body).
	 * @return int HTTP status, 0 when the worker did not answer.
	 */
	private function deliver( array $entry ): int {
		$answer = $this->client->post_json( self::ROUTE, $entry['order'] );
		if ( $answer['status'] >= 200 && $answer['status'] <= 299 ) {
			$this->queue->remove( $entry );
			return $answer['status'];
		}
		$this->queue->postpone( $entry );
		( $this->on_failure )();
		error_log( // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log
			sprintf(
				'svc-hub: WooCommerce subscription %d (%s) was not acknowledged by the worker (%s, attempt %d); it stays queued and is re-sent every minute.',
				$entry['order_id'],
				$entry['status'],
				0 === $answer['status'] ? 'no answer' : 'HTTP ' . $answer['status'],
				(int) $entry['attempts'] + 1
			)
		);
		return $answer['status'];
	}
}
