<?php
/**
 * Plugin Name: svc-hub test routes
 * Description: Test suite only. Keeps the svc-hub-test/v1 rows of the route manifest (test_only) in the svc-hub route table; the worker serves them when SVC_TEST_ROUTES=on.
 *
 * Linked into wp-content/mu-plugins by the stack when SVC_STACK_MU_PLUGINS points here.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

add_filter( 'svc_hub_test_routes', '__return_true' );
