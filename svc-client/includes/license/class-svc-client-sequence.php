<?php
/**
 * The order of the hub's deliveries: the `sequence` inside the signed body.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Reads a delivery's sequence and decides what it means against the one last applied.
 *
 * The sequence is read from the signed body only (`{"type":…,"sequence":4211,"data":…}`,
 * docs/propagation.md of the hub). The `svc-sequence` header the hub also sends is outside the
 * signature — anyone who captured a delivery could change it — and is never read.
 *
 * The hub numbers every message it queues, for all its sites, in one series, so the step from
 * one of this site's messages to its next is the number of messages the hub queued for all
 * sites in between. A step larger than MAX_STEP is refused: no hub sends ten million messages
 * between two of one site's (a hub of 10,000 sites would need a thousand changes per site in
 * between), and applying one would make every later delivery look stale. The first sequence
 * (none applied yet) is taken whatever it is: a site may join a hub that has sent millions.
 */
final class Svc_Client_Sequence {

	/** Largest step past the last applied sequence that is accepted. */
	public const MAX_STEP = 10000000;

	/** Largest sequence at all: 2^53 − 1, the largest whole number the hub's JSON carries exactly. */
	private const MAX = 9007199254740991;

	/**
	 * The sequence of a decoded message, 0 when it has none that is a whole number from 1 to
	 * 2^53 − 1 (a string, a fraction or 1e9 written as a float are none).
	 *
	 * @param array<string, mixed> $message The decoded body.
	 * @return int
	 */
	public static function of( array $message ): int {
		$sequence = $message['sequence'] ?? null;
		return is_int( $sequence ) && $sequence >= 1 && $sequence <= self::MAX ? $sequence : 0;
	}

	/**
	 * What a sequence means against the last applied one: `new`, `stale` (not newer) or `jump`
	 * (more than MAX_STEP past it).
	 *
	 * @param int $sequence The delivery's sequence (from of()).
	 * @param int $held     The last applied sequence, 0 for none.
	 * @return string
	 */
	public static function verdict( int $sequence, int $held ): string {
		if ( $sequence <= $held ) {
			return 'stale';
		}
		return $held > 0 && $sequence - $held > self::MAX_STEP ? 'jump' : 'new';
	}
}
