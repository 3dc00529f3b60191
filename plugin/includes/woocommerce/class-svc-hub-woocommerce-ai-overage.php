<?php
/**
 * AI overage billed on the next renewal order (WooCommerce Subscriptions on the hub site).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Filters WooCommerce Subscriptions' `wcs_renewal_order_created( $renewal_order, $subscription )`
 * (it must return the order; WooCommerce Subscriptions charges the order's total after it): asks
 * the worker (`POST /svc-hub/v1/internal/ai-overage`) for the overage of the subscription's
 * closed allowance periods not yet billed, adds it as one fee line ("AI usage over allowance,
 * <period>", no tax) and recalculates the total, then tells the worker which periods the order
 * billed (`…/ai-overage/billed`), each once (docs/commerce.md "Subscriptions").
 *
 * Overage is USD. An order in another currency is not billed — no exchange rate is ever guessed:
 * the order gets a note saying what is unbilled, the periods stay unbilled for the statement
 * (`hub ai statement`). A retried hook on the same order finds its fee (item meta) and adds
 * nothing; a "billed" the worker did not acknowledge waits in an option, is re-sent with the
 * order bridge's WP-Cron re-send, and its periods are billed by no other order meanwhile.
 */
final class Svc_Hub_Woocommerce_Ai_Overage {

	/** Worker routes (under /wp-json). */
	private const ROUTE_UNBILLED = '/svc-hub/v1/internal/ai-overage';
	private const ROUTE_BILLED   = '/svc-hub/v1/internal/ai-overage/billed';

	/** Fee item meta: the periods it bills (comma-separated ids) and their exact USD. */
	public const META_PERIODS = '_svc_hub_ai_overage_periods';
	public const META_USD     = '_svc_hub_ai_overage_usd';

	/** Option: "billed" calls not yet acknowledged, by renewal order id. */
	public const PENDING_OPTION = 'svc_hub_ai_overage_pending';

	/** Order meta: the note about an unbillable overage was written. */
	private const META_NOTED = '_svc_hub_ai_overage_noted';

	/** @var Svc_Hub_Worker_Client */
	private Svc_Hub_Worker_Client $client;

	/**
	 * @param Svc_Hub_Worker_Client $client Signed calls to the worker.
	 */
	public function __construct( Svc_Hub_Worker_Client $client ) {
		$this->client = $client;
	}

	/**
	 * Hooks the filter (harmless without WooCommerce Subscriptions: it never runs) and the re-send.
	 */
	public function register_hooks(): void {
		add_filter( 'wcs_renewal_order_created', array( $this, 'on_renewal_order_created' ), 10, 2 );
		add_action( Svc_Hub_Woocommerce_Bridge::RESEND_HOOK, array( $this, 'resend' ) );
	}

	/**
	 * `wcs_renewal_order_created` filter: returns the order, its overage fee added when there is one.
	 *
	 * @param WC_Order|mixed        $renewal_order The renewal order.
	 * @param WC_Subscription|mixed $subscription  The subscription it renews.
	 * @return WC_Order|mixed The same order.
	 */
	public function on_renewal_order_created( $renewal_order, $subscription = null ) {
		if ( is_object( $renewal_order ) && method_exists( $renewal_order, 'get_fees' ) && is_object( $subscription ) && method_exists( $subscription, 'get_id' ) ) {
			try {
				$this->bill( $renewal_order, (int) $subscription->get_id() );
			} catch ( Throwable $error ) {
				self::log( sprintf( 'renewal order %d: %s', (int) $renewal_order->get_id(), $error->getMessage() ) );
			}
		}
		return $renewal_order;
	}

	/**
	 * Re-sends the "billed" calls the worker did not acknowledge (WP-Cron, and before each bill).
	 */
	public function resend(): void {
		$pending = self::pending();
		foreach ( $pending as $order_id => $body ) {
			$status = $this->client->post_json( self::ROUTE_BILLED, $body )['status'];
			if ( 0 !== $status && $status < 500 ) {
				unset( $pending[ $order_id ] );
			}
		}
		self::save_pending( $pending );
	}

