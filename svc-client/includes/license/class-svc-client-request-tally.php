<?php
/**
 * Requests to the receiver that anyone can send, counted instead of logged.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Counts, per kind, the receiver's requests that need no secret to send, so they never take a
 * place in the activity log (Svc_Client_Activity_Log, which keeps only 50 events: 55 unsigned
 * POSTs used to push every real delivery out of it):
 *
 * - `unverified` — refused before or at verification (401, 413): anyone can send them;
 * - `duplicate` — a delivery already applied, acknowledged again: anyone who captured one can
 *   repeat it while its timestamp is within five minutes.
 *
 * One small option, `svc_client_request_tally` (autoloaded, so reading it costs no query), holds
 * per kind: how many, since when, the last one counted and why. Writes are bounded: at most
 * WRITES_PER_MINUTE per kind in any minute; beyond that a request is not counted and costs no
 * write, and the kind is marked `capped` — its count is then a lower bound ("at least"). Twenty a
 * minute count exactly what a stray scanner or a hub's repeated attempt sends; a flood costs the
 * database one small write every three seconds.
 */
final class Svc_Client_Request_Tally {

	public const OPTION = 'svc_client_request_tally';

	/** The kinds counted. */
	public const KINDS = array( 'unverified', 'duplicate' );

	/** Most writes per kind in one minute. */
	public const WRITES_PER_MINUTE = 20;

	/** Longest detail kept, in characters. */
	private const DETAIL_CHARS = 200;

	/**
	 * Counts one request.
	 *
	 * @param string $kind   unverified or duplicate.
	 * @param string $detail Why it was refused, or which delivery it repeated; never a secret or a body.
	 */
	public static function count( string $kind, string $detail ): void {
		if ( ! in_array( $kind, self::KINDS, true ) ) {
			return;
		}
		$all   = self::all();
		$entry = $all[ $kind ];
		$now   = time();
		if ( $now - $entry['minute_start'] >= MINUTE_IN_SECONDS ) {
			$entry['minute_start']  = $now;
			$entry['minute_writes'] = 0;
		}
		if ( $entry['minute_writes'] >= self::WRITES_PER_MINUTE ) {
			return;
		}
		++$entry['minute_writes'];
		++$entry['count'];
		$entry['since']       = 0 === $entry['since'] ? $now : $entry['since'];
		$entry['last_at']     = $now;
		$entry['last_detail'] = mb_substr( $detail, 0, self::DETAIL_CHARS );
		$entry['capped']      = $entry['capped'] || self::WRITES_PER_MINUTE === $entry['minute_writes'];
		$all[ $kind ]         = $entry;
		update_option( self::OPTION, $all, true );
	}

	/**
	 * Every kind's tally: count, since, last_at (unix seconds, 0 for never), last_detail, and
	 * capped (requests past the limit went uncounted: the count is a lower bound).
	 *
	 * @return array<string, array{count: int, since: int, last_at: int, last_detail: string, capped: bool, minute_start: int, minute_writes: int}>
	 */
	public static function all(): array {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		$all    = array();
		foreach ( self::KINDS as $kind ) {
			$entry        = is_array( $stored[ $kind ] ?? null ) ? $stored[ $kind ] : array();
			$all[ $kind ] = array(
				'count'         => (int) ( $entry['count'] ?? 0 ),
				'since'         => (int) ( $entry['since'] ?? 0 ),
				'last_at'       => (int) ( $entry['last_at'] ?? 0 ),
				'last_detail'   => (string) ( $entry['last_detail'] ?? '' ),
				'capped'        => (bool) ( $entry['capped'] ?? false ),
				'minute_start'  => (int) ( $entry['minute_start'] ?? 0 ),
				'minute_writes' => (int) ( $entry['minute_writes'] ?? 0 ),
			);
		}
		return $all;
	}
}
