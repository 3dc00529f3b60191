<?php
/**
 * Checks Svc_Hub_Woocommerce_Ai_Overage without WordPress, with the worker's answers as
 * worker/src/http/handlers/ai-overage.ts writes them and WC_Order / WC_Order_Item_Fee as
 * WooCommerce's API has them: the fee line on a USD renewal order (once, also when the hook runs
 * again), the note and no fee on an order in another currency, a "billed" the worker did not
 * take kept for the re-send and its periods billed by no other order, exact sums and rounding.
 *
 * Usage: php tests/php/woocommerce-ai-overage.php → prints "ok" and exits 0, or each mismatch and exits 1.
 *
 * @package svc-hub
 */

define( 'ABSPATH', __DIR__ . '/' );
ini_set( 'error_log', '/dev/null' ); // phpcs:ignore WordPress.PHP.IniSet -- the class logs what it could not do; this test checks what it did.

$options = array();
function get_option( $name, $fallback = false ) {
	global $options;
	return $options[ $name ] ?? $fallback;
}
function update_option( $name, $value, $autoload = null ) {
	global $options;
	$options[ $name ] = $value;
	return true;
}
function delete_option( $name ) {
	global $options;
	unset( $options[ $name ] );
	return true;
}
function wc_get_price_decimals() {
	return 2;
}
function wp_json_encode( $value ) {
	return json_encode( $value );
}

/** The worker, scripted: each route answers the next queued answer; every request is kept. */
final class Svc_Hub_Worker_Client {
	public array $sent    = array();
	public array $answers = array();
	public function post_json( string $route, array $payload ): array {
		$this->sent[] = array( $route, $payload );
		$next         = array_shift( $this->answers[ $route ] );
		return null === $next ? array( 'status' => 0, 'body' => '', 'error' => 'down' ) : array( 'status' => $next[0], 'body' => json_encode( $next[1] ), 'error' => '' );
	}
}

/** WC_Order_Item_Fee's API as the class uses it. */
class WC_Order_Item_Fee {
	public array $props = array();
	public array $meta  = array();
	public function set_name( $value ) {
		$this->props['name'] = $value;
	}
	public function set_amount( $value ) {
		$this->props['amount'] = $value;
	}
	public function set_total( $value ) {
		$this->props['total'] = $value;
	}
	public function set_tax_status( $value ) {
		$this->props['tax_status'] = $value;
	}
	public function add_meta_data( $key, $value, $unique = false ) {
		$this->meta[ $key ] = $value;
	}
	public function get_meta( $key = '', $single = true ) {
		return $this->meta[ $key ] ?? '';
	}
}

/** A renewal order with WC_Order's API. */
final class Fake_Order {
	public array $fees     = array();
	public array $notes    = array();
	public array $meta     = array();
	public array $totalled = array();
	public function __construct( public int $id, public string $currency ) {}
	public function get_id() {
		return $this->id;
	}
	public function get_currency() {
		return $this->currency;
	}
	public function get_fees() {
		return $this->fees;
	}
	public function add_item( $item ) {
		$this->fees[] = $item;
	}
	public function calculate_totals( $and_taxes = true ) {
		$this->totalled[] = $and_taxes;
	}
	public function add_order_note( $note ) {
		$this->notes[] = $note;
	}
	public function get_meta( $key ) {
		return $this->meta[ $key ] ?? '';
	}
	public function update_meta_data( $key, $value ) {
		$this->meta[ $key ] = $value;
	}
	public function save() {}
}

$subscription = new class() {
	public function get_id() {
		return 812;
	}
};

require dirname( __DIR__, 2 ) . '/plugin/includes/woocommerce/class-svc-hub-woocommerce-ai-overage.php';

$failures = array();
$check    = static function ( string $name, $actual, $wanted ) use ( &$failures ): void {
	if ( $actual !== $wanted ) {
		$failures[] = sprintf( '%s: expected %s, got %s', $name, var_export( $wanted, true ), var_export( $actual, true ) );
	}
};

const UNBILLED = '/svc-hub/v1/internal/ai-overage';
const BILLED   = '/svc-hub/v1/internal/ai-overage/billed';
$lines         = array(
	array( 'period_id' => 'aip_01AAAAAAAAAAAAAAAAAAAAAAAA', 'period' => 'month', 'starts_at' => '2026-01-05T00:00:00.000Z', 'ends_at' => '2026-02-05T00:00:00.000Z', 'overage' => '1.23000000', 'billed_reference' => null ),
	array( 'period_id' => 'aip_01BBBBBBBBBBBBBBBBBBBBBBBB', 'period' => 'month', 'starts_at' => '2026-02-05T00:00:00.000Z', 'ends_at' => '2026-03-05T00:00:00.000Z', 'overage' => '0.00500001', 'billed_reference' => null ),
);
$quote         = static fn ( array $lines ) => array( 200, array( 'object' => 'ai_overage', 'currency' => 'USD', 'total' => Svc_Hub_Woocommerce_Ai_Overage::sum( $lines ), 'lines' => $lines ) );
$ok            = array( 200, array( 'object' => 'ai_overage_billed', 'billed' => array(), 'already' => array(), 'refused' => array() ) );

