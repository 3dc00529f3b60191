<?php
/**
 * Routes the worker calls on the shell (auth kind `internal`), answered by PHP.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * Checks the worker's signature (same scheme and secret as shell → worker, signed auth kind
 * `internal`), refuses a reused nonce (claimed in the database, so across PHP processes),
 * then runs the PHP handler of the route.
 */
final class Svc_Hub_Internal_Routes {

	/** Handler method per internal route (`namespace` + `route` of the table row). */
	private const HANDLERS = array(
		'svc-hub/v1/internal/ping'              => 'ping',
		'svc-hub/v1/internal/woo-create-order' => 'woo_create_order',
		'svc-hub/v1/internal/woo-product'      => 'woo_product',
	);

	/** @var Svc_Hub_Settings */
	private Svc_Hub_Settings $settings;

	/** @var Svc_Hub_Nonce_Store */
	private Svc_Hub_Nonce_Store $nonces;

	/**
	 * @param Svc_Hub_Settings    $settings Secret.
	 * @param Svc_Hub_Nonce_Store $nonces   Nonces already seen.
	 */
	public function __construct( Svc_Hub_Settings $settings, Svc_Hub_Nonce_Store $nonces ) {
		$this->settings = $settings;
		$this->nonces   = $nonces;
	}

	/**
	 * The REST callback for an internal row.
	 *
	 * @param array $row The route-table row.
	 * @return callable(WP_REST_Request): WP_REST_Response
	 */
	public function callback_for( array $row ): callable {
		$key = $row['namespace'] . $row['route'];
		return function ( WP_REST_Request $request ) use ( $key ): WP_REST_Response {
			return $this->handle( $request, $key );
		};
	}

	/**
	 * Verifies the request, then runs the route's handler.
	 *
	 * @param WP_REST_Request $request The request.
	 * @param string          $key     `namespace` + `route` of the row.
	 * @return WP_REST_Response
	 */
	public function handle( WP_REST_Request $request, string $key ): WP_REST_Response {
		$refusal = $this->verify( $request );
		if ( null !== $refusal ) {
			return $refusal;
		}
		$method = self::HANDLERS[ $key ] ?? null;
		return null === $method ? Svc_Hub_Errors::not_found() : $this->$method( $request );
	}

	/**
	 * `POST /svc-hub/v1/internal/ping`: what the worker needs to know about this site.
	 *
	 * @return WP_REST_Response
	 */
	public function ping(): WP_REST_Response {
		return new WP_REST_Response(
			array(
				'ok'                 => true,
				'wordpress_version'  => get_bloginfo( 'version' ),
				'woocommerce_active' => class_exists( 'WooCommerce' ),
				'plugin_version'     => Svc_Hub_Plugin::VERSION,
			),
			200
		);
	}

	/**
	 * `POST /svc-hub/v1/internal/woo-create-order`: a pending WooCommerce order for a hub order.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function woo_create_order( WP_REST_Request $request ): WP_REST_Response {
		return ( new Svc_Hub_Woocommerce_Orders() )->create( $request );
	}

	/**
	 * `POST /svc-hub/v1/internal/woo-product`: whether a WooCommerce product exists.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function woo_product( WP_REST_Request $request ): WP_REST_Response {
		return ( new Svc_Hub_Woocommerce_Orders() )->product( $request );
	}

	/**
	 * Null when the signature is valid, fresh, signed for an internal route and its nonce
	 * unused; else the error answer.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response|null
	 */
	private function verify( WP_REST_Request $request ): ?WP_REST_Response {
		$signer = $this->settings->signer();
		if ( null === $signer ) {
			return Svc_Hub_Errors::secret_missing();
		}
		$incoming  = Svc_Hub_Incoming_Request::from_rest_request( $request, defined( 'REST_REQUEST' ) && REST_REQUEST );
		$timestamp = (string) $request->get_header( 'X-Svc-Hub-Timestamp' );
		$nonce     = (string) $request->get_header( 'X-Svc-Hub-Nonce' );
		$auth      = (string) $request->get_header( 'X-Svc-Hub-Auth' );
		$valid     = 'internal' === $auth && $signer->verify(
			(string) $request->get_header( 'X-Svc-Hub-Signature' ),
			$incoming->method,
			$incoming->path,
			$timestamp,
			$nonce,
			$incoming->authorization,
			$auth,
			(string) $request->get_header( 'X-Svc-Hub-User' ),
			(string) $request->get_header( 'X-Svc-Hub-Client-Ip' ),
			$incoming->body
		);
		if ( ! $valid || ! $this->nonces->remember( $nonce, (int) $timestamp + Svc_Hub_Signer::MAX_AGE ) ) {
			return Svc_Hub_Errors::invalid_signature();
		}
		return null;
	}
}
