<?php
/**
 * This site's AI allowance and credits, as the hub last said.
 *
 * @package svc-client
 */

defined( 'ABSPATH' ) || exit;

/**
 * The `ai` block of the hub's site summary (`GET /svc-license/v1/entitlement`, and the
 * summaries it pushes), kept with the licence (`svc_client_license`, key `ai`):
 *
 * - a session check's answer is the current truth: its block replaces the one held, and an
 *   answer without one (a hub that sells no AI) leaves none;
 * - a pushed summary without a block leaves the one held (a message queued before the hub
 *   sent figures);
 * - a block that is not what the hub documents (a negative, a word, a float, a huge string, a
 *   wrong type: Svc_Client_Ai_Figures) is ignored, the figures held stay, and the activity log
 *   says which field was wrong. Never a fatal, never a PHP notice.
 *
 * When the figures other plugins see change, `svc_client_ai_balance_changed( $balance,
 * $previous )` runs once.
 */
final class Svc_Client_Ai_Balance {

	/**
	 * The figures to hold after a summary the hub confirmed.
	 *
	 * @param array<string, mixed>      $summary The summary as received.
	 * @param array<string, mixed>|null $held    The figures held now.
	 * @param string                    $source  check or webhook.
	 * @return array<string, mixed>|null The checked block with `received_at`, or null for none.
	 */
	public static function received( array $summary, ?array $held, string $source ): ?array {
		if ( ! array_key_exists( 'ai', $summary ) ) {
			return 'check' === $source ? null : $held;
		}
		list( $block, $problem ) = Svc_Client_Ai_Figures::check_block( $summary['ai'] );
		if ( '' !== $problem ) {
			Svc_Client_Activity_Log::add( 'ai', 'ignored', sprintf( 'The hub\'s AI figures were ignored (%s); the last ones stay.', $problem ) );
			return $held;
		}
		return null === $block ? null : $block + array( 'received_at' => time() );
	}

	/**
	 * The figures other plugins see (svc_client_ai_balance()), null while the hub sent none.
	 *
	 * @return array{currency: string, allowance: string|null, period: string|null, used: string|null, remaining: string|null, credits: string, resets_at: string|null, updated_at: string}|null
	 */
	public static function current(): ?array {
		$held = Svc_Client_License::state()['ai'];
		return null === $held ? null : self::public_figures( $held );
	}

	/**
	 * Runs `svc_client_ai_balance_changed` when the figures differ (the time they were received
	 * aside).
	 *
	 * @param array<string, mixed>|null $before The figures held before.
	 * @param array<string, mixed>|null $after  The figures held now.
	 */
	public static function announce_change( ?array $before, ?array $after ): void {
		$previous = null === $before ? null : self::public_figures( $before );
		$balance  = null === $after ? null : self::public_figures( $after );
		$compare  = static fn( ?array $figures ) => null === $figures ? null : array_diff_key( $figures, array( 'updated_at' => true ) );
		if ( $compare( $previous ) === $compare( $balance ) ) {
			return;
		}
		/**
		 * This site's AI allowance or credits changed (or the hub started or stopped sending them).
		 *
		 * @param array|null $balance  The figures now, as svc_client_ai_balance() returns them.
		 * @param array|null $previous The figures before.
		 */
		do_action( 'svc_client_ai_balance_changed', $balance, $previous );
	}

	/**
	 * The held block as other plugins see it: money as decimal strings with 8 places.
	 *
	 * @param array<string, mixed> $held The held block.
	 * @return array{currency: string, allowance: string|null, period: string|null, used: string|null, remaining: string|null, credits: string, resets_at: string|null, updated_at: string}
	 */
	private static function public_figures( array $held ): array {
		$allowance = is_array( $held['allowance'] ?? null ) ? $held['allowance'] : null;
		return array(
			'currency'   => (string) ( $held['currency'] ?? '' ),
			'allowance'  => null === $allowance ? null : (string) $allowance['amount'],
			'period'     => null === $allowance ? null : (string) $allowance['period'],
			'used'       => null === $allowance ? null : (string) $allowance['used'],
			'remaining'  => null === $allowance ? null : Svc_Client_Ai_Figures::remaining( (string) $allowance['amount'], (string) $allowance['used'] ),
			'credits'    => (string) ( $held['credits']['balance'] ?? '0.00000000' ),
			'resets_at'  => null === $allowance ? null : $allowance['resets_at'],
			'updated_at' => gmdate( 'Y-m-d\TH:i:s\Z', (int) ( $held['received_at'] ?? 0 ) ),
		);
	}
}
