<?php
/**
 * The setup checklist: what a new hub still needs, each item with its next step.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Runs the checks of docs/architecture.md "Setup checklist" and keeps their outcome 60 s (a
 * transient), so the Dashboard pays for them at most once a minute. An item is
 * `{ id, status, title, detail, step, code, link }` with `status` one of `ok`, `error` (blocks:
 * the hub does not work until it is fixed), `warning` (advice), `info` and `unknown` (not
 * checked: an earlier item failed). What only WordPress knows is asked here and in
 * Svc_Hub_Setup_Site_Checks; the rest comes from the worker (Svc_Hub_Setup_Probe).
 */
final class Svc_Hub_Setup_Checklist {

	/** Transient holding the last outcome. */
	public const TRANSIENT = 'svc_hub_setup_checklist';

	/** How long an outcome is kept. */
	private const TTL_SECONDS = 60;

	/** The worker's environment file, as the release's systemd unit reads it. */
	public const WORKER_ENV_FILE = '/etc/svc-hub/worker.env';

	/** @var Svc_Hub_Settings */
	private Svc_Hub_Settings $settings;

	/** @var Svc_Hub_Setup_Probe */
	private Svc_Hub_Setup_Probe $probe;

	/**
	 * @param Svc_Hub_Settings    $settings Worker URL and secret.
	 * @param Svc_Hub_Setup_Probe $probe    The calls to the worker and to the public URL.
	 */
	public function __construct( Svc_Hub_Settings $settings, Svc_Hub_Setup_Probe $probe ) {
		$this->settings = $settings;
		$this->probe    = $probe;
	}

	/**
	 * The items, from the cache when it is fresh.
	 *
	 * @return array{checked_at: int, items: array<int, array>}
	 */
	public function outcome(): array {
		$cached = get_transient( self::TRANSIENT );
		if ( is_array( $cached ) && isset( $cached['items'] ) ) {
			return $cached;
		}
		$outcome = array(
			'checked_at' => time(),
			'items'      => $this->run(),
		);
		set_transient( self::TRANSIENT, $outcome, self::TTL_SECONDS );
		return $outcome;
	}

	/**
	 * Forgets the cached outcome (the "Check again" button).
	 */
	public function flush(): void {
		delete_transient( self::TRANSIENT );
	}

	/**
	 * The items that block (status `error`).
	 *
	 * @param array<int, array> $items Items.
	 * @return array<int, array>
	 */
	public static function blocking( array $items ): array {
		return array_values( array_filter( $items, static fn( array $item ): bool => 'error' === $item['status'] ) );
	}

	/**
	 * One item.
	 *
	 * @param string $id     Stable name.
	 * @param string $status ok, error, warning, info or unknown.
	 * @param string $title  What is checked.
	 * @param string $detail What was found.
	 * @param string $step   The next step, in words ("" when none).
	 * @param string $code   A command or configuration line for the step ("" when none).
	 * @param string $link   A wp-admin address for the step ("" when none).
	 * @return array
	 */
	public static function item( string $id, string $status, string $title, string $detail, string $step = '', string $code = '', string $link = '' ): array {
		return compact( 'id', 'status', 'title', 'detail', 'step', 'code', 'link' );
	}

	/**
	 * Runs every check now.
	 *
	 * @return array<int, array>
	 */
	private function run(): array {
		$answer  = $this->probe->worker_setup( get_current_user_id() );
		$worker  = new Svc_Hub_Setup_Worker_Items( $this->settings, $answer );
		$site    = new Svc_Hub_Setup_Site_Checks( $this->probe );
		$secret  = self::item( 'secret', 'ok', __( 'Shared secret', 'svc-hub' ), __( 'SVC_HUB_SECRET is set.', 'svc-hub' ) );
		if ( ! $this->settings->has_secret() ) {
			$secret = self::item(
				'secret',
				'error',
				__( 'Shared secret', 'svc-hub' ),
				__( 'SVC_HUB_SECRET is not set: WordPress cannot sign its calls to the worker.', 'svc-hub' ),
				/* translators: %s: path of the worker's environment file. */
				sprintf( __( 'Add this line to wp-config.php, above "That\'s all, stop editing!", with the value of SVC_HUB_SECRET in %s:', 'svc-hub' ), self::WORKER_ENV_FILE ),
				"define( 'SVC_HUB_SECRET', '…' );"
			);
		}
		return array_merge( array( $secret ), $worker->items(), $site->items() );
	}
}