	/**
	 * Adds the fee (once) and reports the periods billed.
	 *
	 * @param WC_Order $order           The renewal order.
	 * @param int      $subscription_id The subscription's id.
	 */
	private function bill( $order, int $subscription_id ): void {
		$order_id = (int) $order->get_id();
		$this->resend();
		$ids    = array(
			'subscription_id'  => $subscription_id,
			'renewal_order_id' => $order_id,
		);
		$answer = $this->client->post_json( self::ROUTE_UNBILLED, $ids );
		$quote  = 200 === $answer['status'] ? json_decode( $answer['body'], true ) : null;
		if ( ! is_array( $quote ) || ! isset( $quote['lines'] ) || ! is_array( $quote['lines'] ) ) {
			self::log( sprintf( 'renewal order %d: the AI overage could not be read (%s); nothing is billed for it on this order, it stays on the statement', $order_id, 0 === $answer['status'] ? 'no answer' : 'HTTP ' . $answer['status'] ) );
			return;
		}
		$lines = self::not_pending_elsewhere( $quote['lines'], $order_id );
		if ( array() === $lines ) {
			return;
		}
		$usd     = self::sum( $lines );
		$periods = implode( ',', array_column( $lines, 'period_id' ) );
		$fee     = self::fee_of( $order );
		if ( null === $fee ) {
			if ( 'USD' !== strtoupper( (string) $order->get_currency() ) ) {
				self::note_unbillable( $order, $usd, count( $lines ) );
				return;
			}
			$amount = self::round_half_up( $usd, function_exists( 'wc_get_price_decimals' ) ? wc_get_price_decimals() : 2 );
			if ( 0 === (int) preg_match( '/[1-9]/', $amount ) ) {
				return;
			}
			$fee = new WC_Order_Item_Fee();
			$fee->set_name( 'AI usage over allowance, ' . self::label( $lines ) );
			$fee->set_amount( $amount );
			$fee->set_total( $amount );
			$fee->set_tax_status( 'none' );
			$fee->add_meta_data( self::META_PERIODS, $periods, true );
			$fee->add_meta_data( self::META_USD, $usd, true );
			$order->add_item( $fee );
			$order->calculate_totals( false );
			$order->add_order_note( sprintf( 'svc-hub: AI usage over allowance, %s USD over %d period(s), billed on this order (%s).', $usd, count( $lines ), $amount ) );
		}
		$body = $ids + array(
			'period_ids' => explode( ',', (string) $fee->get_meta( self::META_PERIODS ) ),
			'amount'     => (string) $fee->get_meta( self::META_USD ),
		);
		$this->report_billed( $order_id, $body );
	}

	/**
	 * Tells the worker the periods are billed; keeps the call for the re-send when it does not answer.
	 *
	 * @param int   $order_id Renewal order id.
	 * @param array $body     The "billed" body.
	 */
	private function report_billed( int $order_id, array $body ): void {
		$answer = $this->client->post_json( self::ROUTE_BILLED, $body );
		if ( 200 === $answer['status'] ) {
			$result = json_decode( $answer['body'], true );
			if ( is_array( $result ) && ! empty( $result['refused'] ) ) {
				self::log( sprintf( 'renewal order %d: periods %s were not marked billed by it (billed elsewhere or changed)', $order_id, implode( ', ', (array) $result['refused'] ) ) );
			}
			return;
		}
		if ( 0 === $answer['status'] || $answer['status'] >= 500 ) {
			$pending              = self::pending();
			$pending[ $order_id ] = $body;
			self::save_pending( $pending );
		}
		self::log( sprintf( 'renewal order %d: the worker did not take the billed AI overage (%s)', $order_id, 0 === $answer['status'] ? 'no answer; re-sent every minute' : 'HTTP ' . $answer['status'] ) );
	}

	/**
	 * The order's overage fee, added by an earlier run of this hook.
	 *
	 * @param WC_Order $order The order.
	 * @return WC_Order_Item_Fee|null
	 */
	private static function fee_of( $order ) {
		foreach ( $order->get_fees() as $fee ) {
			if ( '' !== (string) $fee->get_meta( self::META_PERIODS ) ) {
				return $fee;
			}
		}
		return null;
	}

	/**
	 * Once per order: a note that the overage is not billed on it, and why.
	 *
	 * @param WC_Order $order The order.
	 * @param string   $usd   The overage, USD.
	 * @param int      $count How many periods.
	 */
	private static function note_unbillable( $order, string $usd, int $count ): void {
		if ( '' !== (string) $order->get_meta( self::META_NOTED ) ) {
			return;
		}
		$order->add_order_note(
			sprintf(
				'svc-hub: AI usage over allowance of %s USD (%d period(s)) is not billed on this order: the order is in %s and svc-hub never converts USD at a guessed rate. It stays unbilled on the statement (hub ai statement).',
				$usd,
				$count,
				(string) $order->get_currency()
			)
		);
		$order->update_meta_data( self::META_NOTED, gmdate( 'c' ) );
		$order->save();
	}

