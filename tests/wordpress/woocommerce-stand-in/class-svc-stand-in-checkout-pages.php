<?php
/**
 * WooCommerce stand-in: the store's checkout pages and WC_AJAX's `?wc-ajax=checkout`.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/**
 * `/checkout/` is the block checkout (WooCommerce's default page since 8.3): rendering it
 * preloads `GET /wc/store/v1/checkout` (rest_preload_api_request), which creates or updates
 * the draft order, and prints the Store API nonce as `wcSettings.storeApiNonce`.
 * `/checkout-classic/` is a page holding `[woocommerce_checkout]`: rendering it creates
 * nothing; its form posts to `/?wc-ajax=checkout` with `woocommerce-process-checkout-nonce`.
 */
final class Svc_Stand_In_Checkout_Pages {

	/**
	 * Hooks in (WC_AJAX and the page templates run on template_redirect).
	 */
	public static function register(): void {
		add_action( 'template_redirect', array( self::class, 'serve' ), 0 );
	}

	/**
	 * `template_redirect`.
	 */
	public static function serve(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the checkout checks its own nonce.
		if ( isset( $_GET['wc-ajax'] ) && 'checkout' === $_GET['wc-ajax'] ) {
			WC()->checkout()->process_checkout();
			return;
		}
		$path = (string) wp_parse_url( isset( $_SERVER['REQUEST_URI'] ) ? esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '', PHP_URL_PATH );
		if ( '/checkout/' === $path ) {
			self::block_checkout();
		} elseif ( '/checkout-classic/' === $path ) {
			self::classic_checkout();
		}
	}

	/**
	 * The block checkout page.
	 */
	private static function block_checkout(): void {
		$preloaded = rest_do_request( new WP_REST_Request( 'GET', '/wc/store/v1/checkout' ) );
		$settings  = array(
			'storeApiNonce' => wp_create_nonce( Svc_Stand_In_Store_Api_Checkout::NONCE_ACTION ),
			'checkoutData'  => $preloaded->get_data(),
		);
		self::page( 'Checkout', '<div class="wp-block-woocommerce-checkout"></div><script>var wcSettings = ' . wp_json_encode( $settings ) . ';</script>' );
	}

	/**
	 * The classic checkout page.
	 */
	private static function classic_checkout(): void {
		$form = sprintf(
			'<form name="checkout" method="post" action="%s"><input type="hidden" name="woocommerce-process-checkout-nonce" value="%s"></form>',
			esc_url( add_query_arg( 'wc-ajax', 'checkout', home_url( '/' ) ) ),
			esc_attr( wp_create_nonce( WC_Checkout::NONCE_ACTION ) )
		);
		self::page( 'Checkout', $form );
	}

	/**
	 * Sends a page and ends the request (the session is saved on shutdown).
	 *
	 * @param string $title Title.
	 * @param string $body  Body HTML.
	 */
	private static function page( string $title, string $body ): void {
		status_header( 200 );
		header( 'Content-Type: text/html; charset=UTF-8' );
		echo '<!doctype html><html><head><title>' . esc_html( $title ) . '</title></head><body>' . $body . '</body></html>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built above from escaped parts.
		exit;
	}
}
