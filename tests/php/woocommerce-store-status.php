<?php
/**
 * Checks Svc_Hub_Woocommerce_Store_Status without WordPress: which delivery URLs are a hub's,
 * the last delivery kept from `woocommerce_webhook_delivery` (only a hub webhook's; status,
 * duration, an error and whether WordPress refused the address as unsafe), and the widget:
 * each hub webhook's URL, status and failures, what to do when one is disabled, the intranet
 * hint after a refused address, and the text when no webhook delivers to a hub.
 *
 * Usage: php tests/php/woocommerce-store-status.php → prints "ok" and exits 0, or each mismatch and exits 1.
 *
 * @package svc-hub
 */

// phpcs:disable Squiz.Commenting.FunctionComment.Missing, Generic.Files.OneObjectStructurePerFile.MultipleFound -- WordPress and WooCommerce stubbed in one script.

define( 'ABSPATH', __DIR__ . '/' );

$GLOBALS['svc_test_options']  = array();
$GLOBALS['svc_test_webhooks'] = array();

function wp_parse_url( $url, $component = -1 ) {
	return parse_url( $url, $component ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url
}
function __( $text, $domain = 'default' ) { // phpcs:ignore WordPress.NamingConventions.ValidFunctionName.FunctionDoubleUnderscore
	return $text;
}
function esc_html__( $text, $domain = 'default' ) {
	return htmlspecialchars( $text, ENT_QUOTES );
}
function esc_html( $text ) {
	return htmlspecialchars( $text, ENT_QUOTES );
}
function esc_url( $url ) {
	return htmlspecialchars( $url, ENT_QUOTES );
}
function admin_url( $path ) {
	return 'https://shop.example/wp-admin/' . $path;
}
function get_option( $name, $fallback = false ) {
	return $GLOBALS['svc_test_options'][ $name ] ?? $fallback;
}
function update_option( $name, $value, $autoload = null ) {
	$GLOBALS['svc_test_options'][ $name ] = $value;
	return true;
}
function is_wp_error( $value ) {
	return $value instanceof WP_Error;
}
function wp_remote_retrieve_response_code( $response ) {
	return $response['response']['code'];
}
/** WordPress's check, reduced to what the test needs: private addresses and other ports are refused. */
function wp_http_validate_url( $url ) {
	$parts = parse_url( $url ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url
	$port  = $parts['port'] ?? 443;
	return in_array( $port, array( 80, 443, 8080 ), true ) && ! preg_match( '/^(10|127|192\.168)\./', $parts['host'] ) ? $url : false;
}
function wc_get_webhook( $id ) {
	return $GLOBALS['svc_test_webhooks'][ (int) $id ] ?? null;
}

class WP_Error {
	private $message;
	public function __construct( $code, $message ) {
		$this->message = $message;
	}
	public function get_error_message() {
		return $this->message;
	}
}
class WC_Data_Store {
	public static function load( $type ) {
		return new self();
	}
	public function search_webhooks( $args ) {
		return array_keys( $GLOBALS['svc_test_webhooks'] );
	}
}
class Svc_Test_Webhook {
	public function __construct( private int $id, private string $name, private string $url, private string $status, private int $failures ) {}
	public function get_id() {
		return $this->id;
	}
	public function get_name() {
		return $this->name;
	}
	public function get_delivery_url() {
		return $this->url;
	}
	public function get_status() {
		return $this->status;
	}
	public function get_failure_count() {
		return $this->failures;
	}
}

require dirname( __DIR__, 2 ) . '/plugin/includes/woocommerce/class-svc-hub-woocommerce-store-status.php';

$failures = array();
$check    = static function ( string $name, $actual, $wanted ) use ( &$failures ): void {
	if ( $actual !== $wanted ) {
		$failures[] = $name . ': wanted ' . var_export( $wanted, true ) . ', got ' . var_export( $actual, true ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_var_export
	}
};
$contains = static function ( string $name, string $html, string $needle, bool $wanted = true ) use ( &$failures ): void {
	if ( str_contains( $html, $needle ) !== $wanted ) {
		$failures[] = $name . ( $wanted ? ': missing ' : ': unexpected ' ) . $needle;
	}
};
$render   = static function (): string {
	ob_start();
	( new Svc_Hub_Woocommerce_Store_Status() )->render();
	return (string) ob_get_clean();
};

// Which URLs are a hub's order webhook.
$check( 'pretty permalink', Svc_Hub_Woocommerce_Store_Status::is_hub_url( 'https://hub.example/wp-json/svc-license/v1/webhook/woo-order-paid' ), true );
$check( 'plain permalink', Svc_Hub_Woocommerce_Store_Status::is_hub_url( 'https://hub.example/?rest_route=/svc-license/v1/webhook/woo-order-paid' ), true );
$check( 'another receiver', Svc_Hub_Woocommerce_Store_Status::is_hub_url( 'https://crm.example/hooks/orders' ), false );

// No webhook to a hub.
$GLOBALS['svc_test_webhooks'] = array( 3 => new Svc_Test_Webhook( 3, 'CRM', 'https://crm.example/hooks/orders', 'active', 0 ) );
$contains( 'none', $render(), 'No WooCommerce webhook delivers orders to an svc-hub' );

// Deliveries: only a hub webhook's are kept.
$hub_url                      = 'https://hub.example/wp-json/svc-license/v1/webhook/woo-order-paid';
$GLOBALS['svc_test_webhooks'] = array(
	3 => new Svc_Test_Webhook( 3, 'CRM', 'https://crm.example/hooks/orders', 'active', 0 ),
	7 => new Svc_Test_Webhook( 7, 'Orders to svc-hub', $hub_url, 'active', 0 ),
);
$status                       = new Svc_Hub_Woocommerce_Store_Status();
$status->record_delivery( array(), array( 'response' => array( 'code' => 200 ) ), 0.12345, 41, 3 );
$check( 'other webhook not kept', get_option( Svc_Hub_Woocommerce_Store_Status::OPTION ), false );
$status->record_delivery( array(), array( 'response' => array( 'code' => 200 ) ), 0.12345, 42, 7 );
$last = get_option( Svc_Hub_Woocommerce_Store_Status::OPTION );
$check( 'kept', array( $last['webhook_id'], $last['http_status'], $last['error'], $last['duration'], $last['unsafe'] ), array( 7, 200, '', 0.123, false ) );
$html = $render();
$contains( 'hub url', $html, '<code>' . $hub_url . '</code>' );
$contains( 'status', $html, '<td class="svc-hub-store-status__status">active</td><td>0</td>' );
$contains( 'last delivery', $html, 'UTC — HTTP 200 in 0.123 s.' );
$contains( 'edit link', $html, 'section=webhooks&amp;edit-webhook=7' );
$contains( 'not other webhooks', $html, 'crm.example', false );
$contains( 'no hint while delivered', $html, 'http_request_host_is_external', false );

// Disabled after failures, the address refused as unsafe: both told.
$intranet                     = 'http://192.168.1.20:8787/wp-json/svc-license/v1/webhook/woo-order-paid';
$GLOBALS['svc_test_webhooks'] = array( 7 => new Svc_Test_Webhook( 7, 'Orders to svc-hub', $intranet, 'disabled', 6 ) );
$status->record_delivery( array(), new WP_Error( 'http_request_failed', 'A valid URL was not provided.' ), 0.001, 43, 7 );
$html = $render();
$check( 'refused', get_option( Svc_Hub_Woocommerce_Store_Status::OPTION )['unsafe'], true );
$contains( 'disabled status', $html, '<td class="svc-hub-store-status__status">disabled</td><td>6</td>' );
$contains( 'error shown', $html, 'A valid URL was not provided. in 0.001 s.' );
$contains( 'what to do when disabled', $html, 'set the webhook&#039;s status back to Active' );
$contains( 'intranet hint', $html, 'http_request_host_is_external' );
$contains( 'intranet ports', $html, 'http_allowed_safe_ports' );

// A hub that answered 401: a failure, but not the address.
$GLOBALS['svc_test_webhooks'] = array( 7 => new Svc_Test_Webhook( 7, 'Orders to svc-hub', $hub_url, 'active', 1 ) );
$status->record_delivery( array(), array( 'response' => array( 'code' => 401 ) ), 0.2, 44, 7 );
$html = $render();
$contains( '401 shown', $html, 'HTTP 401 in 0.2 s.' );
$contains( 'no hint for a 401', $html, 'http_request_host_is_external', false );

if ( $failures ) {
	echo implode( "\n", $failures ), "\n";
	exit( 1 );
}
echo "ok\n";
