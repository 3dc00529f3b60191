<?php
/**
 * Creates the pending WooCommerce order a hub checkout pays through.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * `POST /svc-hub/v1/internal/woo-create-order` (signed by the worker; the signature is
 * checked by Svc_Hub_Internal_Routes): `{ hub_order_id, site_url, package_id, product_id,
 * buyer?: { email, first_name, last_name, customer_id } }` (the buyer becomes the order's
 * billing email and name and, when not 0, its customer: WooCommerce emails the buyer and
 * the order shows in their My Account) → 200 `{ woo_order_id, payment_url }`, built with WooCommerce's own API
 * (`wc_create_order()`, `add_product()`, meta, `calculate_totals()`, `save()`); 404
 * `svc_not_found` when the product does not exist. `POST /svc-hub/v1/internal/woo-product`
 * `{ product_id }` → 200 `{ product_id, exists, name? }`, for the package warnings.
 */
final class Svc_Hub_Woocommerce_Orders {

	/**
	 * Validates the body and creates the order.
	 *
	 * @param WP_REST_Request $request The worker's request.
	 * @return WP_REST_Response
	 */
	public function create( WP_REST_Request $request ): WP_REST_Response {
		if ( ! function_exists( 'wc_create_order' ) || ! function_exists( 'wc_get_product' ) || ! class_exists( 'WooCommerce' ) ) {
			return self::error( 'svc_woocommerce_inactive', __( 'WooCommerce is not active on the hub site, so it cannot take payments for packages sold here. Activate WooCommerce, or sell the package through an external store.', 'svc-hub' ), 503 );
		}
		$input = self::parse( (string) $request->get_body() );
		if ( isset( $input['params'] ) ) {
			return Svc_Hub_Errors::json(
				array(
					'code'    => 'svc_invalid_request',
					/* translators: %s: comma-separated field names. */
					'message' => sprintf( __( 'Invalid parameter(s): %s.', 'svc-hub' ), implode( ', ', array_keys( $input['params'] ) ) ),
					'data'    => array(
						'status' => 400,
						'params' => $input['params'],
					),
				),
				400
			);
		}

		$product = wc_get_product( $input['product_id'] );
		if ( ! $product ) {
			/* translators: %d: WooCommerce product id. */
			return self::error( 'svc_not_found', sprintf( __( 'No WooCommerce product has the id %d; check the package\'s woo_product_id.', 'svc-hub' ), $input['product_id'] ), 404 );
		}

		$order = null;
		try {
			$order = wc_create_order(
				array(
					'status'      => 'pending',
					'created_via' => 'svc-hub',
				)
			);
			if ( is_wp_error( $order ) ) {
				$message = $order->get_error_message();
				$order   = null;
				throw new RuntimeException( $message );
			}
			$item_id = $order->add_product( $product, 1 );
			// The line pays its hub order, as a store's pay link's line does (docs/architecture.md §5); the
			// order meta stays for readers that know only the order. The cached item: the order's save saves it.
			$item = $item_id ? $order->get_item( $item_id, false ) : false;
			if ( ! $item ) {
				throw new RuntimeException( 'WooCommerce added no line item for the product.' );
			}
			$item->add_meta_data( Svc_Hub_Woocommerce_Order_Facts::META_HUB_ORDER_ID, $input['hub_order_id'], true );
			$item->add_meta_data( Svc_Hub_Woocommerce_Order_Facts::META_SITE_URL, $input['site_url'], true );
			if ( isset( $input['buyer'] ) ) {
				$order->set_billing_email( $input['buyer']['email'] );
				$order->set_billing_first_name( $input['buyer']['first_name'] );
				$order->set_billing_last_name( $input['buyer']['last_name'] );
				if ( $input['buyer']['customer_id'] > 0 ) {
					$order->set_customer_id( $input['buyer']['customer_id'] );
				}
			}
			$order->update_meta_data( Svc_Hub_Woocommerce_Order_Facts::META_HUB_ORDER_ID, $input['hub_order_id'] );
			$order->update_meta_data( Svc_Hub_Woocommerce_Order_Facts::META_SITE_URL, $input['site_url'] );
			$order->calculate_totals();
			$order->save();
			return Svc_Hub_Errors::json(
				array(
					'woo_order_id' => (int) $order->get_id(),
					'payment_url'  => $order->get_checkout_payment_url(),
				),
				200
			);
		} catch ( Throwable $error ) {
			// A half-made order must not be paid for: remove it.
			if ( null !== $order && $order->get_id() > 0 ) {
				$order->delete( true );
			}
			error_log( sprintf( 'svc-hub: WooCommerce could not create the order for %s: %s', $input['hub_order_id'], $error->getMessage() ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log
			// WooCommerce's own message (database errors, paths) stays in the log: the worker passes this answer's message on to the API client.
			return self::error( 'svc_woocommerce_error', __( "WooCommerce refused to create the order; the hub's PHP error log has the detail.", 'svc-hub' ), 500 );
		}
	}

	/**
	 * Whether the product exists.
	 *
	 * @param WP_REST_Request $request The worker's request.
	 * @return WP_REST_Response
	 */
	public function product( WP_REST_Request $request ): WP_REST_Response {
		if ( ! function_exists( 'wc_get_product' ) || ! class_exists( 'WooCommerce' ) ) {
			return self::error( 'svc_woocommerce_inactive', __( 'WooCommerce is not active on the hub site.', 'svc-hub' ), 503 );
		}
		$data       = json_decode( (string) $request->get_body(), true );
		$product_id = is_array( $data ) ? ( $data['product_id'] ?? null ) : null;
		if ( ! is_int( $product_id ) || $product_id <= 0 ) {
			return Svc_Hub_Errors::json(
				array(
					'code'    => 'svc_invalid_request',
					/* translators: %s: field name. */
					'message' => sprintf( __( 'Invalid parameter(s): %s.', 'svc-hub' ), 'product_id' ),
					'data'    => array(
						'status' => 400,
						'params' => array( 'product_id' => 'must be a positive integer' ),
					),
				),
				400
			);
		}
		$product = wc_get_product( $product_id );
		$answer  = array(
			'product_id' => $product_id,
			'exists'     => (bool) $product,
		);
		if ( $product ) {
			$answer['name'] = (string) $product->get_name();
		}
		return Svc_Hub_Errors::json( $answer, 200 );
	}

	/**
	 * The validated input, or `params` naming each bad field.
	 *
	 * @param string $body Raw JSON body.
	 * @return array{hub_order_id?: string, site_url?: string, product_id?: int, buyer?: array, params?: array<string,string>}
	 */
	private static function parse( string $body ): array {
		$data = json_decode( $body, true );
		if ( ! is_array( $data ) || array_is_list( $data ) && array() !== $data ) {
			return array( 'params' => array( 'body' => 'must be a JSON object' ) );
		}
		$params       = array();
		$hub_order_id = Svc_Hub_Woocommerce_Order_Facts::hub_order_id( $data['hub_order_id'] ?? null );
		$site_url     = Svc_Hub_Woocommerce_Order_Facts::site_url( $data['site_url'] ?? null );
		$product_id   = $data['product_id'] ?? null;
		if ( null === $hub_order_id ) {
			$params['hub_order_id'] = 'must be ord_ followed by 26 characters of Crockford base32';
		}
		if ( null === $site_url ) {
			$params['site_url'] = 'must be an absolute http(s) URL';
		}
		if ( ! is_int( $product_id ) || $product_id <= 0 ) {
			$params['product_id'] = 'must be a positive integer';
		}
		$buyer = self::buyer( $data['buyer'] ?? null );
		if ( false === $buyer ) {
			$params['buyer'] = 'must be { email, first_name, last_name, customer_id } with an email address and a customer id of 0 or more';
		}
		if ( $params ) {
			return array( 'params' => $params );
		}
		return array_filter(
			array(
				'hub_order_id' => $hub_order_id,
				'site_url'     => $site_url,
				'product_id'   => $product_id,
				'buyer'        => $buyer,
			),
			static fn ( $value ) => null !== $value
		);
	}

	/**
	 * The buyer as the worker sends it (already checked there: docs/commerce.md "Checkout"), null
	 * when absent, false when malformed.
	 *
	 * @param mixed $buyer The `buyer` field.
	 * @return array{email: string, first_name: string, last_name: string, customer_id: int}|null|false
	 */
	private static function buyer( $buyer ) {
		if ( null === $buyer ) {
			return null;
		}
		if ( ! is_array( $buyer ) || ! is_string( $buyer['email'] ?? null ) || ! is_email( $buyer['email'] ) ) {
			return false;
		}
		$first_name  = $buyer['first_name'] ?? '';
		$last_name   = $buyer['last_name'] ?? '';
		$customer_id = $buyer['customer_id'] ?? 0;
		if ( ! is_string( $first_name ) || ! is_string( $last_name ) || strlen( $first_name . $last_name ) > 400 || ! is_int( $customer_id ) || $customer_id < 0 ) {
			return false;
		}
		return array(
			'email'       => $buyer['email'],
			'first_name'  => sanitize_text_field( $first_name ),
			'last_name'   => sanitize_text_field( $last_name ),
			'customer_id' => $customer_id,
		);
	}

	/**
	 * An error answer in the WordPress shape.
	 *
	 * @param string $code    Stable code.
	 * @param string $message Message.
	 * @param int    $status  HTTP status.
	 * @return WP_REST_Response
	 */
	private static function error( string $code, string $message, int $status ): WP_REST_Response {
		return Svc_Hub_Errors::json(
			array(
				'code'    => $code,
				'message' => $message,
				'data'    => array( 'status' => $status ),
			),
			$status
		);
	}
}
