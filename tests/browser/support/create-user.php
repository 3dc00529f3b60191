<?php
/**
 * Test suite only: creates a WordPress user with a role.
 *
 * Usage: WP_HOST=127.0.0.1:PORT php create-user.php <wordpress dir> <login> <password> <role>
 *
 * @package svc-hub
 */

list( , $wordpress_dir, $login, $password, $role ) = $argv;
$_SERVER['HTTP_HOST']   = getenv( 'WP_HOST' );
$_SERVER['REQUEST_URI'] = '/';
require $wordpress_dir . '/wp-load.php';

$user_id = wp_insert_user(
	array(
		'user_login' => $login,
		'user_pass'  => $password,
		'user_email' => $login . '@example.com',
		'role'       => $role,
	)
);
if ( is_wp_error( $user_id ) ) {
	fwrite( STDERR, $user_id->get_error_message() . "\n" );
	exit( 1 );
}
echo $user_id . "\n";
