<?php
/**
 * The setup checklist's items the worker answers.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Turns the worker's setup answer (Svc_Hub_Setup_Probe::worker_setup()) into items: worker
 * reachable, signature accepted, versions matching, database, provider, outbound hosts. Each
 * red item names the command to run on the worker's server (the release's `svc-hub-worker`,
 * systemd's `svc-hub-worker` unit) or the wp-config.php line.
 */
final class Svc_Hub_Setup_Worker_Items {

	/** @var Svc_Hub_Settings */
	private Svc_Hub_Settings $settings;

	/** @var array{status: int, body: array, error: string} */
	private array $answer;

	/**
	 * @param Svc_Hub_Settings $settings Worker URL and secret.
	 * @param array            $answer   The worker's setup answer.
	 */
	public function __construct( Svc_Hub_Settings $settings, array $answer ) {
		$this->settings = $settings;
		$this->answer   = $answer;
	}

	/**
	 * The items, in the order an admin fixes them.
	 *
	 * @return array<int, array>
	 */
	public function items(): array {
		$items    = array( $this->reachable(), $this->signature() );
		$answered = 200 === $this->answer['status'];
		$later    = __( 'Checked once the worker accepts the signed call.', 'svc-hub' );
		$checks   = array(
			'version'  => __( 'Versions', 'svc-hub' ),
			'database' => __( 'Database', 'svc-hub' ),
			'provider' => __( 'LLM provider', 'svc-hub' ),
			'outbound' => __( 'Provider hosts', 'svc-hub' ),
		);
		foreach ( $checks as $id => $title ) {
			$items[] = $answered ? $this->$id( $title ) : Svc_Hub_Setup_Checklist::item( $id, 'unknown', $title, $later );
		}
		return $items;
	}

	/** @return array The worker answers at SVC_HUB_WORKER_URL. */
	private function reachable(): array {
		$title = __( 'Worker reachable', 'svc-hub' );
		$url   = $this->settings->worker_url();
		if ( 0 !== $this->answer['status'] ) {
			/* translators: %s: the worker's URL. */
			return Svc_Hub_Setup_Checklist::item( 'worker', 'ok', $title, sprintf( __( 'The worker answers at %s.', 'svc-hub' ), $url ) );
		}
		return Svc_Hub_Setup_Checklist::item(
			'worker',
			'error',
			$title,
			/* translators: 1: the worker's URL, 2: curl's error. */
			sprintf( __( 'No answer from the worker at %1$s (%2$s).', 'svc-hub' ), $url, $this->answer['error'] ),
			__( 'Start the worker on its server (its log: journalctl -u svc-hub-worker); if it listens elsewhere, set SVC_HUB_WORKER_URL in wp-config.php.', 'svc-hub' ),
			'systemctl enable --now svc-hub-worker'
		);
	}

	/** @return array The worker accepts the shell's signature: both sides hold the same secret. */
	private function signature(): array {
		$title  = __( 'Signed calls accepted', 'svc-hub' );
		$status = $this->answer['status'];
		if ( 200 === $status ) {
			return Svc_Hub_Setup_Checklist::item( 'signature', 'ok', $title, __( 'The worker accepts WordPress\'s signature.', 'svc-hub' ) );
		}
		if ( 0 === $status || ! $this->settings->has_secret() ) {
			return Svc_Hub_Setup_Checklist::item( 'signature', 'unknown', $title, __( 'Checked once the secret is set and the worker answers.', 'svc-hub' ) );
		}
		$code = (string) ( $this->answer['body']['code'] ?? '' );
		if ( 'svc_invalid_signature' === $code ) {
			return Svc_Hub_Setup_Checklist::item(
				'signature',
				'error',
				$title,
				__( 'The worker refuses the signature: SVC_HUB_SECRET in wp-config.php is not the worker\'s (or the two clocks differ by more than 5 minutes).', 'svc-hub' ),
				/* translators: %s: path of the worker's environment file. */
				sprintf( __( 'Put the same value in wp-config.php as in %s (or the other way round, then restart the worker), and keep both clocks synchronised:', 'svc-hub' ), Svc_Hub_Setup_Checklist::WORKER_ENV_FILE ),
				'grep SVC_HUB_SECRET ' . Svc_Hub_Setup_Checklist::WORKER_ENV_FILE
			);
		}
		$message = (string) ( $this->answer['body']['message'] ?? '' );
		/* translators: 1: HTTP status, 2: the worker's message. */
		$detail = sprintf( __( 'The worker answered %1$d: %2$s', 'svc-hub' ), $status, '' === $message ? $code : $message );
		return Svc_Hub_Setup_Checklist::item( 'signature', 'error', $title, $detail, __( 'Read the worker\'s log:', 'svc-hub' ), 'journalctl -u svc-hub-worker -n 50' );
	}

