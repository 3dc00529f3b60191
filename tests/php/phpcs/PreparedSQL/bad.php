<?php
/**
 * SQL built from input.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

global $wpdb;
$name = 'x';
$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name = '$name'" ); // expect: NotPrepared
$wpdb->get_var( 'SELECT option_value FROM ' . $wpdb->options . " WHERE option_name = '" . $name . "'" ); // expect: NotPrepared
$wpdb->get_results( $sql ); // expect: NotPrepared
$wpdb->get_row( sprintf( 'SELECT * FROM %s WHERE option_id = %d', $wpdb->options, $name ), ARRAY_A ); // expect: NotPrepared
$wpdb->get_col( $wpdb->prepare( 'SELECT option_name FROM %i', $wpdb->options ) . " LIMIT $name" ); // expect: NotPrepared
