<?php
/**
 * Wires the shell's hooks.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * The plugin's one entry point: builds the collaborators and hooks them into WordPress.
 */
final class Svc_Hub_Plugin {

	/** Plugin version (keep in step with the plugin header and readme.txt). */
	public const VERSION = '0.1.0';

	/** @var self|null */
	private static ?self $instance = null;

	/** @var string Absolute path of plugin/svc-hub.php. */
	private string $plugin_file;

	/** @var Svc_Hub_Route_Table */
	private Svc_Hub_Route_Table $table;

	/** @var Svc_Hub_Rest_Guard */
	private Svc_Hub_Rest_Guard $guard;

	/** @var Svc_Hub_Forwarder */
	private Svc_Hub_Forwarder $forwarder;

	/** @var Svc_Hub_Internal_Routes */
	private Svc_Hub_Internal_Routes $internal_routes;

	/** @var Svc_Hub_Woocommerce_Bridge */
	private Svc_Hub_Woocommerce_Bridge $woocommerce_bridge;

	/** @var Svc_Hub_Lifecycle Activation and deactivation steps; other parts add theirs with on_activate() / on_deactivate(). */
	private Svc_Hub_Lifecycle $lifecycle;

	/**
	 * Boots the plugin once.
	 *
	 * @param string $plugin_file Absolute path of plugin/svc-hub.php.
	 */
	public static function boot( string $plugin_file ): void {
		if ( Svc_Hub_Settings::MODE_STORE === Svc_Hub_Settings::mode() ) {
			self::boot_store();
			return;
		}
		if ( null === self::$instance ) {
			self::$instance = new self( $plugin_file );
			self::$instance->register_hooks();
		}
	}

	/**
	 * Store mode (SVC_HUB_MODE=store, a shop that sells the hub's packages): only the pay
	 * link's values reach the order meta, and a dashboard widget shows the webhooks to the hub.
	 * No routes, no forwarding to a worker, no event queue, no cron, no admin screen; a re-send
	 * left scheduled by the hub mode is removed.
	 */
	private static function boot_store(): void {
		add_action(
			'plugins_loaded',
			static function (): void {
				if ( function_exists( 'WC' ) && function_exists( 'wc_get_order' ) ) {
					( new Svc_Hub_Woocommerce_Store_Meta() )->register_hooks();
					( new Svc_Hub_Woocommerce_Store_Status() )->register_hooks();
				}
			}
		);
		add_action(
			'init',
			static function (): void {
				if ( false !== wp_next_scheduled( Svc_Hub_Woocommerce_Bridge::RESEND_HOOK ) ) {
					Svc_Hub_Woocommerce_Bridge::deactivate();
				}
			}
		);
	}

	/**
	 * @param string $plugin_file Absolute path of plugin/svc-hub.php.
	 */
	private function __construct( string $plugin_file ) {
		$settings                 = new Svc_Hub_Settings();
		$this->plugin_file        = $plugin_file;
		$this->table              = new Svc_Hub_Route_Table();
		$this->guard              = new Svc_Hub_Rest_Guard( $this->table );
		$this->forwarder          = new Svc_Hub_Forwarder( $settings, $this->table, $this->guard );
		$this->internal_routes    = new Svc_Hub_Internal_Routes( $settings, new Svc_Hub_Nonce_Store() );
		$worker_client            = new Svc_Hub_Worker_Client( $settings );
		$this->woocommerce_bridge = new Svc_Hub_Woocommerce_Bridge( $worker_client, new Svc_Hub_Woocommerce_Event_Queue() );
		$this->lifecycle          = new Svc_Hub_Lifecycle( $plugin_file, $worker_client );
		$this->lifecycle->on_deactivate( array( Svc_Hub_Woocommerce_Bridge::class, 'deactivate' ) );
		$this->lifecycle->on_activate( array( $this, 'install_fast_lane' ) );
		$this->lifecycle->on_activate( array( Svc_Hub_Portal_Account::class, 'activate' ) ); // My Account → Licences' rewrite rules.
		// The loader stays while the plugin is inactive: it answers the public namespaces 503 svc_hub_disabled; uninstall removes it.
	}

