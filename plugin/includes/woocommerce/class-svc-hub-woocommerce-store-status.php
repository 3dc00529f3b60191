<?php
/**
 * svc-hub on an external WooCommerce store: a status panel on the store's wp-admin dashboard.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Store mode sends buyers' orders to the hub only through WooCommerce's own webhooks, which
 * never re-send and disable themselves after more than 5 failures in a row. This dashboard
 * widget (WordPress's own box, on the screen a store manager opens first, for users who may
 * manage WooCommerce) shows the hub each webhook delivers to, its status and failure count, the
 * last delivery to the hub (recorded from `woocommerce_webhook_delivery`), and what to do when
 * a webhook is disabled or WooCommerce refused an intranet address (docs/commerce.md, "Store
 * mode").
 */
final class Svc_Hub_Woocommerce_Store_Status {

	/** The last delivery to a hub: time, webhook id, HTTP status (0: none), error, duration, refused as unsafe. */
	public const OPTION = 'svc_hub_store_last_delivery';

	/** The hub's webhook route, at the end of a delivery URL's path or of its `rest_route`. */
	private const HUB_ROUTE = '/svc-license/v1/webhook/woo-order-paid';

	/**
	 * Hooks the recorder and the dashboard widget. Call once WooCommerce is loaded.
	 */
	public function register_hooks(): void {
		add_action( 'woocommerce_webhook_delivery', array( $this, 'record_delivery' ), 10, 5 );
		add_action( 'wp_dashboard_setup', array( $this, 'add_widget' ) );
	}

	/**
	 * Whether a delivery URL is an svc-hub's order webhook.
	 *
	 * @param string $url Delivery URL.
	 * @return bool
	 */
	public static function is_hub_url( string $url ): bool {
		$path  = (string) wp_parse_url( $url, PHP_URL_PATH );
		$query = array();
		parse_str( (string) wp_parse_url( $url, PHP_URL_QUERY ), $query );
		$route = isset( $query['rest_route'] ) && is_string( $query['rest_route'] ) ? $query['rest_route'] : $path;
		return str_ends_with( rtrim( $route, '/' ), self::HUB_ROUTE );
	}

	/**
	 * The store's webhooks that deliver to an svc-hub.
	 *
	 * @return WC_Webhook[]
	 */
	public static function hub_webhooks(): array {
		if ( ! class_exists( 'WC_Data_Store' ) || ! function_exists( 'wc_get_webhook' ) ) {
			return array();
		}
		$webhooks = array();
		foreach ( WC_Data_Store::load( 'webhook' )->search_webhooks( array( 'limit' => -1 ) ) as $id ) {
			$webhook = wc_get_webhook( $id );
			if ( $webhook && self::is_hub_url( (string) $webhook->get_delivery_url() ) ) {
				$webhooks[] = $webhook;
			}
		}
		return $webhooks;
	}

	/**
	 * `woocommerce_webhook_delivery` (WC_Webhook::deliver, after each attempt): keeps the last
	 * delivery of a webhook that goes to a hub.
	 *
	 * @param array          $http_args  The request's arguments.
	 * @param array|WP_Error $response   The answer, or why there was none.
	 * @param float          $duration   Seconds the request took.
	 * @param mixed          $arg        The resource id.
	 * @param int            $webhook_id The webhook.
	 */
	public function record_delivery( $http_args, $response, $duration, $arg, $webhook_id ): void {
		$webhook = function_exists( 'wc_get_webhook' ) ? wc_get_webhook( $webhook_id ) : null;
		$url     = $webhook ? (string) $webhook->get_delivery_url() : '';
		if ( '' === $url || ! self::is_hub_url( $url ) ) {
			return;
		}
		$failed = is_wp_error( $response );
		$record = array(
			'time'        => time(),
			'webhook_id'  => (int) $webhook_id,
			'http_status' => $failed ? 0 : (int) wp_remote_retrieve_response_code( $response ),
			'error'       => $failed ? substr( $response->get_error_message(), 0, 300 ) : '',
			'duration'    => round( (float) $duration, 3 ),
			// wp_safe_remote_request refuses what wp_http_validate_url refuses: private addresses, ports other than 80, 443, 8080.
			'unsafe'      => $failed && false === wp_http_validate_url( $url ),
		);
		update_option( self::OPTION, $record, false );
	}

