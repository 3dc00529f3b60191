<?php
/**
 * The setup checklist in wp-admin: a notice on the Dashboard and Plugins screens, the data of
 * the svc-hub screen's Setup tab, the "Check again" action.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Shows the blocking items (with their next steps) as an error notice on the Dashboard and
 * Plugins screens to users who can manage the plugin, until none is left: the notice goes
 * away by itself. "Check again" (admin-post.php, nonce and capability checked) forgets the
 * cached outcome. The whole checklist is on the svc-hub screen (admin-ui's Setup tab).
 */
final class Svc_Hub_Setup_Notice {

	/** admin-post.php action of "Check again". */
	public const RECHECK_ACTION = 'svc_hub_setup_recheck';

	/** Screens that show the notice. */
	private const SCREENS = array( 'dashboard', 'plugins' );

	/** @var Svc_Hub_Setup_Checklist */
	private Svc_Hub_Setup_Checklist $checklist;

	/**
	 * @param Svc_Hub_Setup_Checklist $checklist The checks.
	 */
	public function __construct( Svc_Hub_Setup_Checklist $checklist ) {
		$this->checklist = $checklist;
	}

	/**
	 * The notice with its checks, on the shell's settings.
	 *
	 * @return self
	 */
	public static function create(): self {
		$settings = new Svc_Hub_Settings();
		return new self( new Svc_Hub_Setup_Checklist( $settings, new Svc_Hub_Setup_Probe( $settings ) ) );
	}

	/**
	 * Hooks the notice and the action.
	 */
	public function register_hooks(): void {
		add_action( 'admin_notices', array( $this, 'render_notice' ) );
		add_action( 'admin_post_' . self::RECHECK_ACTION, array( $this, 'recheck' ) );
	}

	/**
	 * The svc-hub screen's Setup tab data.
	 *
	 * @return array{checked_at: int, items: array, recheck: array{url: string, action: string, nonce: string}}
	 */
	public function screen_data(): array {
		return $this->checklist->outcome() + array(
			'recheck' => array(
				'url'    => admin_url( 'admin-post.php' ),
				'action' => self::RECHECK_ACTION,
				'nonce'  => wp_create_nonce( self::RECHECK_ACTION ),
			),
		);
	}

	/**
	 * `admin_notices` action: the blocking items on the Dashboard and Plugins screens.
	 */
	public function render_notice(): void {
		$screen = get_current_screen();
		if ( null === $screen || ! in_array( $screen->id, self::SCREENS, true ) || ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$blocking = Svc_Hub_Setup_Checklist::blocking( $this->checklist->outcome()['items'] );
		if ( array() === $blocking ) {
			return;
		}
		echo '<div class="notice notice-error svc-hub-setup-notice"><p><strong>' . esc_html__( 'svc-hub is not ready yet.', 'svc-hub' ) . '</strong> ';
		echo esc_html__( 'Until these are fixed, client sites get errors from the hub:', 'svc-hub' ) . '</p><ul>';
		foreach ( $blocking as $item ) {
			echo '<li data-item="' . esc_attr( $item['id'] ) . '"><strong>' . esc_html( $item['title'] ) . ':</strong> ' . esc_html( $item['detail'] );
			if ( '' !== $item['step'] ) {
				echo '<br>' . esc_html( $item['step'] );
			}
			if ( '' !== $item['code'] ) {
				echo ' <code>' . esc_html( $item['code'] ) . '</code>';
			}
			if ( '' !== $item['link'] ) {
				echo ' <a href="' . esc_url( $item['link'] ) . '">' . esc_html__( 'Open', 'svc-hub' ) . '</a>';
			}
			echo '</li>';
		}
		echo '</ul><form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '"><p>';
		echo '<a class="button button-primary" href="' . esc_url( admin_url( 'admin.php?page=' . Svc_Hub_Admin_Page::SLUG . '#setup' ) ) . '">' . esc_html__( 'Open the setup checklist', 'svc-hub' ) . '</a> ';
		echo '<input type="hidden" name="action" value="' . esc_attr( self::RECHECK_ACTION ) . '">';
		wp_nonce_field( self::RECHECK_ACTION );
		echo '<button type="submit" class="button">' . esc_html__( 'Check again', 'svc-hub' ) . '</button></p></form></div>';
	}

	/**
	 * `admin_post_svc_hub_setup_recheck` action: forgets the cached outcome, back to where the button was.
	 */
	public function recheck(): void {
		check_admin_referer( self::RECHECK_ACTION );
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to do that.', 'svc-hub' ), 403 );
		}
		$this->checklist->flush();
		wp_safe_redirect( wp_get_referer() ? wp_get_referer() : admin_url( 'admin.php?page=' . Svc_Hub_Admin_Page::SLUG . '#setup' ) );
		exit;
	}
}
