<?php
/**
 * WooCommerce stand-in: Action Scheduler, the part WooCommerce's webhooks use
 * (`as_enqueue_async_action`, `as_next_scheduled_action`, the queue runner).
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Actions are kept in an option (Action Scheduler has its own tables) and run by the queue
 * runner on WP-Cron's `action_scheduler_run_queue` (every minute), as on a store; the tests
 * also run it through the stand-in's test route. An action runs once: it is marked
 * `complete` (or `failed` when its callback threw) before the next one.
 */
final class Svc_Stand_In_Action_Scheduler {

	/** Option holding the actions. */
	private const OPTION = 'svc_stand_in_actions';

	/** WP-Cron hook of the queue runner. */
	public const RUN_HOOK = 'action_scheduler_run_queue';

	/**
	 * Hooks the runner into WP-Cron.
	 */
	public static function register(): void {
		add_filter( 'cron_schedules', array( self::class, 'add_schedule' ) );
		add_action( self::RUN_HOOK, array( self::class, 'run_queue' ) );
		add_action(
			'init',
			static function () {
				if ( false === wp_next_scheduled( self::RUN_HOOK ) ) {
					wp_schedule_event( time(), 'every_minute', self::RUN_HOOK );
				}
			}
		);
	}

	/**
	 * `cron_schedules`: Action Scheduler's `every_minute`.
	 *
	 * @param mixed $schedules Schedules.
	 * @return array
	 */
	public static function add_schedule( $schedules ): array {
		$schedules                 = is_array( $schedules ) ? $schedules : array();
		$schedules['every_minute'] = array(
			'interval' => MINUTE_IN_SECONDS,
			'display'  => 'Every minute',
		);
		return $schedules;
	}

	/**
	 * Queues an action to run as soon as possible.
	 *
	 * @param string $hook  Hook.
	 * @param array  $args  Arguments.
	 * @param string $group Group.
	 * @return int Action id.
	 */
	public static function enqueue( string $hook, array $args, string $group ): int {
		$actions = self::all();
		$id      = $actions ? max( array_keys( $actions ) ) + 1 : 1;
		$actions[ $id ] = array(
			'hook'      => $hook,
			'args'      => $args,
			'group'     => $group,
			'status'    => 'pending',
			'scheduled' => time(),
		);
		update_option( self::OPTION, $actions, false );
		return $id;
	}

	/**
	 * When a pending action with this hook, these arguments and group runs next, or null.
	 *
	 * @param string $hook  Hook.
	 * @param array  $args  Arguments.
	 * @param string $group Group.
	 * @return int|null Unix time.
	 */
	public static function next( string $hook, array $args, string $group ): ?int {
		foreach ( self::all() as $action ) {
			if ( 'pending' === $action['status'] && $hook === $action['hook'] && $args == $action['args'] && $group === $action['group'] ) { // phpcs:ignore Universal.Operators.StrictComparisons.LooseEqual -- Action Scheduler compares the JSON of the arguments.
				return (int) $action['scheduled'];
			}
		}
		return null;
	}

	/**
	 * The actions, by id.
	 *
	 * @param string|null $group Only this group.
	 * @return array<int,array>
	 */
	public static function all( ?string $group = null ): array {
		wp_cache_delete( self::OPTION, 'options' );
		$actions = get_option( self::OPTION, array() );
		$actions = is_array( $actions ) ? $actions : array();
		return null === $group ? $actions : array_filter( $actions, static fn ( $action ) => $group === $action['group'] );
	}

	/**
	 * Runs the due pending actions in order.
	 *
	 * @return int How many ran.
	 */
	public static function run_queue(): int {
		$ran = 0;
		foreach ( self::all() as $id => $action ) {
			if ( 'pending' !== $action['status'] || (int) $action['scheduled'] > time() ) {
				continue;
			}
			self::mark( $id, 'in-progress' );
			try {
				do_action_ref_array( $action['hook'], array_values( $action['args'] ) );
				self::mark( $id, 'complete' );
			} catch ( Throwable $error ) {
				self::mark( $id, 'failed', $error->getMessage() );
			}
			++$ran;
		}
		return $ran;
	}

	/**
	 * Sets an action's status.
	 *
	 * @param int    $id     Action id.
	 * @param string $status Status.
	 * @param string $message Log message (why it failed).
	 */
	private static function mark( int $id, string $status, string $message = '' ): void {
		$actions = self::all();
		if ( isset( $actions[ $id ] ) ) {
			$actions[ $id ]['status'] = $status;
			$actions[ $id ]['log']    = $message;
			update_option( self::OPTION, $actions, false );
		}
	}
}

/**
 * Enqueues an action to run as soon as possible.
 *
 * @param string $hook  Hook.
 * @param array  $args  Arguments.
 * @param string $group Group.
 * @return int
 */
function as_enqueue_async_action( $hook, $args = array(), $group = '' ) {
	return Svc_Stand_In_Action_Scheduler::enqueue( (string) $hook, (array) $args, (string) $group );
}

/**
 * The next time a pending action runs, or false.
 *
 * @param string $hook  Hook.
 * @param array  $args  Arguments.
 * @param string $group Group.
 * @return int|false
 */
function as_next_scheduled_action( $hook, $args = null, $group = '' ) {
	$next = Svc_Stand_In_Action_Scheduler::next( (string) $hook, (array) $args, (string) $group );
	return null === $next ? false : $next;
}
