<?php
/**
 * WordPress's upgrader never installs a svc-hub release before its worker runs it.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * The worker first, the plugin right after (docs/deploy.md §5; docs/architecture.md §12): the
 * worker carries the migrations and its side of the shell ↔ worker protocol. When WordPress
 * updates svc-hub itself — Dashboard → Updates, the Plugins screen, update.php or the automatic
 * updater, from the hub svc-client connects this site to — the new release's version, read from
 * its unpacked `svc-hub.php` header, must be the version the worker's health answer gives.
 * Otherwise the install stops with `svc_hub_worker_first` (every upgrader skin shows its message)
 * and the installed plugin stays as it is, active; the automatic updater does not even try.
 */
final class Svc_Hub_Update_Guard {

	/** The error code the upgrader receives. */
	public const ERROR_CODE = 'svc_hub_worker_first';

	/** The worker's public health route, under /wp-json: its answer carries `version`. */
	private const HEALTH_ROUTE = '/llm/router/v1/health';

	/** Before Plugin_Upgrader's own `upgrader_pre_install` steps (10): deactivating the plugin, maintenance mode. */
	private const BEFORE_WORDPRESS = 5;

	/** @var string Absolute path of plugin/svc-hub.php. */
	private string $plugin_file;

	/** @var Svc_Hub_Settings */
	private Svc_Hub_Settings $settings;

	/** @var string The folder WordPress unpacked the package being installed into ("" until one is). */
	private string $unpacked = '';

	/** @var array{version: string, error: string}|null The worker's answer, asked once per request. */
	private ?array $worker = null;

	/**
	 * @param string           $plugin_file Absolute path of plugin/svc-hub.php.
	 * @param Svc_Hub_Settings $settings    Worker URL and secret.
	 */
	public function __construct( string $plugin_file, Svc_Hub_Settings $settings ) {
		$this->plugin_file = $plugin_file;
		$this->settings    = $settings;
	}

	/**
	 * Hooks: the folder WordPress unpacks a package into, the check before installing (and again
	 * on the source it selects), and the automatic updater's question.
	 */
	public function register_hooks(): void {
		add_filter( 'unzip_file', array( $this, 'remember_unpacked' ), 10, 3 );
		add_filter( 'upgrader_pre_install', array( $this, 'before_install' ), self::BEFORE_WORDPRESS, 2 );
		add_filter( 'upgrader_source_selection', array( $this, 'on_source_selection' ), 10, 4 );
		add_filter( 'auto_update_plugin', array( $this, 'auto_update' ), 10, 2 );
	}

	/**
	 * `unzip_file` filter: remembers where the package went (`WP_Upgrader::unpack_package()`).
	 *
	 * @param true|WP_Error $result The unzip's outcome, passed on untouched.
	 * @param string        $file   The zip.
	 * @param string        $to     The folder it was unpacked into.
	 * @return true|WP_Error
	 */
	public function remember_unpacked( $result, $file, $to ) {
		$this->unpacked = true === $result ? untrailingslashit( (string) $to ) : '';
		return $result;
	}

	/**
	 * `upgrader_pre_install` filter, before WordPress deactivates the plugin: the unpacked release
	 * of svc-hub is checked against the worker.
	 *
	 * @param bool|WP_Error $response   The answer so far.
	 * @param array         $hook_extra The upgrader's extra arguments (`plugin` on an update).
	 * @return bool|WP_Error
	 */
	public function before_install( $response, $hook_extra ) {
		if ( is_wp_error( $response ) || ! $this->is_self( $hook_extra ) || '' === $this->unpacked ) {
			return $response;
		}
		$folders = glob( $this->unpacked . '/*', GLOB_ONLYDIR );
		$source  = 1 === count( (array) $folders ) && ! is_file( $this->unpacked . '/' . basename( $this->plugin_file ) ) ? $folders[0] : $this->unpacked;
		$refusal = $this->refusal( $source );
		return null === $refusal ? $response : $refusal;
	}

	/**
	 * `upgrader_source_selection` filter: the same check on the folder WordPress installs from
	 * (for a package whose unpacking this class did not see).
	 *
	 * @param string|WP_Error $source        The unpacked release's folder.
	 * @param string          $remote_source Its parent.
	 * @param WP_Upgrader     $upgrader      The upgrader.
	 * @param array           $hook_extra    The upgrader's extra arguments.
	 * @return string|WP_Error
	 */
	public function on_source_selection( $source, $remote_source, $upgrader, $hook_extra = array() ) {
		if ( is_wp_error( $source ) || ! $this->is_self( $hook_extra ) ) {
			return $source;
		}
		return $this->refusal( untrailingslashit( (string) $source ) ) ?? $source;
	}

