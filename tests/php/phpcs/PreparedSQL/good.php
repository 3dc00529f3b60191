<?php
/**
 * Prepared SQL.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

global $wpdb;
$name = 'x';
$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s", $name ) );
$wpdb->get_var( $wpdb->prepare( 'SELECT option_value FROM ' . $wpdb->options . ' WHERE option_name = %s', $name ) );
$wpdb->get_results( "SELECT option_name FROM {$wpdb->options} WHERE autoload = 'yes' LIMIT 5", ARRAY_A );
$wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE option_id = %d', $wpdb->options, 7 ), ARRAY_A );
$wpdb->get_col( 'SELECT option_name FROM ' . $wpdb->options );
$cache->query( $name );
