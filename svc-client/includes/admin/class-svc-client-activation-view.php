<?php
/**
 * The "Licence key" section of Settings → svc-client.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Before activation: the hub URL and the licence key with "Activate" (a site connected with an
 * administrator-created key is told it keeps the summary's rule until activated). After: the
 * activation as the hub answered it (seats used, staging), the features the verified licence
 * document switches on, until when it vouches, and "Deactivate". Every value is escaped.
 */
final class Svc_Client_Activation_View {

	/**
	 * Prints the section.
	 *
	 * @param string $hub_url The stored hub URL.
	 */
	public static function render( string $hub_url ): void {
		echo '<h2>' . esc_html__( 'Licence key', 'svc-client' ) . '</h2>';
		echo '<div id="svc-client-activation">';
		if ( Svc_Client_Activation::is_active() ) {
			self::active();
		} else {
			self::form( $hub_url );
		}
		echo '</div>';
	}

	/**
	 * The activation held and the Deactivate form.
	 */
	private static function active(): void {
		$activation = Svc_Client_Activation::get();
		$license    = $activation['license'] ?? array();
		$fields     = Svc_Client_License_Document::fields();
		$features   = Svc_Client_License_Document::features();
		$seats      = null === ( $license['seats'] ?? null ) ? __( 'unlimited', 'svc-client' ) : (string) (int) $license['seats'];
		echo '<p data-svc-client-activation="active"><strong>' . esc_html__( 'Active', 'svc-client' ) . '</strong> — ';
		/* translators: 1: seats used, 2: seats (a number or "unlimited"). */
		echo esc_html( sprintf( __( '%1$d of %2$s seats used', 'svc-client' ), (int) ( $license['seats_used'] ?? 0 ), $seats ) ) . '</p>';
		if ( $activation['staging'] ) {
			echo '<p data-svc-client-staging="1">' . esc_html__( 'Staging site — takes no seat', 'svc-client' ) . '</p>';
		}
		echo '<table class="widefat striped" style="max-width:48em"><tbody>';
		self::row( __( 'Site', 'svc-client' ), $activation['site_url'] );
		self::row( __( 'Activation', 'svc-client' ), $activation['activation_id'] );
		self::row( __( 'Features', 'svc-client' ), array() === $features ? __( 'none', 'svc-client' ) : implode( ', ', $features ), 'features' );
		self::row( __( 'Signed licence', 'svc-client' ), null === $fields ? __( 'none received yet', 'svc-client' ) : self::vouches( $fields ) );
		echo '</tbody></table>';
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" id="svc-client-deactivate">';
		echo '<input type="hidden" name="action" value="svc_client_deactivate">';
		wp_nonce_field( 'svc_client_deactivate' );
		submit_button( __( 'Deactivate', 'svc-client' ), 'secondary' );
		echo '</form>';
	}

	/**
	 * The activation form.
	 *
	 * @param string $hub_url The stored hub URL.
	 */
	private static function form( string $hub_url ): void {
		if ( '' !== Svc_Client_Settings::get()['api_key'] ) {
			echo '<p class="description" data-svc-client-activation="legacy">' . esc_html__( 'This site is connected with a key an administrator created on the hub: its features follow the hub\'s summaries, without a signed licence, until it is activated with a licence key.', 'svc-client' ) . '</p>';
		}
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" id="svc-client-activate">';
		echo '<input type="hidden" name="action" value="svc_client_activate">';
		wp_nonce_field( 'svc_client_activate' );
		echo '<table class="form-table" role="presentation">';
		echo '<tr><th scope="row"><label for="svc-client-activate-hub">' . esc_html__( 'Hub URL', 'svc-client' ) . '</label></th>';
		echo '<td><input type="url" class="regular-text" id="svc-client-activate-hub" name="hub_url" value="' . esc_attr( $hub_url ) . '"></td></tr>';
		echo '<tr><th scope="row"><label for="svc-client-license-key">' . esc_html__( 'Licence key', 'svc-client' ) . '</label></th>';
		echo '<td><input type="text" class="regular-text" id="svc-client-license-key" name="license_key" autocomplete="off" spellcheck="false">';
		echo '<p class="description">' . esc_html__( 'The key from your order\'s email or your account\'s Licences page.', 'svc-client' ) . '</p></td></tr>';
		echo '</table>';
		submit_button( __( 'Activate', 'svc-client' ), 'primary', 'svc-client-activate-submit' );
		echo '</form>';
	}

	/**
	 * Until when the document vouches, in the site's time.
	 *
	 * @param array<string, mixed> $fields The verified document's fields.
	 * @return string
	 */
	private static function vouches( array $fields ): string {
		$grace = strtotime( (string) ( $fields['grace_ends_at'] ?? '' ) );
		/* translators: 1: licence status, 2: sequence, 3: date and time. */
		return sprintf( __( '%1$s, sequence %2$d; holds without the hub until %3$s', 'svc-client' ), (string) ( $fields['status'] ?? '' ), (int) $fields['sequence'], false === $grace ? '—' : wp_date( 'Y-m-d H:i', $grace ) );
	}

	/**
	 * One row.
	 *
	 * @param string $label Label.
	 * @param string $value Value.
	 * @param string $name  data-svc-client-field value.
	 */
	private static function row( string $label, string $value, string $name = '' ): void {
		echo '<tr><th scope="row">' . esc_html( $label ) . '</th><td' . ( '' === $name ? '' : ' data-svc-client-field="' . esc_attr( $name ) . '"' ) . '>' . esc_html( $value ) . '</td></tr>';
	}
}
