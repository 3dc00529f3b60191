<?php
/**
 * "Test connection": can this site reach its hub, and does the hub take its key?
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Two steps, each reported: the hub's public health route (`llm/router/v1/health`, is the
 * hub there and healthy), then the session check (is the key valid, what does it hold).
 */
final class Svc_Client_Connection_Test {

	/**
	 * Runs the test.
	 *
	 * @return array{ok: bool, steps: array<int, array{name: string, ok: bool, detail: string}>}
	 */
	public static function run(): array {
		$hub = Svc_Client_Hub_Client::from_settings();
		if ( ! $hub->is_configured() ) {
			return array(
				'ok'    => false,
				'steps' => array( self::step( __( 'Settings', 'svc-client' ), false, __( 'Enter the hub URL and the API key first.', 'svc-client' ) ) ),
			);
		}
		$health = $hub->request( 'GET', 'llm/router/v1/health' );
		$body   = json_decode( $health['body'], true );
		$status = is_array( $body ) ? (string) ( $body['status'] ?? '' ) : '';
		$steps  = array(
			self::step(
				__( 'Hub health', 'svc-client' ),
				200 === $health['status'] && 'ok' === $status,
				200 === $health['status'] ? sprintf( 'status: %s', '' === $status ? 'unknown' : $status ) : Svc_Client_Hub_Client::describe( $health )
			),
		);
		if ( $steps[0]['ok'] ) {
			$check   = Svc_Client_Session_Check::run();
			$steps[] = self::step( __( 'Key and licence', 'svc-client' ), 'ok' === $check['outcome'], $check['detail'] );
		}
		$ok = array() === array_filter( $steps, static fn( $step ) => ! $step['ok'] );
		Svc_Client_Activity_Log::add( 'test', $ok ? 'ok' : 'failed', implode( ' | ', array_map( static fn( $step ) => $step['name'] . ': ' . $step['detail'], $steps ) ) );
		return array(
			'ok'    => $ok,
			'steps' => $steps,
		);
	}

	/**
	 * One reported step.
	 *
	 * @param string $name   Step name.
	 * @param bool   $ok     Whether it passed.
	 * @param string $detail What happened.
	 * @return array{name: string, ok: bool, detail: string}
	 */
	private static function step( string $name, bool $ok, string $detail ): array {
		return array(
			'name'   => $name,
			'ok'     => $ok,
			'detail' => $detail,
		);
	}
}
