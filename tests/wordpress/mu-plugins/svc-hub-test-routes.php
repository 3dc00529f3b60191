<?php
/**
 * Plugin Name: svc-hub test routes
 * Description: Test suite only. Adds the svc-hub-test/v1 rows to the svc-hub route table; the worker serves them when SVC_TEST_ROUTES=on.
 *
 * Linked into wp-content/mu-plugins by the stack when SVC_STACK_MU_PLUGINS points here.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

add_filter(
	'svc_hub_route_table',
	static function ( $rows ) {
		$rows   = is_array( $rows ) ? $rows : array();
		$rows[] = array(
			'namespace'  => 'svc-hub-test/v1',
			'route'      => '/stream',
			'methods'    => 'GET',
			'auth'       => 'public',
			'may_stream' => true,
		);
		$rows[] = array(
			'namespace'  => 'svc-hub-test/v1',
			'route'      => '/stream-status',
			'methods'    => 'GET',
			'auth'       => 'public',
			'may_stream' => false,
		);
		$rows[] = array(
			'namespace'  => 'svc-hub-test/v1',
			'route'      => '/ack',
			'methods'    => 'POST',
			'auth'       => 'public',
			'may_stream' => false,
		);
		return $rows;
	}
);
