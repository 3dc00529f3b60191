<?php
/**
 * WooCommerce stand-in: WC_DateTime (includes/class-wc-datetime.php).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * A DateTime in the site's timezone, as WooCommerce returns order dates.
 */
class WC_DateTime extends DateTime {

	/** @var int|null UTC offset when the site uses one instead of a timezone. */
	protected $utc_offset = 0;

	/**
	 * ISO 8601 (`c`), as WooCommerce prints it.
	 *
	 * @return string
	 */
	public function __toString() {
		return $this->format( DATE_ATOM );
	}

	/**
	 * A date from a unix timestamp, in the site's timezone.
	 *
	 * @param int $timestamp Unix seconds.
	 * @return WC_DateTime
	 */
	public static function from_timestamp( int $timestamp ): WC_DateTime {
		$date = new self( '@' . $timestamp, new DateTimeZone( 'UTC' ) );
		$date->setTimezone( wp_timezone() );
		return $date;
	}

	/**
	 * Sets the UTC offset.
	 *
	 * @param int $offset Seconds.
	 */
	public function set_utc_offset( $offset ) {
		$this->utc_offset = intval( $offset );
	}

	/**
	 * The UTC offset in seconds.
	 *
	 * @return int
	 */
	#[\ReturnTypeWillChange]
	public function getOffset() {
		return $this->utc_offset ? $this->utc_offset : parent::getOffset();
	}

	/**
	 * Unix timestamp (UTC).
	 *
	 * @return int
	 */
	#[\ReturnTypeWillChange]
	public function getTimestamp() {
		return method_exists( 'DateTime', 'getTimestamp' ) ? parent::getTimestamp() : $this->format( 'U' );
	}

	/**
	 * The timestamp with the offset applied (what WooCommerce calls local time).
	 *
	 * @return int
	 */
	public function getOffsetTimestamp() { // phpcs:ignore WordPress.NamingConventions.ValidFunctionName.MethodNameInvalid
		return $this->getTimestamp() + $this->getOffset();
	}

	/**
	 * Formats the local time like date().
	 *
	 * @param string $format Date format.
	 * @return string
	 */
	public function date( $format ) {
		return gmdate( $format, $this->getOffsetTimestamp() );
	}

	/**
	 * Formats the local time like date_i18n().
	 *
	 * @param string $format Date format.
	 * @return string
	 */
	public function date_i18n( $format = 'Y-m-d' ) {
		return date_i18n( $format, $this->getOffsetTimestamp() );
	}
}