	/**
	 * Hooks: route registration, early forwarding, raw serving, the WooCommerce bridge, the admin page.
	 */
	private function register_hooks(): void {
		add_action( 'rest_api_init', array( $this, 'register_routes' ) );
		$this->table->register_hooks();
		$this->guard->register_hooks();
		add_filter( 'rest_pre_dispatch', array( $this->forwarder, 'pre_dispatch' ), 10, 3 );
		add_filter( 'rest_post_dispatch', array( Svc_Hub_Error_Dialect::class, 'on_post_dispatch' ), 10, 3 ); // The router's error dialect.
		// After rest_send_cors_headers (10), so every header is out before the body.
		add_filter( 'rest_pre_serve_request', array( Svc_Hub_Worker_Response::class, 'serve' ), 100, 3 );
		$this->woocommerce_bridge->register_cron_hooks();
		add_action( 'plugins_loaded', array( $this, 'register_woocommerce_hooks' ) );
		$this->lifecycle->register_hooks();
		( new Svc_Hub_Update_Guard( $this->plugin_file, new Svc_Hub_Settings() ) )->register_hooks(); // No svc-hub release installed before its worker runs it.
		Svc_Hub_Abilities::register();
		if ( is_admin() ) {
			( new Svc_Hub_Admin_Page( $this->plugin_file, Svc_Hub_Setup_Notice::create() ) )->register_hooks();
			add_action( 'admin_init', array( $this, 'repair_fast_lane' ) );
		}
	}

	/**
	 * Activation: the fast lane's must-use loader, written when missing or outdated
	 * (includes/fast-lane/README.md).
	 */
	public function install_fast_lane(): void {
		Svc_Hub_Fast_Lane_Installer::install( $this->plugin_file );
	}

	/**
	 * `admin_init`: an administrator's page rewrites the loader when it is missing or outdated
	 * (an upgrade, a moved plugin folder, another REST prefix).
	 */
	public function repair_fast_lane(): void {
		if ( current_user_can( 'activate_plugins' ) ) {
			$this->install_fast_lane();
		}
	}

	/**
	 * `plugins_loaded` action: with WooCommerce active, its order events go to the worker
	 * (hub site) and the hub's pay-link values reach the order meta (store site).
	 */
	public function register_woocommerce_hooks(): void {
		if ( ! function_exists( 'WC' ) || ! function_exists( 'wc_get_order' ) ) {
			return;
		}
		$this->woocommerce_bridge->register_woocommerce_hooks();
		( new Svc_Hub_Woocommerce_Store_Meta() )->register_hooks();
		Svc_Hub_Portal_Account::register_portal( new Svc_Hub_Portal_Licences( new Svc_Hub_Worker_Client( new Svc_Hub_Settings() ) ), $this->woocommerce_bridge );
	}

	/**
	 * `rest_api_init` action: registers every table row, so `/wp-json/` lists them. No row may
	 * be batched (`allow_batch`); the forwarder refuses batch sub-requests itself as well.
	 * Forwarded rows' callback is the forwarder (it normally answers earlier, from
	 * rest_pre_dispatch); internal rows' callback checks the worker's signature.
	 */
	public function register_routes(): void {
		foreach ( $this->table->rows() as $row ) {
			$internal = 'internal' === $row['auth'];
			register_rest_route(
				$row['namespace'],
				$row['route'],
				array(
					'methods'             => $row['methods'],
					'callback'            => $internal ? $this->internal_routes->callback_for( $row ) : array( $this->forwarder, 'handle' ),
					'permission_callback' => '__return_true',
					'allow_batch'         => false,
				)
			);
		}
	}
}
