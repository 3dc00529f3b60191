<?php
/**
 * Non-interactive WordPress install for the local stack (there is no wp-cli here).
 *
 * Usage: php install.php <wordpress dir>, with WP_URL, WP_ADMIN_PASSWORD and WP_PLUGINS
 * (comma-separated plugin files to activate) in the environment. Idempotent: installs once,
 * then keeps the admin password, permalinks and active plugins as asked. Exit 1 with the
 * reason when a plugin cannot be activated.
 *
 * NB: no global named $wp here, WordPress owns it.
 */
$wordpress_dir = $argv[1];
define( 'WP_INSTALLING', true );
$_SERVER['HTTP_HOST']   = parse_url( getenv( 'WP_URL' ), PHP_URL_HOST ) . ':' . parse_url( getenv( 'WP_URL' ), PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
require $wordpress_dir . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
add_filter( 'pre_wp_mail', '__return_false' ); // No sendmail here.

$admin_password = getenv( 'WP_ADMIN_PASSWORD' );
if ( ! is_blog_installed() ) {
	wp_install( 'svc-hub (local)', 'admin', 'admin@example.com', true, '', $admin_password );
	echo "installed\n";
} else {
	if ( (int) get_option( 'db_version' ) < (int) $GLOBALS['wp_db_version'] ) {
		wp_upgrade(); // A stack made with an older WordPress: wp-admin redirects until this runs.
		echo 'database upgraded to ' . $GLOBALS['wp_db_version'] . "\n";
	}
	if ( ! wp_get_theme()->exists() ) {
		switch_theme( WP_DEFAULT_THEME ); // The old default theme is not in the new tree.
		echo 'theme: ' . WP_DEFAULT_THEME . "\n";
	}
	$admin = get_user_by( 'login', 'admin' );
	if ( $admin && ! wp_check_password( $admin_password, $admin->user_pass, $admin->ID ) ) {
		wp_set_password( $admin_password, $admin->ID );
	}
}
if ( '/%postname%/' !== get_option( 'permalink_structure' ) ) {
	update_option( 'permalink_structure', '/%postname%/' ); // Pretty /wp-json/ URLs.
	flush_rewrite_rules( false );
}
foreach ( array_filter( explode( ',', (string) getenv( 'WP_PLUGINS' ) ) ) as $plugin ) {
	$result = activate_plugin( $plugin );
	if ( is_wp_error( $result ) ) {
		fwrite( STDERR, "cannot activate $plugin: " . $result->get_error_message() . "\n" );
		exit( 1 );
	}
}
echo 'active plugins: ' . implode( ', ', (array) get_option( 'active_plugins' ) ) . "\n";
