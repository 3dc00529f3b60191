<?php
/**
 * Router for `php -S`: real files are served as they are, everything else goes to
 * index.php, like WordPress's .htaccess rewrite under Apache.
 */
$root = $_SERVER['DOCUMENT_ROOT'];
$path = rawurldecode( parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) ?: '/' );
if ( '/' !== $path && false === strpos( $path, '..' ) ) {
	$file = $root . $path;
	if ( is_file( $file ) || ( is_dir( $file ) && is_file( rtrim( $file, '/' ) . '/index.php' ) ) ) {
		return false;
	}
}
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $root . '/index.php';
chdir( $root );
require $root . '/index.php';
