<?php
/**
 * The HTML of Settings → svc-client.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * Prints the screen: the connection form, the licence as this site holds it, its AI allowance
 * (Svc_Client_Ai_View), the actions, the
 * recent deliveries and checks, and the requests counted instead of listed. Every value is escaped where it is printed; secrets are
 * never printed, only whether one is stored.
 */
final class Svc_Client_Admin_View {

	/**
	 * Prints the whole screen.
	 */
	public static function render(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$notice   = Svc_Client_Admin_Page::take_notice();
		$settings = Svc_Client_Settings::get();
		echo '<div class="wrap svc-client">';
		echo '<h1>' . esc_html__( 'svc-client', 'svc-client' ) . '</h1>';
		if ( null !== $notice ) {
			echo '<div class="notice notice-' . esc_attr( 'success' === $notice['type'] ? 'success' : 'error' ) . '" data-svc-client-notice="' . esc_attr( $notice['type'] ) . '">';
			foreach ( $notice['lines'] as $line ) {
				echo '<p>' . esc_html( $line ) . '</p>';
			}
			echo '</div>';
		}
		Svc_Client_Activation_View::render( $settings['hub_url'] );
		self::connection_form( array_merge( $settings, $notice['typed'] ?? array() ), $notice['fields'] ?? array(), $notice['secrets_typed'] ?? array() );
		self::license_table();
		Svc_Client_Ai_View::render();
		self::ai_client();
		self::actions();
		self::activity();
		self::tally();
		echo '</div>';
	}

	/**
	 * The settings form. After a failed save it shows what was typed, except the secrets, which
	 * are never printed: their fields ask for them again (Svc_Client_Admin_Page::handle_save()).
	 *
	 * @param array<string, mixed>  $settings      Current settings, overlaid with what a failed save typed.
	 * @param array<string, string> $problems      Field → problem from the last save.
	 * @param string[]              $secrets_typed The secret fields a failed save had typed.
	 */
	private static function connection_form( array $settings, array $problems, array $secrets_typed ): void {
		echo '<h2>' . esc_html__( 'Connection (advanced)', 'svc-client' ) . '</h2>';
		echo '<p class="description">' . esc_html__( 'Activation fills the API key and the webhook secret. Enter them here only for a key an administrator created on the hub.', 'svc-client' ) . '</p>';
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" id="svc-client-settings">';
		echo '<input type="hidden" name="action" value="svc_client_save">';
		wp_nonce_field( 'svc_client_save' );
		echo '<table class="form-table" role="presentation">';
		self::field( 'hub_url', __( 'Hub URL', 'svc-client' ), 'url', (string) $settings['hub_url'], __( 'The hub site, e.g. https://hub.example', 'svc-client' ), $problems );
		foreach ( array( 'api_key' => __( 'API key', 'svc-client' ), 'webhook_secret' => __( 'Webhook secret', 'svc-client' ) ) as $name => $label ) {
			$retype = in_array( $name, $secrets_typed, true );
			self::secret_field( $name, $label, '' !== $settings[ $name ], Svc_Client_Settings::is_unreadable( $name ), $retype, $problems );
		}
		self::field( 'team', __( 'Team', 'svc-client' ), 'text', (string) $settings['team'], __( 'Sent with AI calls so the hub\'s cost report shows it.', 'svc-client' ), $problems );
		self::field( 'campaign', __( 'Campaign', 'svc-client' ), 'text', (string) $settings['campaign'], '', $problems );
		self::field( 'grace_hours', __( 'Grace period (hours)', 'svc-client' ), 'number', (string) $settings['grace_hours'], __( 'How long the last known licence holds while the hub cannot be reached.', 'svc-client' ), $problems );
		echo '</table>';
		/* translators: %s: the receiver URL. */
		echo '<p class="description">' . esc_html( sprintf( __( 'The hub sends licence changes to %s.', 'svc-client' ), rest_url( 'svc-client/v1/entitlement' ) ) ) . '</p>';
		submit_button( __( 'Save settings', 'svc-client' ) );
		echo '</form>';
	}

	/**
	 * One text-like field.
	 *
	 * @param string                $name     Field name.
	 * @param string                $label    Label.
	 * @param string                $type     Input type.
	 * @param string                $value    Current value.
	 * @param string                $help     Help line.
	 * @param array<string, string> $problems Field → problem.
	 */
	private static function field( string $name, string $label, string $type, string $value, string $help, array $problems ): void {
		echo '<tr><th scope="row"><label for="svc-client-' . esc_attr( $name ) . '">' . esc_html( $label ) . '</label></th><td>';
		echo '<input class="regular-text" type="' . esc_attr( $type ) . '" id="svc-client-' . esc_attr( $name ) . '" name="' . esc_attr( $name ) . '" value="' . esc_attr( $value ) . '">';
		self::help( $name, $help, $problems );
		echo '</td></tr>';
	}

