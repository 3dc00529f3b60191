<?php
/**
 * Guarded, with a standalone mode a test defines.
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || defined( 'SVC_HUB_STANDALONE' ) || exit;
