<?php
/**
 * The guard comes too late: the require runs first.
 *
 * @package svc-hub
 */

require_once __DIR__ . '/good.php'; // expect: Missing
defined( 'ABSPATH' ) || exit;