	/**
	 * A secret field: never filled in; says whether one is stored.
	 *
	 * @param string                $name       Field name.
	 * @param string                $label      Label.
	 * @param bool                  $stored     Whether one is stored and readable.
	 * @param bool                  $unreadable Whether one is stored but cannot be opened.
	 * @param bool                  $retype     Whether a failed save had one typed (not kept).
	 * @param array<string, string> $problems   Field → problem.
	 */
	private static function secret_field( string $name, string $label, bool $stored, bool $unreadable, bool $retype, array $problems ): void {
		if ( $retype ) {
			$help = __( 'Nothing was saved and a secret is never shown back: type it again.', 'svc-client' );
		} elseif ( $unreadable ) {
			$help = __( 'The stored value cannot be read any more (the site\'s salts or SVC_CLIENT_ENCRYPTION_KEY changed): enter it again.', 'svc-client' );
		} else {
			$help = $stored ? __( 'Stored (encrypted). Leave empty to keep it.', 'svc-client' ) : __( 'Not set.', 'svc-client' );
		}
		echo '<tr><th scope="row"><label for="svc-client-' . esc_attr( $name ) . '">' . esc_html( $label ) . '</label></th><td>';
		echo '<input class="regular-text" type="password" autocomplete="off" id="svc-client-' . esc_attr( $name ) . '" name="' . esc_attr( $name ) . '" value="">';
		self::help( $name, $help, $problems );
		echo '</td></tr>';
	}

	/**
	 * The field's problem (if any) and help line.
	 *
	 * @param string                $name     Field name.
	 * @param string                $help     Help line.
	 * @param array<string, string> $problems Field → problem.
	 */
	private static function help( string $name, string $help, array $problems ): void {
		if ( isset( $problems[ $name ] ) ) {
			echo '<p class="svc-client-problem" style="color:#b32d2e" data-field="' . esc_attr( $name ) . '">' . esc_html( $problems[ $name ] ) . '</p>';
		}
		if ( '' !== $help ) {
			echo '<p class="description">' . esc_html( $help ) . '</p>';
		}
	}

	/**
	 * The licence as this site holds it. A site activated with a licence key shows the verified
	 * signed document's status and when its features end (docs/architecture.md §12), not the
	 * grace-hours setting, which only an administrator-created key's summary follows.
	 */
	private static function license_table(): void {
		$state    = Svc_Client_License::state();
		$features = Svc_Client_License::features();
		$summary  = $state['summary'];
		echo '<h2>' . esc_html__( 'Licence', 'svc-client' ) . '</h2>';
		echo '<table class="widefat striped" id="svc-client-license"><tbody>';
		$activated = Svc_Client_Activation::is_active();
		self::row( __( 'Status', 'svc-client' ), $activated ? Svc_Client_Admin_Words::document_status( $state ) : Svc_Client_Admin_Words::status( $state ), 'status' );
		self::row( __( 'Features on', 'svc-client' ), array() === $features ? __( 'none', 'svc-client' ) : implode( ', ', $features ), 'features' );
		self::row( __( 'Last sync', 'svc-client' ), self::when( $state['confirmed_at'] ) . ( '' === $state['source'] ? '' : ' (' . $state['source'] . ')' ), 'synced' );
		self::row( __( 'Last check', 'svc-client' ), self::when( $state['checked_at'] ), 'checked' );
		if ( $activated ) {
			$ends = Svc_Client_License_Document::ends_at();
			self::row( __( 'Features end', 'svc-client' ), array() === $features ? '—' : self::when( $ends ), 'ends' );
		} else {
			self::row( __( 'Grace period', 'svc-client' ), Svc_Client_Admin_Words::grace( $state ), 'grace' );
		}
		if ( $state['key_refused'] ) {
			self::row( __( 'Key', 'svc-client' ), __( 'refused by the hub: features are off', 'svc-client' ), 'key' );
		}
		if ( '' !== $state['last_error'] ) {
			self::row( __( 'Last problem', 'svc-client' ), $state['last_error'], 'error' );
		}
		foreach ( (array) ( $summary['entitlements'] ?? array() ) as $entitlement ) {
			$label = null === $entitlement['package_id'] ? __( 'manual grant', 'svc-client' ) : (string) $entitlement['package_id'];
			/* translators: 1: status, 2: features, 3: expiry, e.g. "expires 2027-01-01 00:00:00 (in 30 days)". */
			self::row( $label, sprintf( __( '%1$s — %2$s — %3$s', 'svc-client' ), $entitlement['status'], implode( ', ', $entitlement['features'] ), Svc_Client_Admin_Words::expiry( $entitlement['expires_at'] ?? null ) ), 'entitlement' );
		}
		echo '</tbody></table>';
	}

	/**
	 * Whether the hub serves WordPress's AI Client here.
	 */
	private static function ai_client(): void {
		echo '<h2>' . esc_html__( 'WordPress AI Client', 'svc-client' ) . '</h2><p id="svc-client-ai-client">';
		if ( Svc_Client_Ai_Registration::is_supported() ) {
			echo esc_html__( 'The hub is registered as the AI provider "svc-hub" (Settings → Connectors): wp_ai_client_prompt() runs through it, with this site\'s team and campaign.', 'svc-client' );
		} else {
			echo esc_html__( 'Off: WordPress\'s AI Client arrived in WordPress 7.0; this site runs an older version.', 'svc-client' );
		}
		echo '</p>';
	}

