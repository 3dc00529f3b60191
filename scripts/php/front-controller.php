<?php
/**
 * Router for `php -S`: real files are served as they are, everything else goes to
 * index.php, like WordPress's .htaccess rewrite under Apache. The plugin's image library
 * files (SVG under /wp-content/plugins/svc-hub/library/) get the headers the README asks
 * nginx and Apache for: a year of caching (their URLs carry ?ver=<hash>), a sandbox CSP
 * and nosniff.
 */
$root = $_SERVER['DOCUMENT_ROOT'];
$path = rawurldecode( parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) ?: '/' );
if ( '/' !== $path && false === strpos( $path, '..' ) ) {
	$file = $root . $path;
	if ( is_file( $file ) && preg_match( '#^/wp-content/plugins/svc-hub/library/[a-z0-9/_.-]+\.svg$#', $path ) ) {
		header( 'Content-Type: image/svg+xml' );
		header( 'Cache-Control: public, max-age=31536000, immutable' );
		header( 'Content-Security-Policy: sandbox' );
		header( 'X-Content-Type-Options: nosniff' );
		header( 'Content-Length: ' . filesize( $file ) );
		if ( 'HEAD' !== $_SERVER['REQUEST_METHOD'] ) {
			readfile( $file );
		}
		return true;
	}
	if ( is_file( $file ) || ( is_dir( $file ) && is_file( rtrim( $file, '/' ) . '/index.php' ) ) ) {
		return false;
	}
}
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $root . '/index.php';
chdir( $root );
require $root . '/index.php';
