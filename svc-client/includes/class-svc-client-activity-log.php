<?php
/**
 * The recent deliveries and checks, for the settings screen.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * A ring of the last 50 events (`svc_client_activity`, not autoloaded): when, what (delivery,
 * check, connection test, library sync), the outcome and a short detail. Never a secret, a
 * header or a body.
 */
final class Svc_Client_Activity_Log {

	public const OPTION = 'svc_client_activity';

	/** Events kept. */
	private const KEEP = 50;

	/**
	 * Records one event.
	 *
	 * @param string $kind    delivery, check, test, library.
	 * @param string $outcome applied, ignored, refused, ok, failed…
	 * @param string $detail  One line for the admin.
	 */
	public static function add( string $kind, string $outcome, string $detail ): void {
		$events   = self::all();
		$events[] = array(
			'at'      => time(),
			'kind'    => $kind,
			'outcome' => $outcome,
			'detail'  => mb_substr( $detail, 0, 300 ),
		);
		update_option( self::OPTION, array_slice( $events, -self::KEEP ), false );
	}

	/**
	 * Every kept event, oldest first.
	 *
	 * @return array<int, array{at: int, kind: string, outcome: string, detail: string}>
	 */
	public static function all(): array {
		$events = get_option( self::OPTION, array() );
		return is_array( $events ) ? array_values( $events ) : array();
	}
}