	/**
	 * The action buttons, each its own form and nonce.
	 */
	private static function actions(): void {
		echo '<h2>' . esc_html__( 'Actions', 'svc-client' ) . '</h2><p>';
		$buttons = array(
			'svc_client_test'         => __( 'Test connection', 'svc-client' ),
			'svc_client_check'        => __( 'Check licence now', 'svc-client' ),
			'svc_client_library_sync' => __( 'Sync image library now', 'svc-client' ),
			Svc_Client_Resync::ACTION => __( 'Re-sync now', 'svc-client' ),
		);
		foreach ( $buttons as $action => $label ) {
			echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" style="display:inline-block;margin-right:8px">';
			echo '<input type="hidden" name="action" value="' . esc_attr( $action ) . '">';
			wp_nonce_field( $action );
			submit_button( $label, 'secondary', 'submit', false, array( 'id' => str_replace( '_', '-', $action ) ) );
			echo '</form>';
		}
		echo '</p>';
	}

	/**
	 * The recent deliveries and checks, newest first.
	 */
	private static function activity(): void {
		echo '<h2>' . esc_html__( 'Recent deliveries and checks', 'svc-client' ) . '</h2>';
		echo '<table class="widefat striped" id="svc-client-activity"><thead><tr><th>' . esc_html__( 'When', 'svc-client' ) . '</th><th>' . esc_html__( 'What', 'svc-client' ) . '</th><th>' . esc_html__( 'Outcome', 'svc-client' ) . '</th><th>' . esc_html__( 'Detail', 'svc-client' ) . '</th></tr></thead><tbody>';
		$events = array_reverse( Svc_Client_Activity_Log::all() );
		if ( array() === $events ) {
			echo '<tr><td colspan="4">' . esc_html__( 'Nothing yet.', 'svc-client' ) . '</td></tr>';
		}
		foreach ( $events as $event ) {
			echo '<tr><td>' . esc_html( self::when( (int) $event['at'] ) ) . '</td><td>' . esc_html( $event['kind'] ) . '</td><td>' . esc_html( $event['outcome'] ) . '</td><td>' . esc_html( $event['detail'] ) . '</td></tr>';
		}
		echo '</tbody></table>';
	}

	/**
	 * The requests counted instead of listed (Svc_Client_Request_Tally): one line per kind.
	 */
	private static function tally(): void {
		$labels = array(
			'unverified' => __( 'Unverified requests (refused: 401, 413)', 'svc-client' ),
			'duplicate'  => __( 'Repeated deliveries (acknowledged, not applied again)', 'svc-client' ),
		);
		echo '<h2>' . esc_html__( 'Requests counted, not listed', 'svc-client' ) . '</h2>';
		echo '<p class="description">' . esc_html__( 'Anyone can send these, so they are counted here rather than taking a place among the deliveries above.', 'svc-client' ) . '</p>';
		echo '<table class="widefat striped" id="svc-client-tally"><tbody>';
		foreach ( Svc_Client_Request_Tally::all() as $kind => $entry ) {
			self::row( $labels[ $kind ], self::tally_line( $entry ), $kind );
		}
		echo '</tbody></table>';
	}

	/**
	 * One kind's tally in words: "none", or "N since …; last …: detail".
	 *
	 * @param array{count: int, since: int, last_at: int, last_detail: string, capped: bool} $entry The kind's tally.
	 * @return string
	 */
	private static function tally_line( array $entry ): string {
		if ( 0 === $entry['count'] ) {
			return __( 'none', 'svc-client' );
		}
		$count = number_format_i18n( $entry['count'] );
		if ( $entry['capped'] ) {
			/* translators: 1: a number, 2: how many a minute are counted. */
			$count = sprintf( __( 'at least %1$s (past %2$d in a minute they are not counted)', 'svc-client' ), $count, Svc_Client_Request_Tally::WRITES_PER_MINUTE );
		}
		/* translators: 1: how many, 2: since when, 3: when the last one came, 4: why it was refused or which delivery it repeated. */
		return sprintf( __( '%1$s since %2$s; last %3$s: %4$s', 'svc-client' ), $count, self::when( $entry['since'] ), self::when( $entry['last_at'] ), $entry['last_detail'] );
	}

	/**
	 * One row of the licence table.
	 *
	 * @param string $label Label.
	 * @param string $value Value.
	 * @param string $name  data-name for tests and styling.
	 */
	private static function row( string $label, string $value, string $name ): void {
		echo '<tr data-name="' . esc_attr( $name ) . '"><th scope="row">' . esc_html( $label ) . '</th><td>' . esc_html( $value ) . '</td></tr>';
	}

	/**
	 * A time for people (Svc_Client_Admin_Words::when()).
	 *
	 * @param int $timestamp Unix seconds.
	 * @return string
	 */
	private static function when( int $timestamp ): string {
		return Svc_Client_Admin_Words::when( $timestamp );
	}
}
