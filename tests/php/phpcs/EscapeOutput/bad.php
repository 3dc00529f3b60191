<?php
/**
 * Unescaped output.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

$title = get_the_title();
echo $title; // expect: OutputNotEscaped
echo '<h1>' . $title . '</h1>'; // expect: OutputNotEscaped
echo "<p>$title</p>"; // expect: OutputNotEscaped
echo esc_html( $title ), get_option( 'blogname' ); // expect: OutputNotEscaped
echo $title ? esc_html( $title ) : $title; // expect: OutputNotEscaped
print __( 'Saved', 'svc-hub' ); // expect: OutputNotEscaped
printf( '<a href="%s">link</a>', get_permalink() ); // expect: OutputNotEscaped
_e( 'Saved', 'svc-hub' ); // expect: UnsafePrintingFunction
echo esc_html( $title ) . trim( $title ); // expect: OutputNotEscaped
?>
<p><?= $title ?></p><?php // expect: OutputNotEscaped
