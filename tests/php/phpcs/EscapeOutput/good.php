<?php
/**
 * Escaped output.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

$title = get_the_title();
echo '<div class="wrap">';
echo '<h1>' . esc_html( $title ) . '</h1>';
echo esc_html( $title ), esc_attr( $title ), PHP_EOL;
echo $title ? esc_html( $title ) : '';
echo wp_json_encode( array( 'title' => $title ) );
echo (int) $title, 42, self_check() ? 'yes' : 'no';
echo wp_kses_post( $title ) . esc_url( home_url( '/' ) ) . esc_html__( 'Saved', 'svc-hub' );
print esc_html( $title );
printf( '<a href="%s">%s</a>', esc_url( get_permalink() ), esc_html( $title ) );
esc_html_e( 'Saved', 'svc-hub' );
echo Svc_Hub_Sample::GREETING;
echo $title; // phpcs:ignore SvcHub.Security.EscapeOutput.OutputNotEscaped -- a targeted ignore is honoured.
$logger->printf( $title );
?>
<p><?= esc_html( $title ) ?></p>
