<?php
/**
 * The wp-admin screen: a root element for the React app built by wp-scripts.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Adds the top-level "svc-hub" menu page (manage_options), prints the app's root element
 * and enqueues `build/index.js` with its `index.asset.php` dependencies when the build exists.
 */
final class Svc_Hub_Admin_Page {

	/** Menu and page slug. */
	public const SLUG = 'svc-hub';

	/** Script handle of the admin app. */
	private const HANDLE = 'svc-hub-admin';

	/** @var string Absolute path of the main plugin file. */
	private string $plugin_file;

	/** @var Svc_Hub_Setup_Notice The setup checklist (the Setup tab's data). */
	private Svc_Hub_Setup_Notice $setup;

	/** @var string Hook suffix add_menu_page() returned. */
	private string $hook_suffix = '';

	/**
	 * @param string               $plugin_file Absolute path of plugin/svc-hub.php.
	 * @param Svc_Hub_Setup_Notice $setup       The setup checklist.
	 */
	public function __construct( string $plugin_file, Svc_Hub_Setup_Notice $setup ) {
		$this->plugin_file = $plugin_file;
		$this->setup       = $setup;
	}

	/**
	 * Hooks the menu, the script enqueue and the setup checklist's notice.
	 */
	public function register_hooks(): void {
		$this->setup->register_hooks();
		add_action( 'admin_menu', array( $this, 'add_menu' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
	}

	/**
	 * `admin_menu` action.
	 */
	public function add_menu(): void {
		$this->hook_suffix = (string) add_menu_page(
			__( 'svc-hub', 'svc-hub' ),
			__( 'svc-hub', 'svc-hub' ),
			'manage_options',
			self::SLUG,
			array( $this, 'render' ),
			'dashicons-rest-api'
		);
	}

	/**
	 * `admin_enqueue_scripts` action: the app and its data, on this page only.
	 *
	 * @param string $hook_suffix Current admin page.
	 */
	public function enqueue( $hook_suffix ): void {
		if ( '' === $this->hook_suffix || $hook_suffix !== $this->hook_suffix || ! $this->is_built() ) {
			return;
		}
		$asset = require $this->build_path( 'index.asset.php' );
		$asset = is_array( $asset ) ? $asset : array();
		wp_enqueue_script(
			self::HANDLE,
			plugins_url( 'build/index.js', $this->plugin_file ),
			$asset['dependencies'] ?? array(),
			$asset['version'] ?? Svc_Hub_Plugin::VERSION,
			true
		);
		wp_localize_script(
			self::HANDLE,
			'svcHubAdmin',
			array(
				'restNamespace' => 'svc-hub/v1/admin',
				'nonce'         => wp_create_nonce( 'wp_rest' ),
				'setup'         => $this->setup->screen_data(),
			)
		);
		if ( is_readable( $this->build_path( 'index.css' ) ) ) {
			$style_dependencies = in_array( 'wp-components', $asset['dependencies'] ?? array(), true ) ? array( 'wp-components' ) : array();
			wp_enqueue_style( self::HANDLE, plugins_url( 'build/index.css', $this->plugin_file ), $style_dependencies, $asset['version'] ?? Svc_Hub_Plugin::VERSION );
		}
	}

	/**
	 * Menu page callback: the app's root element, or a notice when the app is not built.
	 */
	public function render(): void {
		echo '<div class="wrap">';
		if ( ! $this->is_built() ) {
			echo '<div class="notice notice-warning"><p>' . esc_html__( 'Admin screen not built: run npm run build:admin', 'svc-hub' ) . '</p></div>';
		}
		echo '<div id="svc-hub-admin-root"></div></div>';
	}

	/**
	 * Whether the wp-scripts build output is present.
	 *
	 * @return bool
	 */
	private function is_built(): bool {
		return is_readable( $this->build_path( 'index.js' ) ) && is_readable( $this->build_path( 'index.asset.php' ) );
	}

	/**
	 * Absolute path of a file in plugin/build/.
	 *
	 * @param string $file File name.
	 * @return string
	 */
	private function build_path( string $file ): string {
		return dirname( $this->plugin_file ) . '/build/' . $file;
	}
}