	/**
	 * `wp_dashboard_setup`: the widget, for users who may manage WooCommerce.
	 */
	public function add_widget(): void {
		if ( current_user_can( 'manage_woocommerce' ) ) {
			wp_add_dashboard_widget( 'svc_hub_store_status', __( 'svc-hub: orders to the hub', 'svc-hub' ), array( $this, 'render' ) );
		}
	}

	/**
	 * Prints the widget.
	 */
	public function render(): void {
		$webhooks = self::hub_webhooks();
		echo '<div class="svc-hub-store-status">';
		if ( ! $webhooks ) {
			echo '<p class="svc-hub-store-status__none">' . esc_html__( 'No WooCommerce webhook delivers orders to an svc-hub: add one under WooCommerce → Settings → Advanced → Webhooks (topic "Order updated", API version "WP REST API Integration v3", delivery URL https://<hub>/wp-json/svc-license/v1/webhook/woo-order-paid, the secret registered on the hub).', 'svc-hub' ) . '</p></div>';
			return;
		}
		echo '<table class="widefat striped"><thead><tr><th>' . esc_html__( 'Hub', 'svc-hub' ) . '</th><th>' . esc_html__( 'Webhook', 'svc-hub' ) . '</th><th>' . esc_html__( 'Status', 'svc-hub' ) . '</th><th>' . esc_html__( 'Failures in a row', 'svc-hub' ) . '</th></tr></thead><tbody>';
		foreach ( $webhooks as $webhook ) {
			$url  = (string) $webhook->get_delivery_url();
			$edit = admin_url( 'admin.php?page=wc-settings&tab=advanced&section=webhooks&edit-webhook=' . (int) $webhook->get_id() );
			printf(
				'<tr class="svc-hub-store-status__webhook"><td><code>%s</code></td><td><a href="%s">%s</a></td><td class="svc-hub-store-status__status">%s</td><td>%d</td></tr>',
				esc_html( $url ),
				esc_url( $edit ),
				esc_html( (string) $webhook->get_name() ),
				esc_html( (string) $webhook->get_status() ),
				(int) $webhook->get_failure_count()
			);
		}
		echo '</tbody></table>';
		$this->render_last_delivery();
		foreach ( $webhooks as $webhook ) {
			if ( 'disabled' === $webhook->get_status() ) {
				/* translators: %s: webhook name. */
				echo '<p class="svc-hub-store-status__disabled"><strong>' . esc_html( sprintf( __( 'WooCommerce disabled "%s" after more than 5 failed deliveries in a row and sends nothing more to the hub.', 'svc-hub' ), (string) $webhook->get_name() ) ) . '</strong> ' . esc_html__( 'Fix the cause shown by the last delivery, set the webhook\'s status back to Active and save it; the hub fetches the orders it missed through the store\'s REST API (its reconcile, or `store reconcile` on the hub now).', 'svc-hub' ) . '</p>';
			}
		}
		echo '</div>';
	}

	/**
	 * The last delivery: when, HTTP status or error, duration; the intranet hint when WooCommerce refused the address.
	 */
	private function render_last_delivery(): void {
		$last = get_option( self::OPTION );
		if ( ! is_array( $last ) || empty( $last['time'] ) ) {
			echo '<p class="svc-hub-store-status__last">' . esc_html__( 'No delivery to the hub yet.', 'svc-hub' ) . '</p>';
			return;
		}
		$outcome = $last['http_status'] ? sprintf( 'HTTP %d', (int) $last['http_status'] ) : (string) $last['error'];
		/* translators: 1: date and time, 2: HTTP status or error, 3: seconds. */
		$text = sprintf( __( 'Last delivery: %1$s UTC — %2$s in %3$s s.', 'svc-hub' ), gmdate( 'Y-m-d H:i:s', (int) $last['time'] ), $outcome, (string) $last['duration'] );
		echo '<p class="svc-hub-store-status__last">' . esc_html( $text ) . '</p>';
		if ( ! empty( $last['unsafe'] ) ) {
			echo '<p class="svc-hub-store-status__intranet">' . esc_html__( 'WordPress refused the hub\'s address: webhooks go only to public addresses on ports 80, 443 and 8080. For a hub on the intranet, allow its host with the filter http_request_host_is_external and its port with http_allowed_safe_ports (svc-hub\'s docs/commerce.md, "Store mode", has the snippet).', 'svc-hub' ) . '</p>';
		}
	}
}