	/**
	 * `auto_update_plugin` filter: no automatic update of svc-hub to a version the worker does not run.
	 *
	 * @param bool|null $update Whether to update (null when the Plugins screen asks whether it is forced).
	 * @param object    $item   The update offer (`plugin`, `new_version`).
	 * @return bool|null
	 */
	public function auto_update( $update, $item ) {
		if ( true !== $update || ! is_object( $item ) || ! $this->is_self( array( 'plugin' => $item->plugin ?? '' ) ) ) {
			return $update;
		}
		return $this->worker()['version'] === (string) ( $item->new_version ?? '' );
	}

	/**
	 * @param mixed $hook_extra The upgrader's extra arguments.
	 * @return bool The upgrader is updating svc-hub itself.
	 */
	private function is_self( $hook_extra ): bool {
		return is_array( $hook_extra ) && plugin_basename( $this->plugin_file ) === ( $hook_extra['plugin'] ?? '' );
	}

	/**
	 * @param string $source The unpacked release's folder.
	 * @return WP_Error|null Why it may not be installed now; null when the worker runs its version.
	 */
	private function refusal( string $source ): ?WP_Error {
		$main    = $source . '/' . basename( $this->plugin_file );
		$release = is_readable( $main ) ? trim( (string) get_file_data( $main, array( 'version' => 'Version' ), 'plugin' )['version'] ) : '';
		$worker  = $this->worker();
		if ( '' !== $release && $worker['version'] === $release ) {
			return null;
		}
		$release = '' === $release ? __( 'the new release', 'svc-hub' ) : $release;
		/* translators: %s: the worker's version. */
		$runs = sprintf( __( 'it runs %s', 'svc-hub' ), $worker['version'] );
		if ( '' === $worker['version'] ) {
			/* translators: %s: the worker's URL and why it did not answer. */
			$runs = sprintf( __( 'no version could be read from it at %s', 'svc-hub' ), $worker['error'] );
		}
		return new WP_Error(
			self::ERROR_CODE,
			/* translators: 1: the release's version, 2: what the worker runs ("it runs 1.2.0"). */
			sprintf( __( 'Update the svc-hub worker to %1$s first (%2$s); then update the plugin. svc-hub\'s docs/deploy.md, §5 "Upgrades", has the steps. The installed plugin is unchanged.', 'svc-hub' ), $release, $runs ),
			array(
				'release' => $release,
				'worker'  => $worker['version'],
			)
		);
	}

	/**
	 * The worker's version, from its health answer (`GET /llm/router/v1/health`, signed as the
	 * shell signs a forwarded public request). Asked once per request.
	 *
	 * @return array{version: string, error: string} `version` "" when no answer carried one.
	 */
	private function worker(): array {
		if ( null !== $this->worker ) {
			return $this->worker;
		}
		$signer = $this->settings->signer();
		$url    = $this->settings->worker_url();
		$path   = Svc_Hub_Incoming_Request::PATH_PREFIX . self::HEALTH_ROUTE;
		$head   = array( 'Accept: application/json' );
		foreach ( null === $signer ? array() : $signer->headers_for( 'GET', $path, '', 'public', '', '', '' ) as $name => $value ) {
			$head[] = '' === $value ? $name . ';' : $name . ': ' . $value;
		}
		$handle = curl_init( $url . $path );
		curl_setopt_array(
			$handle,
			array(
				CURLOPT_HTTPHEADER        => $head,
				CURLOPT_RETURNTRANSFER    => true,
				CURLOPT_CONNECTTIMEOUT_MS => 1500,
				CURLOPT_TIMEOUT           => 10,
				CURLOPT_PROXY             => '',
				CURLOPT_FOLLOWLOCATION    => false,
				CURLOPT_NOSIGNAL          => true,
			)
		);
		$body  = curl_exec( $handle );
		$error = curl_errno( $handle ) ? curl_error( $handle ) : '';
		curl_close( $handle );
		$answer       = is_string( $body ) ? json_decode( $body, true ) : null;
		$version      = is_array( $answer ) && is_string( $answer['version'] ?? null ) ? $answer['version'] : '';
		$this->worker = array(
			'version' => $version,
			'error'   => '' === $error ? $url : $url . ' (' . $error . ')',
		);
		return $this->worker;
	}
}
