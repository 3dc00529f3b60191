<?php
/**
 * Checks each plugin's one class loader against its includes/ folder, without WordPress: every
 * class-*.php under includes/ (subfolders too) declares the class its name says and the loader
 * maps that class to it, and every class in the loader's map has its file. A class file the
 * loader cannot reach fails here. The loader's own file is required, so it is not in its map.
 *
 * Usage: php tests/php/autoloader.php   → prints "ok" and exits 0, or each failure and exits 1.
 *
 * @package svc-hub
 */

define( 'ABSPATH', __DIR__ . '/' );
$root = dirname( __DIR__, 2 );
require $root . '/plugin/includes/class-svc-hub-autoloader.php';
require $root . '/svc-client/includes/class-svc-client-autoloader.php';

$failures = array();

/**
 * The class a WordPress-named file holds: class-svc-hub-foo-bar.php → Svc_Hub_Foo_Bar.
 *
 * @param string $file File name.
 * @return string
 */
function class_for_file( string $file ): string {
	$words = explode( '-', substr( basename( $file ), strlen( 'class-' ), -strlen( '.php' ) ) );
	return implode( '_', array_map( 'ucfirst', $words ) );
}

$loaders = array(
	'Svc_Hub_Autoloader'    => $root . '/plugin/includes',
	'Svc_Client_Autoloader' => $root . '/svc-client/includes',
);
foreach ( $loaders as $loader => $includes ) {
	$found = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $includes, FilesystemIterator::SKIP_DOTS ) );
	$files = array();
	foreach ( $found as $file ) {
		if ( preg_match( '/^class-.*\.php$/', $file->getFilename() ) ) {
			$files[] = $file->getPathname();
		}
	}
	if ( count( $files ) < 10 ) {
		$failures[] = "$includes: only " . count( $files ) . ' class files found';
	}
	foreach ( $files as $file ) {
		$class_name = class_for_file( $file );
		$relative   = substr( $file, strlen( $root ) + 1 );
		if ( $class_name === $loader ) {
			continue;
		}
		if ( ! preg_match( '/^(final |abstract )?class ' . $class_name . '\b/m', (string) file_get_contents( $file ) ) ) {
			$failures[] = "$relative does not declare class $class_name";
		}
		$mapped = $loader::file_for( $class_name );
		if ( null === $mapped ) {
			$failures[] = "$relative: $loader has no $class_name (add it to the loader's map)";
		} elseif ( realpath( $mapped ) !== realpath( $file ) ) {
			$failures[] = "$relative: $loader maps $class_name to $mapped";
		}
	}
	foreach ( $loader::class_names() as $class_name ) {
		if ( ! is_file( (string) $loader::file_for( $class_name ) ) ) {
			$failures[] = "$loader maps $class_name to a missing file " . $loader::file_for( $class_name );
		}
	}
}

if ( array() !== $failures ) {
	echo implode( "\n", $failures ), "\n";
	exit( 1 );
}
echo "ok\n";
