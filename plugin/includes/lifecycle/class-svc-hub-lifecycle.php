<?php
/**
 * Activation and deactivation: what runs, and telling the worker.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Deactivating the plugin turns the service off (docs/architecture.md §1, "Deactivate means
 * off"). The source of truth is WordPress's own record, `active_plugins` (and, on multisite,
 * `active_sitewide_plugins`), which every worker on the database reads every few seconds; once
 * WordPress has written it, the shell tells its worker (a signed POST to
 * `/svc-hub/v1/internal/plugin-state`) so that the change takes effect at once. A worker that
 * was down at that moment, or another worker on the same database, learns it from the option.
 *
 * Other parts of the shell add their own steps with `on_activate()` / `on_deactivate()`.
 */
final class Svc_Hub_Lifecycle {

	/** The worker's internal route that re-reads the plugin's state. */
	public const WORKER_ROUTE = '/svc-hub/v1/internal/plugin-state';

	/** @var string Absolute path of plugin/svc-hub.php. */
	private string $plugin_file;

	/** @var Svc_Hub_Worker_Client */
	private Svc_Hub_Worker_Client $worker;

	/** @var callable[] Steps run on activation, each given `$network_wide`. */
	private array $on_activate = array();

	/** @var callable[] Steps run on deactivation, each given `$network_wide`. */
	private array $on_deactivate = array();

	/**
	 * @param string                $plugin_file Absolute path of plugin/svc-hub.php.
	 * @param Svc_Hub_Worker_Client $worker      Signed calls to the worker.
	 */
	public function __construct( string $plugin_file, Svc_Hub_Worker_Client $worker ) {
		$this->plugin_file = $plugin_file;
		$this->worker      = $worker;
	}

	/**
	 * Adds a step to run when the plugin is activated.
	 *
	 * @param callable $step Called with `bool $network_wide`.
	 */
	public function on_activate( callable $step ): void {
		$this->on_activate[] = $step;
	}

	/**
	 * Adds a step to run when the plugin is deactivated.
	 *
	 * @param callable $step Called with `bool $network_wide`.
	 */
	public function on_deactivate( callable $step ): void {
		$this->on_deactivate[] = $step;
	}

	/**
	 * Hooks the steps into WordPress's activation and deactivation, and watches the options
	 * WordPress writes afterwards.
	 */
	public function register_hooks(): void {
		register_activation_hook( $this->plugin_file, array( $this, 'activate' ) );
		register_deactivation_hook( $this->plugin_file, array( $this, 'deactivate' ) );
		add_action( 'update_option_active_plugins', array( $this, 'site_plugins_changed' ), 10, 2 );
		add_action( 'update_site_option_active_sitewide_plugins', array( $this, 'network_plugins_changed' ), 10, 3 );
		add_action( 'init', array( $this, 'register_keep_data_setting' ) );
	}

	/**
	 * `init` action: the admin's choice to keep the data on uninstall, a boolean site setting
	 * that administrators read and change through `/wp-json/wp/v2/settings` (or WP-CLI's
	 * `wp option update`); Svc_Hub_Uninstaller reads it.
	 */
	public function register_keep_data_setting(): void {
		register_setting(
			'svc-hub',
			Svc_Hub_Uninstaller::KEEP_DATA_OPTION,
			array(
				'type'              => 'boolean',
				'description'       => __( 'Keep svc-hub\'s tables, options and settings when the plugin is deleted.', 'svc-hub' ),
				'default'           => false,
				'show_in_rest'      => true,
				'sanitize_callback' => 'rest_sanitize_boolean',
			)
		);
	}

	/**
	 * Activation hook: runs the activation steps.
	 *
	 * @param bool $network_wide Whether the plugin is activated for the whole network.
	 */
	public function activate( $network_wide = false ): void {
		foreach ( $this->on_activate as $step ) {
			call_user_func( $step, (bool) $network_wide );
		}
	}

	/**
	 * Deactivation hook: runs the deactivation steps.
	 *
	 * @param bool $network_wide Whether the plugin is deactivated for the whole network.
	 */
	public function deactivate( $network_wide = false ): void {
		foreach ( $this->on_deactivate as $step ) {
			call_user_func( $step, (bool) $network_wide );
		}
	}

	/**
	 * `update_option_active_plugins` action: WordPress has written the site's active plugins
	 * (after the activation or deactivation hooks ran); tells the worker when this plugin's
	 * state changed.
	 *
	 * @param mixed $old_value Plugin files active before.
	 * @param mixed $value     Plugin files active now.
	 */
	public function site_plugins_changed( $old_value, $value ): void {
		$plugin = plugin_basename( $this->plugin_file );
		if ( in_array( $plugin, (array) $old_value, true ) !== in_array( $plugin, (array) $value, true ) ) {
			$this->tell_worker();
		}
	}

	/**
	 * `update_site_option_active_sitewide_plugins` action: the same for a network activation.
	 *
	 * @param string $option    Option name.
	 * @param mixed  $value     Plugin file → time activated, now.
	 * @param mixed  $old_value The same, before.
	 */
	public function network_plugins_changed( $option, $value, $old_value ): void {
		$plugin = plugin_basename( $this->plugin_file );
		if ( isset( ( (array) $old_value )[ $plugin ] ) !== isset( ( (array) $value )[ $plugin ] ) ) {
			$this->tell_worker();
		}
	}

	/**
	 * Asks the worker to re-read the plugin's state now. A worker that does not answer learns it
	 * from the option within seconds; the admin's action is never held up or refused for it.
	 */
	private function tell_worker(): void {
		$this->worker->post_json( self::WORKER_ROUTE, array( 'changed' => 'active_plugins' ) );
	}
}
