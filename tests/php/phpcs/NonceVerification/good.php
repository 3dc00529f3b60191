<?php
/**
 * Admin actions with their checks.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

/** A class-based handler. */
final class Svc_Hub_Sample_Form {

	/** Hooks the handler. */
	public function register_hooks() {
		add_action( 'admin_post_svc_hub_sample_save', array( $this, 'save' ) );
		add_action( 'wp_ajax_svc_hub_sample_check', array( $this, 'check' ) );
		add_action( 'init', array( 'Somewhere_Else', 'boot' ) );
	}

	/** Saves the form. */
	public function save() {
		check_admin_referer( 'svc_hub_sample_save' );
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Not allowed.', 'svc-hub' ) );
		}
		update_option( 'svc_hub_sample', sanitize_text_field( wp_unslash( $_POST['name'] ?? '' ) ) );
	}

	/** Answers an ajax call. */
	public function check() {
		check_ajax_referer( 'svc_hub_sample_check' );
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_send_json_error( null, 403 );
		}
		wp_send_json_success( absint( $_REQUEST['id'] ?? 0 ) );
	}

	/** Reads a filter of a page that checks its nonce. */
	public function filter() {
		if ( ! isset( $_GET['_wpnonce'] ) || ! wp_verify_nonce( sanitize_key( $_GET['_wpnonce'] ), 'svc_hub_filter' ) ) {
			return '';
		}
		return sanitize_key( $_GET['filter'] ?? '' );
	}
}
