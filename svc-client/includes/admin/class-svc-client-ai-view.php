<?php
/**
 * Settings → svc-client: the AI allowance section.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prints this site's AI figures as the hub last sent them (Svc_Client_Ai_Balance): the
 * allowance and its period, what is used (a progress bar) and left, the credits, when the
 * allowance renews, the overage rule, when the figures arrived; then the last alerts. Every
 * value is escaped where it is printed.
 */
final class Svc_Client_Ai_View {

	/**
	 * Prints the section.
	 */
	public static function render(): void {
		echo '<h2>' . esc_html__( 'AI allowance', 'svc-client' ) . '</h2>';
		$held = Svc_Client_License::state()['ai'];
		if ( null === $held ) {
			echo '<p id="svc-client-ai-balance">' . esc_html__( 'The hub has sent no AI allowance or credits for this site.', 'svc-client' ) . '</p>';
		} else {
			self::figures( $held );
		}
		self::alerts( null === $held ? array() : $held['alerts'] );
	}

	/**
	 * The figures table.
	 *
	 * @param array<string, mixed> $held The held block (Svc_Client_Ai_Figures::check_block()).
	 */
	private static function figures( array $held ): void {
		$currency  = (string) $held['currency'];
		$money     = static fn( string $figure ) => Svc_Client_Ai_Figures::for_people( $figure ) . ' ' . $currency;
		$allowance = $held['allowance'];
		echo '<table class="widefat striped" id="svc-client-ai-balance"><tbody>';
		if ( null === $allowance ) {
			self::row( __( 'Allowance', 'svc-client' ), esc_html__( 'none: calls draw on credits', 'svc-client' ), 'allowance' );
		} else {
			$periods = array(
				'month' => __( 'a month', 'svc-client' ),
				'year'  => __( 'a year', 'svc-client' ),
				'term'  => __( 'for the term', 'svc-client' ),
				'total' => __( 'in total', 'svc-client' ),
			);
			self::row( __( 'Allowance', 'svc-client' ), esc_html( $money( $allowance['amount'] ) . ' ' . $periods[ $allowance['period'] ] ), 'allowance' );
			$percent = Svc_Client_Ai_Figures::percent( $allowance['amount'], $allowance['used'] );
			/* translators: 1: money used, 2: percent of the allowance, 3: money left. */
			$used = sprintf( __( '%1$s (%2$d %%), %3$s left', 'svc-client' ), $money( $allowance['used'] ), $percent, $money( Svc_Client_Ai_Figures::remaining( $allowance['amount'], $allowance['used'] ) ) );
			$bar  = '<progress max="100" value="' . esc_attr( (string) $percent ) . '" aria-label="' . esc_attr__( 'Allowance used', 'svc-client' ) . '" style="width:16em;vertical-align:middle"></progress> ';
			self::row( __( 'Used', 'svc-client' ), $bar . esc_html( $used ), 'used' );
			$resets = null === $allowance['resets_at'] ? __( 'does not renew', 'svc-client' ) : wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), (int) strtotime( $allowance['resets_at'] ) );
			self::row( __( 'Resets', 'svc-client' ), esc_html( (string) $resets ), 'resets' );
		}
		self::row( __( 'Credits', 'svc-client' ), esc_html( $money( $held['credits']['balance'] ) ), 'credits' );
		$overage = $held['overage'];
		if ( null !== $overage ) {
			/* translators: 1: the overage cap, 2: overage used so far. */
			$rule = 'bill' === $overage['mode'] ? sprintf( __( 'calls go on past the allowance up to %1$s, billed (%2$s so far)', 'svc-client' ), $money( $overage['cap'] ), $money( $overage['used'] ) ) : __( 'calls stop when the allowance and credits are used', 'svc-client' );
			self::row( __( 'Overage', 'svc-client' ), esc_html( $rule ), 'overage' );
		}
		self::row( __( 'Figures from the hub', 'svc-client' ), esc_html( wp_date( 'Y-m-d H:i:s', (int) $held['received_at'] ) . ' (' . human_time_diff( (int) $held['received_at'] ) . ')' ), 'updated' );
		echo '</tbody></table>';
	}

	/**
	 * The alerts pushed by the hub (newest first), and the hub's own record of this period's.
	 *
	 * @param array<int, array{threshold: int, reached_at: string}> $period_alerts The held block's alerts.
	 */
	private static function alerts( array $period_alerts ): void {
		echo '<h3>' . esc_html__( 'Recent AI alerts', 'svc-client' ) . '</h3>';
		echo '<table class="widefat striped" id="svc-client-ai-alerts"><thead><tr><th>' . esc_html__( 'When', 'svc-client' ) . '</th><th>' . esc_html__( 'Threshold', 'svc-client' ) . '</th><th>' . esc_html__( 'Used', 'svc-client' ) . '</th><th>' . esc_html__( 'Resets', 'svc-client' ) . '</th></tr></thead><tbody>';
		$alerts = array_reverse( Svc_Client_Ai_Alerts::all() );
		foreach ( $alerts as $alert ) {
			/* translators: 1: money used, 2: the allowance, 3: currency. */
			$used   = sprintf( __( '%1$s of %2$s %3$s', 'svc-client' ), Svc_Client_Ai_Figures::for_people( $alert['used'] ), Svc_Client_Ai_Figures::for_people( $alert['amount'] ), $alert['currency'] );
			$resets = null === $alert['resets_at'] ? __( 'does not renew', 'svc-client' ) : wp_date( get_option( 'date_format' ), (int) strtotime( $alert['resets_at'] ) );
			echo '<tr data-threshold="' . esc_attr( (string) $alert['threshold'] ) . '"><td>' . esc_html( wp_date( 'Y-m-d H:i:s', (int) $alert['received_at'] ) ) . '</td><td>' . esc_html( $alert['threshold'] . ' %' . ( 'credits' === ( $alert['kind'] ?? 'allowance' ) ? ' ' . __( 'of credits', 'svc-client' ) : '' ) ) . '</td><td>' . esc_html( $used ) . '</td><td>' . esc_html( (string) $resets ) . '</td></tr>';
		}
		foreach ( $period_alerts as $alert ) {
			echo '<tr data-threshold="' . esc_attr( (string) $alert['threshold'] ) . '"><td>' . esc_html( wp_date( 'Y-m-d H:i:s', (int) strtotime( $alert['reached_at'] ) ) ) . '</td><td>' . esc_html( $alert['threshold'] . ' %' ) . '</td><td colspan="2">' . esc_html__( 'reached this period (the hub\'s record)', 'svc-client' ) . '</td></tr>';
		}
		if ( array() === $alerts && array() === $period_alerts ) {
			echo '<tr><td colspan="4">' . esc_html__( 'None yet.', 'svc-client' ) . '</td></tr>';
		}
		echo '</tbody></table>';
	}

	/**
	 * One row; its value is escaped text, with at most the used row's progress bar as markup.
	 *
	 * @param string $label Label.
	 * @param string $html  Escaped value.
	 * @param string $name  data-name for tests and styling.
	 */
	private static function row( string $label, string $html, string $name ): void {
		$allowed = array(
			'progress' => array(
				'max'        => true,
				'value'      => true,
				'aria-label' => true,
				'style'      => true,
			),
		);
		echo '<tr data-name="' . esc_attr( $name ) . '"><th scope="row">' . esc_html( $label ) . '</th><td>' . wp_kses( $html, $allowed ) . '</td></tr>';
	}
}
