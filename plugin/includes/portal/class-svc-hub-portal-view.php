<?php
/**
 * The customer portal's markup.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * A licence as the buyer sees it (docs/commerce.md "Customer portal"), in WooCommerce's My Account
 * markup (`woocommerce-table`, `shop_table_responsive`); every value escaped.
 */
final class Svc_Hub_Portal_View {

	/**
	 * One licence: key (with a copy button), package, status, renewal date, seats, sites, AI.
	 *
	 * @param array  $licence The worker's licence.
	 * @param string $action  The deactivation form's action.
	 */
	public static function licence( array $licence, string $action ): void {
		$key   = (string) ( $licence['license_key'] ?? '' );
		$seats = null === ( $licence['seats'] ?? null ) ? __( 'unlimited', 'svc-hub' ) : (string) (int) $licence['seats'];
		echo '<section class="svc-hub-licence" data-licence="' . esc_attr( (string) ( $licence['id'] ?? '' ) ) . '">';
		echo '<h3>' . esc_html( (string) ( $licence['package_id'] ?? '' ) ) . '</h3>';
		echo '<table class="woocommerce-table shop_table svc-hub-licence-summary"><tbody>';
		echo '<tr><th>' . esc_html__( 'Licence key', 'svc-hub' ) . '</th><td><code class="svc-hub-licence-key">' . esc_html( $key ) . '</code> ';
		echo '<button type="button" class="button svc-hub-copy" data-copy="' . esc_attr( $key ) . '" onclick="navigator.clipboard.writeText(this.dataset.copy)">' . esc_html__( 'Copy', 'svc-hub' ) . '</button></td></tr>';
		self::row( __( 'Status', 'svc-hub' ), (string) ( $licence['status'] ?? '' ) );
		self::row( __( 'Renews or expires', 'svc-hub' ), self::date( $licence['expires_at'] ?? null ) );
		/* translators: 1: seats used, 2: seats (a number or "unlimited"). */
		self::row( __( 'Sites', 'svc-hub' ), sprintf( __( '%1$d of %2$s', 'svc-hub' ), (int) ( $licence['seats_used'] ?? 0 ), $seats ) );
		echo '</tbody></table>';
		self::activations( is_array( $licence['activations'] ?? null ) ? $licence['activations'] : array(), $action );
		$download = is_array( $licence['download'] ?? null ) ? $licence['download'] : null;
		if ( null !== $download ) {
			/* translators: 1: plugin or theme name, 2: version. */
			$label = sprintf( __( 'Download %1$s %2$s', 'svc-hub' ), (string) ( $download['name'] ?? '' ), (string) ( $download['version'] ?? '' ) );
			echo '<p class="svc-hub-download"><a class="woocommerce-button button" href="' . esc_url( (string) ( $download['url'] ?? '' ) ) . '">' . esc_html( $label ) . '</a></p>';
		}
		self::ai( is_array( $licence['ai'] ?? null ) ? $licence['ai'] : array() );
		echo '</section>';
	}

	/**
	 * The licence key under an order's detail or in its HTML email.
	 *
	 * @param array $licence The worker's licence.
	 */
	public static function order_key( array $licence ): void {
		echo '<section class="svc-hub-order-licence"><h2>' . esc_html__( 'Your licence key', 'svc-hub' ) . '</h2>';
		echo '<p><code class="svc-hub-licence-key">' . esc_html( (string) ( $licence['license_key'] ?? '' ) ) . '</code></p></section>';
	}

	/**
	 * The active sites, staging marked, each with a "Deactivate" form.
	 *
	 * @param array  $activations The licence's activations.
	 * @param string $action      The form's action.
	 */
	private static function activations( array $activations, string $action ): void {
		$active = array_filter( $activations, static fn ( $row ) => is_array( $row ) && 'active' === ( $row['status'] ?? '' ) );
		if ( array() === $active ) {
			echo '<p>' . esc_html__( 'No site is activated with this key.', 'svc-hub' ) . '</p>';
			return;
		}
		echo '<table class="woocommerce-table shop_table shop_table_responsive svc-hub-activations"><thead><tr><th>' . esc_html__( 'Site', 'svc-hub' ) . '</th><th>' . esc_html__( 'Activated', 'svc-hub' ) . '</th><th></th></tr></thead><tbody>';
		foreach ( $active as $row ) {
			$id = (string) ( $row['id'] ?? '' );
			echo '<tr data-activation="' . esc_attr( $id ) . '"><td>' . esc_html( (string) ( $row['site_url'] ?? '' ) );
			if ( ! empty( $row['staging'] ) ) {
				echo ' <mark class="svc-hub-staging">' . esc_html__( 'staging', 'svc-hub' ) . '</mark>';
			}
			echo '</td><td>' . esc_html( self::date( $row['created_at'] ?? null ) ) . '</td><td><form method="post">';
			echo '<input type="hidden" name="action" value="' . esc_attr( $action ) . '"><input type="hidden" name="activation_id" value="' . esc_attr( $id ) . '">';
			wp_nonce_field( $action . ':' . $id );
			echo '<button type="submit" class="button">' . esc_html__( 'Deactivate', 'svc-hub' ) . '</button></form></td></tr>';
		}
		echo '</tbody></table>';
	}

	/**
	 * Each licensed site's AI allowance and credits (docs/api-notes.md "AI allowance and credits").
	 *
	 * @param array $sites The worker's `ai` list.
	 */
	private static function ai( array $sites ): void {
		echo '<table class="woocommerce-table shop_table shop_table_responsive svc-hub-ai"><thead><tr><th>' . esc_html__( 'Site', 'svc-hub' ) . '</th><th>' . esc_html__( 'AI allowance used', 'svc-hub' ) . '</th><th>' . esc_html__( 'AI credits', 'svc-hub' ) . '</th></tr></thead><tbody>';
		foreach ( $sites as $site ) {
			$allowance = is_array( $site['allowance'] ?? null ) ? $site['allowance'] : null;
			$used      = null === $allowance ? __( 'none', 'svc-hub' ) : sprintf( '%s / %s USD', $allowance['used'] ?? '0', $allowance['amount'] ?? '0' );
			echo '<tr><td>' . esc_html( (string) ( $site['site_url'] ?? '' ) ) . '</td><td>' . esc_html( $used ) . '</td><td>' . esc_html( (string) ( $site['credits']['balance'] ?? '0' ) . ' USD' ) . '</td></tr>';
		}
		echo '</tbody></table>';
	}

	/**
	 * A table row.
	 *
	 * @param string $label Plain label.
	 * @param string $value Plain value.
	 */
	private static function row( string $label, string $value ): void {
		echo '<tr><th>' . esc_html( $label ) . '</th><td>' . esc_html( $value ) . '</td></tr>';
	}

	/**
	 * An ISO date in the site's date format, "—" when none.
	 *
	 * @param mixed $iso ISO 8601 or null.
	 * @return string
	 */
	private static function date( $iso ): string {
		$time = is_string( $iso ) ? strtotime( $iso ) : false;
		return false === $time ? '—' : wp_date( get_option( 'date_format' ), $time );
	}
}
