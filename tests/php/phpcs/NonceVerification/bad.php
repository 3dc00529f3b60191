<?php
/**
 * Admin actions without their checks.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

add_action( 'admin_post_svc_hub_sample_save', 'svc_hub_sample_save' ); // expect: HandlerMissing HandlerCapabilityMissing
add_action( 'wp_ajax_svc_hub_sample_elsewhere', array( 'Somewhere_Else', 'handle' ) ); // expect: HandlerNotFound

function svc_hub_sample_save() {
	update_option( 'svc_hub_sample', 1 );
}

function svc_hub_sample_form() {
	$name = sanitize_text_field( wp_unslash( $_POST['name'] ?? '' ) ); // expect: Missing CapabilityMissing
	update_option( 'svc_hub_sample', $name );
}

function svc_hub_sample_link() {
	check_admin_referer( 'svc_hub_sample' );
	$page = absint( $_REQUEST['page'] ?? 0 ); // expect: CapabilityMissing
	return $page;
}

function svc_hub_sample_filter() {
	return isset( $_GET['filter'] ); // expect: Recommended
}