// A USD renewal order: one fee, no tax, the exact USD in its meta, the total recalculated without taxes, a note; then "billed".
$client  = new Svc_Hub_Worker_Client();
$overage = new Svc_Hub_Woocommerce_Ai_Overage( $client );
$client->answers = array( UNBILLED => array( $quote( $lines ), $quote( $lines ) ), BILLED => array( $ok, $ok ) );
$order   = new Fake_Order( 900, 'USD' );
$check( 'the filter returns the order', $overage->on_renewal_order_created( $order, $subscription ), $order );
$check( 'one fee', count( $order->fees ), 1 );
$check(
	'fee props',
	$order->fees[0]->props,
	array( 'name' => 'AI usage over allowance, 2026-01-05 to 2026-03-05 (2 periods)', 'amount' => '1.24', 'total' => '1.24', 'tax_status' => 'none' )
);
$check( 'fee meta', $order->fees[0]->meta, array( '_svc_hub_ai_overage_periods' => 'aip_01AAAAAAAAAAAAAAAAAAAAAAAA,aip_01BBBBBBBBBBBBBBBBBBBBBBBB', '_svc_hub_ai_overage_usd' => '1.23500001' ) );
$check( 'totals without taxes', $order->totalled, array( false ) );
$check( 'asked for the subscription and the order', $client->sent[0], array( UNBILLED, array( 'subscription_id' => 812, 'renewal_order_id' => 900 ) ) );
$billed_body = array( 'subscription_id' => 812, 'renewal_order_id' => 900, 'period_ids' => array( 'aip_01AAAAAAAAAAAAAAAAAAAAAAAA', 'aip_01BBBBBBBBBBBBBBBBBBBBBBBB' ), 'amount' => '1.23500001' );
$check( 'reported billed', $client->sent[1], array( BILLED, $billed_body ) );
$check( 'a note on the order', count( $order->notes ), 1 );

// The hook again on the same order (a retry): no second fee, "billed" again (the worker answers `already`).
$overage->on_renewal_order_created( $order, $subscription );
$check( 'still one fee', count( $order->fees ), 1 );
$check( 'billed again, same body', $client->sent[3], array( BILLED, $billed_body ) );

// An order in EUR: no fee, one note (also on a second run), nothing reported billed.
$client->sent    = array();
$client->answers = array( UNBILLED => array( $quote( $lines ), $quote( $lines ) ), BILLED => array() );
$euro            = new Fake_Order( 901, 'EUR' );
$overage->on_renewal_order_created( $euro, $subscription );
$overage->on_renewal_order_created( $euro, $subscription );
$check( 'no fee in EUR', $euro->fees, array() );
$check( 'one note in EUR', count( $euro->notes ), 1 );
$check( 'the note says why', str_contains( $euro->notes[0] ?? '', '1.23500001 USD' ) && str_contains( $euro->notes[0] ?? '', 'in EUR' ), true );
$check( 'nothing billed from EUR', array_column( $client->sent, 0 ), array( UNBILLED, UNBILLED ) );

// "billed" not taken (worker gone): kept; another renewal order meanwhile does not bill those periods; the re-send clears it.
$client->sent    = array();
$client->answers = array( UNBILLED => array( $quote( array( $lines[0] ) ) ), BILLED => array() );
$first           = new Fake_Order( 902, 'USD' );
$overage->on_renewal_order_created( $first, $subscription );
$check( 'fee added', count( $first->fees ), 1 );
$check( 'pending kept', array_keys( get_option( Svc_Hub_Woocommerce_Ai_Overage::PENDING_OPTION, array() ) ), array( 902 ) );
$client->answers = array( UNBILLED => array( $quote( array( $lines[0] ) ) ), BILLED => array() );
$second          = new Fake_Order( 903, 'USD' );
$overage->on_renewal_order_created( $second, $subscription );
$check( 'held periods are billed by no other order', $second->fees, array() );
$client->answers = array( BILLED => array( $ok ) );
$overage->resend();
$check( 're-sent and cleared', get_option( Svc_Hub_Woocommerce_Ai_Overage::PENDING_OPTION, 'none' ), 'none' );

// The worker does not answer the question: the order is returned as it was.
$client->answers = array( UNBILLED => array() );
$quiet           = new Fake_Order( 904, 'USD' );
$check( 'unchanged when the worker is down', $overage->on_renewal_order_created( $quiet, $subscription ), $quiet );
$check( 'no fee when the worker is down', $quiet->fees, array() );
$check( 'not an order: returned as is', $overage->on_renewal_order_created( 'x', $subscription ), 'x' );

// Exact arithmetic.
$check( 'sum', Svc_Hub_Woocommerce_Ai_Overage::sum( array( array( 'overage' => '0.99999999' ), array( 'overage' => '12.00000001' ) ) ), '13.00000000' );
foreach ( array( array( '0.004', '0.00' ), array( '0.005', '0.01' ), array( '9.995', '10.00' ), array( '12.34499999', '12.34' ), array( '0', '0.00' ) ) as list( $in, $out ) ) {
	$check( "round $in", Svc_Hub_Woocommerce_Ai_Overage::round_half_up( $in, 2 ), $out );
}
$check( 'round to 0 places', Svc_Hub_Woocommerce_Ai_Overage::round_half_up( '99.5', 0 ), '100' );

if ( array() !== $failures ) {
	echo implode( "\n", $failures ), "\n";
	exit( 1 );
}
echo "ok\n";
