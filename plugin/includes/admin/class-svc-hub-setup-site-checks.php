<?php
/**
 * The setup checklist's items WordPress answers: the direct lane, cron, WooCommerce.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Advice and information, never blockers: without the direct lane the WordPress lane serves
 * every route; without cron the WooCommerce events queued for a worker that was down are sent
 * late; WooCommerce is needed only to sell packages (docs/architecture.md "Setup checklist").
 */
final class Svc_Hub_Setup_Site_Checks {

	/** Minutes an event may be late before cron counts as not running. */
	private const LATE_MINUTES = 15;

	/** @var Svc_Hub_Setup_Probe */
	private Svc_Hub_Setup_Probe $probe;

	/**
	 * @param Svc_Hub_Setup_Probe $probe The call to the site's public URL.
	 */
	public function __construct( Svc_Hub_Setup_Probe $probe ) {
		$this->probe = $probe;
	}

	/**
	 * The items.
	 *
	 * @return array<int, array>
	 */
	public function items(): array {
		return array( $this->direct_lane(), $this->cron(), $this->woocommerce() );
	}

	/** @return array The public API at the site's address is answered by the worker itself. */
	private function direct_lane(): array {
		$title = __( 'Direct lane (nginx)', 'svc-hub' );
		$lane  = $this->probe->public_lane();
		$url   = home_url( Svc_Hub_Incoming_Request::PATH_PREFIX . Svc_Hub_Setup_Probe::LANE_ROUTE );
		if ( 'direct' === $lane ) {
			/* translators: %s: URL. */
			return Svc_Hub_Setup_Checklist::item( 'direct_lane', 'ok', $title, sprintf( __( 'The web server sends %s straight to the worker.', 'svc-hub' ), $url ) );
		}
		/* translators: %s: URL. */
		$detail = sprintf( __( 'WordPress could not reach its own address %s to check (advice only: the API works through WordPress).', 'svc-hub' ), $url );
		if ( 'wordpress' === $lane ) {
			/* translators: %s: URL. */
			$detail = sprintf( __( 'WordPress, not the worker directly, answers %s: every API call pays for a WordPress start.', 'svc-hub' ), $url );
		}
		return Svc_Hub_Setup_Checklist::item(
			'direct_lane',
			'warning',
			$title,
			$detail,
			__( 'Advice: behind nginx, use the site file shipped with the worker (it routes the public API to the worker and the rest to PHP), then:', 'svc-hub' ),
			'nginx -t && systemctl reload nginx'
		);
	}

	/** @return array WordPress cron runs: no event is more than a few minutes late. */
	private function cron(): array {
		$title    = __( 'WordPress cron', 'svc-hub' );
		$late     = 0;
		$disabled = defined( 'DISABLE_WP_CRON' ) && DISABLE_WP_CRON;
		foreach ( array_keys( (array) _get_cron_array() ) as $timestamp ) {
			if ( (int) $timestamp < time() - self::LATE_MINUTES * MINUTE_IN_SECONDS ) {
				++$late;
			}
		}
		if ( 0 === $late ) {
			$detail = $disabled ? __( 'DISABLE_WP_CRON is set and no scheduled event is late: a system cron runs wp-cron.php.', 'svc-hub' ) : __( 'No scheduled event is late.', 'svc-hub' );
			return Svc_Hub_Setup_Checklist::item( 'cron', 'ok', $title, $detail );
		}
		/* translators: 1: number of late event times, 2: minutes. */
		$detail = sprintf( __( '%1$d event times are more than %2$d minutes late: WordPress runs cron only when someone visits.', 'svc-hub' ), $late, self::LATE_MINUTES );
		if ( $disabled ) {
			/* translators: 1: number of late event times, 2: minutes. */
			$detail = sprintf( __( 'DISABLE_WP_CRON is set and %1$d event times are more than %2$d minutes late: nothing runs wp-cron.php.', 'svc-hub' ), $late, self::LATE_MINUTES );
		}
		return Svc_Hub_Setup_Checklist::item(
			'cron',
			'warning',
			$title,
			$detail,
			__( 'Advice: run WordPress cron every 5 minutes from the server\'s crontab (crontab -e as the web server\'s user):', 'svc-hub' ),
			'*/5 * * * * curl -s ' . site_url( 'wp-cron.php' ) . ' > /dev/null'
		);
	}

	/** @return array Whether WooCommerce is active (commerce works with it). */
	private function woocommerce(): array {
		$title = __( 'WooCommerce', 'svc-hub' );
		if ( class_exists( 'WooCommerce' ) ) {
			return Svc_Hub_Setup_Checklist::item( 'woocommerce', 'info', $title, __( 'WooCommerce is active: its payments grant the hub\'s packages.', 'svc-hub' ) );
		}
		return Svc_Hub_Setup_Checklist::item(
			'woocommerce',
			'info',
			$title,
			__( 'WooCommerce is not active: the router and the library work without it; selling packages needs it (here or on a shop that reports to this hub).', 'svc-hub' ),
			__( 'To sell packages on this site, install WooCommerce:', 'svc-hub' ),
			'',
			admin_url( 'plugin-install.php?s=woocommerce&tab=search&type=term' )
		);
	}
}
