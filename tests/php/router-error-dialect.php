<?php
/**
 * Checks Svc_Hub_Error_Dialect::in_dialect(): the shell's and WordPress's own errors on the router's
 * namespace carry OpenAI's error object (Anthropic's on /messages and below) and
 * `x-should-retry: false` when retrying cannot cure them; other namespaces, successes and the
 * worker's own answers pass unchanged. Without WordPress.
 *
 * Usage: php tests/php/router-error-dialect.php   → prints "ok" and exits 0, or each failure and exits 1.
 *
 * @package svc-hub
 */

define( 'ABSPATH', __DIR__ . '/' );

/**
 * Translation stand-in.
 *
 * @param string $text Text.
 * @return string
 */
function __( string $text ): string {
	return $text;
}

/**
 * WordPress's unslash stand-in.
 *
 * @param string $value Value.
 * @return string
 */
function wp_unslash( $value ) {
	return $value;
}

/** WordPress's REST answer, as much of it as the shell uses. */
class WP_REST_Response {
	/**
	 * Headers set.
	 *
	 * @var array
	 */
	private array $headers = array();
	/**
	 * Body and status.
	 *
	 * @param mixed $data   Body.
	 * @param int   $status Status.
	 */
	public function __construct( private $data = null, private int $status = 200 ) {}
	/** The body. */
	public function get_data() {
		return $this->data;
	}
	/**
	 * Sets the body.
	 *
	 * @param mixed $data Body.
	 */
	public function set_data( $data ): void {
		$this->data = $data;
	}
	/** The status. */
	public function get_status(): int {
		return $this->status;
	}
	/**
	 * Sets a header.
	 *
	 * @param string $name  Name.
	 * @param string $value Value.
	 */
	public function header( string $name, string $value ): void {
		$this->headers[ $name ] = $value;
	}
	/** The headers. */
	public function get_headers(): array {
		return $this->headers;
	}
}

/** The worker's answer, passed through as it came. */
class Svc_Hub_Worker_Response extends WP_REST_Response {}

require dirname( __DIR__, 2 ) . '/plugin/includes/forwarding/class-svc-hub-errors.php';
require dirname( __DIR__, 2 ) . '/plugin/includes/forwarding/class-svc-hub-error-dialect.php';

$failures = array();
$check    = static function ( string $what, $actual, $expected ) use ( &$failures ): void {
	if ( $actual !== $expected ) {
		$failures[] = $what . ': expected ' . var_export( $expected, true ) . ', got ' . var_export( $actual, true );
	}
};

$_SERVER['HTTP_X_REQUEST_ID'] = 'req_TEST';
$chat                         = '/llm/router/v1/chat/completions';

$down = Svc_Hub_Error_Dialect::in_dialect( Svc_Hub_Errors::worker_unavailable(), $chat );
$check( 'the 503 keeps its WordPress code', $down->get_data()['code'], 'svc_worker_unavailable' );
$check(
	'the 503 carries OpenAI\'s error object',
	$down->get_data()['error'],
	array(
		'message' => Svc_Hub_Errors::unreachable_message(),
		'type'    => 'server_error',
		'param'   => null,
		'code'    => 'svc_worker_unavailable',
	)
);
$check( 'the worker being down may be retried', $down->get_headers()['x-should-retry'] ?? null, null );

$bad_path = Svc_Hub_Error_Dialect::in_dialect( Svc_Hub_Errors::control_character_in_path(), '/LLM/Router/v1/models' );
$check( 'param names the first bad field', $bad_path->get_data()['error']['param'] ?? null, 'path' );
$check( 'the type of a 400', $bad_path->get_data()['error']['type'] ?? null, 'invalid_request_error' );
$check( 'a 400 is not worth retrying', $bad_path->get_headers()['x-should-retry'] ?? null, 'false' );

$no_route = Svc_Hub_Error_Dialect::in_dialect(
	new WP_REST_Response(
		array(
			'code'    => 'rest_no_route',
			'message' => 'No route was found matching the URL and request method.',
			'data'    => array( 'status' => 404 ),
		),
		404
	),
	'/llm/router/v1/nowhere'
);
$check( 'WordPress\'s own 404 gets the object', $no_route->get_data()['error']['code'] ?? null, 'rest_no_route' );

$busy = Svc_Hub_Error_Dialect::in_dialect( new WP_REST_Response( array( 'code' => 'svc_busy', 'message' => 'Busy.', 'data' => array( 'status' => 503 ) ), 503 ), $chat );
$check( 'a busy shell may be retried', $busy->get_headers()['x-should-retry'] ?? null, null );
$spent = Svc_Hub_Error_Dialect::in_dialect( new WP_REST_Response( array( 'code' => 'svc_budget_exceeded', 'message' => 'Spent.', 'data' => array( 'status' => 429 ) ), 429 ), $chat );
$check( 'a spent budget is insufficient_quota', $spent->get_data()['error']['type'] ?? null, 'insufficient_quota' );
$check( 'a spent budget is not worth retrying', $spent->get_headers()['x-should-retry'] ?? null, 'false' );

$messages = Svc_Hub_Error_Dialect::in_dialect( Svc_Hub_Errors::worker_unavailable(), '/llm/router/v1/messages/count_tokens' );
$check( 'Anthropic: type', $messages->get_data()['type'] ?? null, 'error' );
$check(
	'Anthropic: error',
	$messages->get_data()['error'] ?? null,
	array(
		'type'    => 'overloaded_error',
		'message' => Svc_Hub_Errors::unreachable_message(),
	)
);
$check( 'Anthropic: request_id', $messages->get_data()['request_id'] ?? null, 'req_TEST' );
$check( 'Anthropic: the WordPress code stays', $messages->get_data()['code'] ?? null, 'svc_worker_unavailable' );
$check( 'Anthropic 404', Svc_Hub_Error_Dialect::anthropic_type( 404 ), 'not_found_error' );
$check( 'Anthropic 413', Svc_Hub_Error_Dialect::anthropic_type( 413 ), 'request_too_large' );
$check( 'Anthropic 502', Svc_Hub_Error_Dialect::anthropic_type( 502 ), 'api_error' );
$check( 'Anthropic 431', Svc_Hub_Error_Dialect::anthropic_type( 431 ), 'invalid_request_error' );

$other = Svc_Hub_Error_Dialect::in_dialect( Svc_Hub_Errors::worker_unavailable(), '/svc-commerce/v1/orders' );
$check( 'other namespaces keep the plain shape', array_keys( $other->get_data() ), array( 'code', 'message', 'data' ) );
$near = Svc_Hub_Error_Dialect::in_dialect( Svc_Hub_Errors::worker_unavailable(), '/llm/router/v10/chat' );
$check( 'a namespace that only begins alike', isset( $near->get_data()['error'] ), false );
$worker = Svc_Hub_Error_Dialect::in_dialect( new Svc_Hub_Worker_Response( array( 'code' => 'svc_invalid_key', 'message' => 'No.' ), 401 ), $chat );
$check( 'the worker\'s answer passes unchanged', $worker->get_data(), array( 'code' => 'svc_invalid_key', 'message' => 'No.' ) );
$check( 'the worker\'s headers too', $worker->get_headers(), array() );
$ok = Svc_Hub_Error_Dialect::in_dialect( new WP_REST_Response( array( 'object' => 'list' ), 200 ), $chat );
$check( 'a success passes unchanged', $ok->get_data(), array( 'object' => 'list' ) );

if ( $failures ) {
	echo implode( "\n", $failures ), "\n";
	exit( 1 );
}
echo "ok\n";
