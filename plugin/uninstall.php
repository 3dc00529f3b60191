<?php
/**
 * Runs when an admin deletes svc-hub in wp-admin (WordPress's uninstall convention): removes
 * the plugin's tables, options, transients and cron events on every site, unless the admin
 * chose to keep them (plugin/readme.txt, "Deactivation and uninstall").
 *
 * @package svc-hub
 */

defined( 'ABSPATH' ) || exit;
defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/includes/class-svc-hub-autoloader.php';
Svc_Hub_Autoloader::register();
Svc_Hub_Uninstaller::run();
Svc_Hub_Fast_Lane_Installer::remove(); // Kept through deactivation (it answered 503 svc_hub_disabled); gone with the plugin.
