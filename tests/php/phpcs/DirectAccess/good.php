<?php
/**
 * Guarded.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;

function svc_hub_sample_guarded() {
	return 1;
}
