<?php
/**
 * The hub's AI figures, checked: the `ai` block of the licence and the `ai.threshold` alert.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Plain PHP (no WordPress), so tests/php/svc-client/ai-figures.php runs it on the CLI.
 *
 * Money is exact: USD as decimal strings with up to 8 places, added and subtracted as whole
 * 10⁻⁸ units (PHP's 64-bit integers), never as floats (docs/architecture.md §11). A figure is
 * a string of digits, at most 10 before the point; a JSON number, a negative, a word or a
 * longer string is not one, and the whole block is refused with the path of the first wrong
 * field (never its value: a hub's answer may be anything, of any size).
 *
 * The shapes (docs/architecture.md §5, `GET /entitlement`): `ai` = { currency, allowance: { amount,
 * period, used, resets_at } | null, credits: { balance }, overage: { mode, cap, used } | null,
 * alerts: [ { threshold, reached_at } ] }; an `ai.threshold` alert = { threshold, used, amount,
 * currency, resets_at, kind? } — `kind` is `allowance` (when absent) or `credits` (the hub also
 * alerts when a credit pack is 50, 80 or 100 % spent; `amount` is then what was credited).
 */
final class Svc_Client_Ai_Figures {

	public const PERIODS = array( 'month', 'year', 'term', 'total' );

	public const THRESHOLDS = array( 50, 80, 100 );

	public const OVERAGE_MODES = array( 'stop', 'bill' );

	public const ALERT_KINDS = array( 'allowance', 'credits' );

	/** Alerts kept from one block (the hub sends at most three a period). */
	private const MAX_ALERTS = 20;

	/** 10⁻⁸ units in one dollar. */
	private const UNITS = 100000000;

	private const DECIMAL = '/\A(0|[1-9][0-9]{0,9})(\.[0-9]{1,8})?\z/';

	private const ISO_TIME = '/\A[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})\z/';

	/**
	 * The hub's `ai` block, checked and normalised (every figure with 8 places), or why not.
	 *
	 * @param mixed $block The decoded `ai` value (null: the hub has no AI figures for the site).
	 * @return array{0: array<string, mixed>|null, 1: string} [block or null, "" or the problem]
	 */
	public static function check_block( $block ): array {
		if ( null === $block ) {
			return array( null, '' );
		}
		try {
			$block     = self::object( $block, 'ai' );
			$allowance = null === ( $block['allowance'] ?? null ) ? null : self::object( $block['allowance'], 'ai.allowance' );
			$overage   = null === ( $block['overage'] ?? null ) ? null : self::object( $block['overage'], 'ai.overage' );
			$alerts    = $block['alerts'] ?? array();
			if ( ! is_array( $alerts ) || ! array_is_list( $alerts ) ) {
				throw new InvalidArgumentException( 'ai.alerts is not a list' );
			}
			$clean = array(
				'currency'  => self::currency( $block['currency'] ?? null, 'ai.currency' ),
				'allowance' => null === $allowance ? null : array(
					'amount'    => self::decimal( $allowance['amount'] ?? null, 'ai.allowance.amount' ),
					'period'    => self::one_of( $allowance['period'] ?? null, self::PERIODS, 'ai.allowance.period' ),
					'used'      => self::decimal( $allowance['used'] ?? null, 'ai.allowance.used' ),
					'resets_at' => self::time_or_null( $allowance['resets_at'] ?? null, 'ai.allowance.resets_at' ),
				),
				'credits'   => array( 'balance' => self::decimal( self::object( $block['credits'] ?? null, 'ai.credits' )['balance'] ?? null, 'ai.credits.balance' ) ),
				'overage'   => null === $overage ? null : array(
					'mode' => self::one_of( $overage['mode'] ?? null, self::OVERAGE_MODES, 'ai.overage.mode' ),
					'cap'  => self::decimal( $overage['cap'] ?? null, 'ai.overage.cap' ),
					'used' => self::decimal( $overage['used'] ?? null, 'ai.overage.used' ),
				),
				'alerts'    => array(),
			);
			foreach ( array_slice( $alerts, 0, self::MAX_ALERTS ) as $index => $alert ) {
				$alert              = self::object( $alert, "ai.alerts[$index]" );
				$clean['alerts'][] = array(
					'threshold'  => self::one_of( $alert['threshold'] ?? null, self::THRESHOLDS, "ai.alerts[$index].threshold" ),
					'reached_at' => self::time( $alert['reached_at'] ?? null, "ai.alerts[$index].reached_at" ),
				);
			}
			return array( $clean, '' );
		} catch ( InvalidArgumentException $problem ) {
			return array( null, $problem->getMessage() );
		}
	}