	/**
	 * The lines no other renewal order is waiting to report billed.
	 *
	 * @param array $lines    The worker's lines.
	 * @param int   $order_id This order.
	 * @return array
	 */
	private static function not_pending_elsewhere( array $lines, int $order_id ): array {
		$held = array();
		foreach ( self::pending() as $other => $body ) {
			if ( (int) $other !== $order_id ) {
				$held = array_merge( $held, (array) ( $body['period_ids'] ?? array() ) );
			}
		}
		return array_values(
			array_filter(
				$lines,
				static fn ( $line ) => is_array( $line ) && is_string( $line['period_id'] ?? null ) && is_string( $line['overage'] ?? null )
					&& ! in_array( $line['period_id'], $held, true )
			)
		);
	}

	/**
	 * "2026-01-05 to 2026-02-05": from the first period's start to the last one's end.
	 *
	 * @param array $lines The lines.
	 * @return string
	 */
	private static function label( array $lines ): string {
		$day  = static fn ( $iso ) => substr( (string) $iso, 0, 10 );
		$last = $lines[ count( $lines ) - 1 ];
		return $day( $lines[0]['starts_at'] ?? '' ) . ' to ' . $day( $last['ends_at'] ?? '' ) . ( count( $lines ) > 1 ? ' (' . count( $lines ) . ' periods)' : '' );
	}

	/**
	 * Exact sum of 8-place decimals (integer 10⁻⁸ units, never floats).
	 *
	 * @param array $lines The lines.
	 * @return string 8 places.
	 */
	public static function sum( array $lines ): string {
		$units = 0;
		foreach ( $lines as $line ) {
			list( $whole, $fraction ) = array_pad( explode( '.', (string) $line['overage'] ), 2, '' );
			$units                   += (int) $whole * 100000000 + (int) str_pad( substr( $fraction, 0, 8 ), 8, '0' );
		}
		return intdiv( $units, 100000000 ) . '.' . str_pad( (string) ( $units % 100000000 ), 8, '0', STR_PAD_LEFT );
	}

	/**
	 * A plain decimal rounded half up to `$places` (string arithmetic: "1.23456789", 2 → "1.23").
	 *
	 * @param string $decimal Non-negative plain decimal.
	 * @param int    $places  Decimals kept.
	 * @return string
	 */
	public static function round_half_up( string $decimal, int $places ): string {
		list( $whole, $fraction ) = array_pad( explode( '.', $decimal ), 2, '' );
		$fraction                 = str_pad( $fraction, $places + 1, '0' );
		$digits                   = ltrim( $whole . substr( $fraction, 0, $places ), '0' );
		$digits                   = '' === $digits ? '0' : $digits;
		if ( (int) $fraction[ $places ] >= 5 ) {
			$digits = self::increment( $digits );
		}
		$digits = str_pad( $digits, $places + 1, '0', STR_PAD_LEFT );
		return $places > 0 ? substr( $digits, 0, -$places ) . '.' . substr( $digits, -$places ) : $digits;
	}

	/**
	 * A digit string plus one.
	 *
	 * @param string $digits Digits.
	 * @return string
	 */
	private static function increment( string $digits ): string {
		for ( $index = strlen( $digits ) - 1; $index >= 0; $index-- ) {
			if ( '9' !== $digits[ $index ] ) {
				return substr( $digits, 0, $index ) . ( (int) $digits[ $index ] + 1 ) . str_repeat( '0', strlen( $digits ) - $index - 1 );
			}
		}
		return '1' . str_repeat( '0', strlen( $digits ) );
	}

	/** @return array<int,array> Pending "billed" bodies by renewal order id. */
	private static function pending(): array {
		$value = get_option( self::PENDING_OPTION, array() );
		return is_array( $value ) ? $value : array();
	}

	/**
	 * @param array $pending Pending "billed" bodies.
	 */
	private static function save_pending( array $pending ): void {
		if ( array() === $pending ) {
			delete_option( self::PENDING_OPTION );
		} else {
			update_option( self::PENDING_OPTION, $pending, false );
		}
	}

	/**
	 * @param string $message What happened.
	 */
	private static function log( string $message ): void {
		error_log( 'svc-hub: AI overage: ' . $message ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log
	}
}
