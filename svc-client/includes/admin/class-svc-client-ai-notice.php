<?php
/**
 * The admin notice of an AI alert: "AI allowance 80 % used — resets on …".
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Shows administrators (`manage_options`), on every wp-admin screen, the alert in force
 * (Svc_Client_Ai_Alerts::in_force(): the newest the hub pushed, while its period lasts) until
 * they dismiss it. A dismissal holds for that threshold and period only (per user, user meta
 * `svc_client_ai_dismissed`): the next threshold, or the same one in the next period, shows
 * again. Dismissing goes through admin-post.php with a nonce, then back where the user was.
 */
final class Svc_Client_Ai_Notice {

	public const DISMISSED_META = 'svc_client_ai_dismissed';

	/** Dismissals kept per user. */
	private const KEEP = 30;

	/**
	 * Hooks the notice and the dismissal.
	 */
	public static function register(): void {
		add_action( 'admin_notices', array( self::class, 'render' ) );
		add_action( 'admin_post_svc_client_ai_dismiss', array( self::class, 'handle_dismiss' ) );
	}

	/**
	 * Prints the notice, if there is one this user has not dismissed.
	 */
	public static function render(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$alert = Svc_Client_Ai_Alerts::in_force();
		if ( null === $alert ) {
			return;
		}
		$key = Svc_Client_Ai_Alerts::dismissal_key( $alert );
		if ( in_array( $key, self::dismissed(), true ) ) {
			return;
		}
		$dismiss = wp_nonce_url( add_query_arg( array( 'action' => 'svc_client_ai_dismiss', 'alert' => rawurlencode( $key ) ), admin_url( 'admin-post.php' ) ), 'svc_client_ai_dismiss' );
		echo '<div class="notice notice-' . esc_attr( 100 === $alert['threshold'] ? 'error' : 'warning' ) . '" data-svc-client-ai-alert="' . esc_attr( $key ) . '"><p>';
		echo esc_html( self::message( $alert ) ) . ' <a href="' . esc_url( $dismiss ) . '" class="svc-client-ai-dismiss">' . esc_html__( 'Dismiss', 'svc-client' ) . '</a>';
		echo '</p></div>';
	}

	/**
	 * Dismisses one threshold and period for the current user, then goes back.
	 */
	public static function handle_dismiss(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'You are not allowed to change svc-client.', 'svc-client' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( 'svc_client_ai_dismiss' );
		$key = sanitize_text_field( wp_unslash( $_GET['alert'] ?? '' ) );
		if ( preg_match( '/\A(credits-)?(50|80|100)@[0-9A-Za-z:.+-]{1,40}\z/', $key ) ) {
			$dismissed   = self::dismissed();
			$dismissed[] = $key;
			update_user_meta( get_current_user_id(), self::DISMISSED_META, array_slice( array_values( array_unique( $dismissed ) ), -self::KEEP ) );
		}
		wp_safe_redirect( wp_get_referer() ? wp_get_referer() : admin_url() );
		exit;
	}

	/**
	 * The notice's words.
	 *
	 * @param array{threshold: int, used: string, amount: string, currency: string, resets_at: string|null, kind?: string} $alert The alert.
	 * @return string
	 */
	public static function message( array $alert ): string {
		$used   = Svc_Client_Ai_Figures::for_people( $alert['used'] );
		$amount = Svc_Client_Ai_Figures::for_people( $alert['amount'] );
		if ( 'credits' === ( $alert['kind'] ?? 'allowance' ) ) {
			/* translators: 1: threshold in percent, 2: money spent, 3: the credits bought, 4: currency. */
			return sprintf( __( 'AI credits %1$d %% spent (%2$s of %3$s %4$s).', 'svc-client' ), $alert['threshold'], $used, $amount, $alert['currency'] );
		}
		if ( null === $alert['resets_at'] ) {
			/* translators: 1: threshold in percent, 2: money used, 3: the allowance, 4: currency. */
			return sprintf( __( 'AI allowance %1$d %% used (%2$s of %3$s %4$s); it does not renew.', 'svc-client' ), $alert['threshold'], $used, $amount, $alert['currency'] );
		}
		$resets = wp_date( get_option( 'date_format' ), (int) strtotime( $alert['resets_at'] ) );
		/* translators: 1: threshold in percent, 2: money used, 3: the allowance, 4: currency, 5: the date it renews. */
		return sprintf( __( 'AI allowance %1$d %% used (%2$s of %3$s %4$s) — resets on %5$s.', 'svc-client' ), $alert['threshold'], $used, $amount, $alert['currency'], (string) $resets );
	}

	/**
	 * The current user's dismissals.
	 *
	 * @return string[]
	 */
	private static function dismissed(): array {
		$stored = get_user_meta( get_current_user_id(), self::DISMISSED_META, true );
		return is_array( $stored ) ? array_values( array_filter( $stored, 'is_string' ) ) : array();
	}
}