	/**
	 * An `ai.threshold` alert's data, checked and normalised, or why not.
	 *
	 * @param mixed $data The message's `data`.
	 * @return array{0: array{threshold: int, used: string, amount: string, currency: string, resets_at: string|null, kind: string}|null, 1: string}
	 */
	public static function check_threshold( $data ): array {
		try {
			$data = self::object( $data, 'data' );
			return array(
				array(
					'threshold' => self::one_of( $data['threshold'] ?? null, self::THRESHOLDS, 'data.threshold' ),
					'used'      => self::decimal( $data['used'] ?? null, 'data.used' ),
					'amount'    => self::decimal( $data['amount'] ?? null, 'data.amount' ),
					'currency'  => self::currency( $data['currency'] ?? null, 'data.currency' ),
					'resets_at' => self::time_or_null( $data['resets_at'] ?? null, 'data.resets_at' ),
					'kind'      => self::one_of( $data['kind'] ?? 'allowance', self::ALERT_KINDS, 'data.kind' ),
				),
				'',
			);
		} catch ( InvalidArgumentException $problem ) {
			return array( null, $problem->getMessage() );
		}
	}

	/**
	 * What is left of an allowance: amount − used, never below zero, exact.
	 *
	 * @param string $amount A checked figure.
	 * @param string $used   A checked figure.
	 * @return string
	 */
	public static function remaining( string $amount, string $used ): string {
		return self::from_units( max( 0, self::units( $amount ) - self::units( $used ) ) );
	}

	/**
	 * Used as a whole percent of amount, rounded down, at most 100 (0 for an amount of 0).
	 *
	 * @param string $amount A checked figure.
	 * @param string $used   A checked figure.
	 * @return int
	 */
	public static function percent( string $amount, string $used ): int {
		$amount_units = self::units( $amount );
		return 0 === $amount_units ? 0 : (int) min( 100, intdiv( self::units( $used ) * 100, $amount_units ) );
	}

	/**
	 * A checked figure for people: two places at least, no trailing zeros past them ("4.00",
	 * "0.012345"), exact.
	 *
	 * @param string $figure A checked figure.
	 * @return string
	 */
	public static function for_people( string $figure ): string {
		$parts = explode( '.', $figure . '.' );
		return $parts[0] . '.' . str_pad( rtrim( $parts[1], '0' ), 2, '0' );
	}

	/**
	 * A checked figure in 10⁻⁸ units (at most 10 digits before the point: below 2^63).
	 *
	 * @param string $decimal A checked figure.
	 * @return int
	 */
	private static function units( string $decimal ): int {
		$parts = explode( '.', $decimal . '.' );
		return (int) $parts[0] * self::UNITS + (int) str_pad( $parts[1], 8, '0' );
	}

	/**
	 * 10⁻⁸ units as a figure with 8 places.
	 *
	 * @param int $units Non-negative units.
	 * @return string
	 */
	private static function from_units( int $units ): string {
		return intdiv( $units, self::UNITS ) . '.' . str_pad( (string) ( $units % self::UNITS ), 8, '0', STR_PAD_LEFT );
	}

	/**
	 * A JSON object (a PHP array with string keys, or an empty one).
	 *
	 * @param mixed  $value Value.
	 * @param string $path  Where it is, for the problem.
	 * @return array<string, mixed>
	 */
	private static function object( $value, string $path ): array {
		if ( ! is_array( $value ) || ( array() !== $value && array_is_list( $value ) ) ) {
			throw new InvalidArgumentException( "$path is not an object" );
		}
		return $value;
	}

	/**
	 * A non-negative decimal string, normalised to 8 places.
	 *
	 * @param mixed  $value Value.
	 * @param string $path  Where it is.
	 * @return string
	 */
	private static function decimal( $value, string $path ): string {
		if ( ! is_string( $value ) || ! preg_match( self::DECIMAL, $value ) ) {
			throw new InvalidArgumentException( "$path is not a decimal string of at most 10 digits and 8 places" );
		}
		return self::from_units( self::units( $value ) );
	}

	/**
	 * One of the allowed values, compared strictly.
	 *
	 * @param mixed                  $value   Value.
	 * @param array<int, int|string> $allowed Allowed values.
	 * @param string                 $path    Where it is.
	 * @return int|string
	 */
	private static function one_of( $value, array $allowed, string $path ) {
		if ( ! in_array( $value, $allowed, true ) ) {
			throw new InvalidArgumentException( "$path is not one of " . implode( ', ', $allowed ) );
		}
		return $value;
	}

	/**
	 * A currency code: three capital letters.
	 *
	 * @param mixed  $value Value.
	 * @param string $path  Where it is.
	 * @return string
	 */
	private static function currency( $value, string $path ): string {
		if ( ! is_string( $value ) || ! preg_match( '/\A[A-Z]{3}\z/', $value ) ) {
			throw new InvalidArgumentException( "$path is not a currency code" );
		}
		return $value;
	}

	/**
	 * An ISO 8601 time with its offset.
	 *
	 * @param mixed  $value Value.
	 * @param string $path  Where it is.
	 * @return string
	 */
	private static function time( $value, string $path ): string {
		if ( ! is_string( $value ) || ! preg_match( self::ISO_TIME, $value ) || false === strtotime( $value ) ) {
			throw new InvalidArgumentException( "$path is not an ISO 8601 time" );
		}
		return $value;
	}

	/**
	 * An ISO 8601 time, or null.
	 *
	 * @param mixed  $value Value.
	 * @param string $path  Where it is.
	 * @return string|null
	 */
	private static function time_or_null( $value, string $path ): ?string {
		return null === $value ? null : self::time( $value, $path );
	}
}
