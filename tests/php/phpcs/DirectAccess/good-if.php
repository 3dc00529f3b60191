<?php
/**
 * Guarded, the long way, and with a standalone mode for tests.
 *
 * @package svc-hub
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}