	/**
	 * @param string $title Item title.
	 * @return array Plugin and worker are the same release.
	 */
	private function version( string $title ): array {
		$worker = (string) ( $this->answer['body']['version'] ?? '' );
		if ( Svc_Hub_Plugin::VERSION === $worker ) {
			/* translators: %s: version. */
			return Svc_Hub_Setup_Checklist::item( 'version', 'ok', $title, sprintf( __( 'Plugin and worker are both %s.', 'svc-hub' ), $worker ) );
		}
		return Svc_Hub_Setup_Checklist::item(
			'version',
			'error',
			$title,
			/* translators: 1: plugin version, 2: worker version. */
			sprintf( __( 'The plugin is %1$s, the worker %2$s.', 'svc-hub' ), Svc_Hub_Plugin::VERSION, $worker ),
			/* translators: %s: plugin version. */
			sprintf( __( 'Install the worker of the same release (svc-hub-worker-%s.tgz, as its install guide says), or upload the plugin zip of the worker\'s release, then:', 'svc-hub' ), Svc_Hub_Plugin::VERSION ),
			'systemctl restart svc-hub-worker'
		);
	}

	/**
	 * @param string $title Item title.
	 * @return array The worker's database answers.
	 */
	private function database( string $title ): array {
		if ( 'ok' === ( $this->answer['body']['database']['status'] ?? '' ) ) {
			return Svc_Hub_Setup_Checklist::item( 'database', 'ok', $title, __( 'The worker reaches its database.', 'svc-hub' ) );
		}
		return Svc_Hub_Setup_Checklist::item(
			'database',
			'error',
			$title,
			__( 'The worker\'s database does not answer.', 'svc-hub' ),
			/* translators: %s: path of the worker's environment file. */
			sprintf( __( 'Check SVC_DB_HOST, SVC_DB_PORT, SVC_DB_USER, SVC_DB_PASSWORD and SVC_DB_NAME in %s (the values of wp-config.php\'s DB_* lines), then:', 'svc-hub' ), Svc_Hub_Setup_Checklist::WORKER_ENV_FILE ),
			'systemctl restart svc-hub-worker'
		);
	}

	/**
	 * @param string $title Item title.
	 * @return array A provider is configured; the mock alone is for trying.
	 */
	private function provider( string $title ): array {
		$providers  = $this->answer['body']['providers'] ?? array();
		$configured = array_map( 'strval', (array) ( $providers['configured'] ?? array() ) );
		$providers_tab = admin_url( 'admin.php?page=' . Svc_Hub_Admin_Page::SLUG . '#providers' );
		$step          = __( 'Add a provider\'s key in the Providers tab, or on the worker\'s server:', 'svc-hub' );
		$command       = 'svc-hub-worker provider set openai --api-key sk-…';
		if ( array() === $configured || 'unknown' === ( $providers['status'] ?? '' ) ) {
			return Svc_Hub_Setup_Checklist::item( 'provider', 'error', $title, __( 'No LLM provider is configured: chat calls cannot be answered.', 'svc-hub' ), $step, $command, $providers_tab );
		}
		if ( ! empty( $providers['mock_only'] ) ) {
			return Svc_Hub_Setup_Checklist::item( 'provider', 'info', $title, __( 'Only the mock provider (mock/echo, for trying the API): no real model answers yet.', 'svc-hub' ), $step, $command, $providers_tab );
		}
		/* translators: %s: comma-separated provider names. */
		return Svc_Hub_Setup_Checklist::item( 'provider', 'ok', $title, sprintf( __( 'Configured: %s.', 'svc-hub' ), implode( ', ', $configured ) ) );
	}

	/**
	 * @param string $title Item title.
	 * @return array Every configured provider's host is allowed and accepts a connection.
	 */
	private function outbound( string $title ): array {
		$targets = (array) ( $this->answer['body']['outbound']['targets'] ?? array() );
		$failing = array_values( array_filter( $targets, static fn( $target ): bool => is_array( $target ) && 'ok' !== ( $target['status'] ?? '' ) ) );
		if ( array() === $failing ) {
			$detail = array() === $targets ? __( 'No provider host to call (the mock needs none).', 'svc-hub' ) : __( 'The worker reaches every configured provider\'s host.', 'svc-hub' );
			return Svc_Hub_Setup_Checklist::item( 'outbound', 'ok', $title, $detail );
		}
		$first  = $failing[0];
		$target = (string) ( $first['target'] ?? '' );
		/* translators: 1: provider, 2: host:port, 3: why. */
		$detail = sprintf( __( '%1$s at %2$s: %3$s', 'svc-hub' ), (string) ( $first['provider'] ?? '' ), $target, (string) ( $first['message'] ?? '' ) );
		if ( 'refused' === ( $first['status'] ?? '' ) ) {
			/* translators: %s: path of the worker's environment file. */
			$step = sprintf( __( 'If this address is yours to call, allow it in %s, then restart the worker:', 'svc-hub' ), Svc_Hub_Setup_Checklist::WORKER_ENV_FILE );
			return Svc_Hub_Setup_Checklist::item( 'outbound', 'error', $title, $detail, $step, 'SVC_OUTBOUND_ALLOW=' . $target );
		}
		$step = __( 'Let the worker\'s server open connections to this host (firewall, outbound proxy); try it from there:', 'svc-hub' );
		return Svc_Hub_Setup_Checklist::item( 'outbound', 'error', $title, $detail, $step, sprintf( "timeout 3 bash -c '</dev/tcp/%s/%s' && echo open", trim( substr( $target, 0, (int) strrpos( $target, ':' ) ), '[]' ), substr( $target, (int) strrpos( $target, ':' ) + 1 ) ) );
	}
}
