#!/usr/bin/env bash
# build-admin-ui.sh (`npm run build:admin`) – build the wp-admin screen (admin-ui/src) with
# wp-scripts into plugin/build/ (index.js, index.asset.php, index.css), which WordPress serves.
# Skipped when the build is newer than every source, the build config and package-lock.json;
# SVC_ADMIN_UI_FORCE=1 builds anyway.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
LAP_NAME=admin-ui
cd "$REPO_ROOT"

built=plugin/build/index.asset.php
if [ "${SVC_ADMIN_UI_FORCE:-}" != 1 ] && [ -f "$built" ] && [ -f plugin/build/index.js ] &&
  [ -z "$(find admin-ui/src admin-ui/babel.config.js admin-ui/webpack.config.js package-lock.json -newer "$built" -print -quit)" ]; then
  lap "admin screen up to date (plugin/build)"
  exit 0
fi
mkdir -p "$LOG_DIR"
log=$LOG_DIR/admin-ui-build.log
lap "building the admin screen: wp-scripts build → plugin/build (log: $log)"
if ! node_modules/.bin/wp-scripts build --config admin-ui/webpack.config.js >"$log" 2>&1 || ! grep -q 'compiled' "$log" || grep -q 'compiled with [0-9]* error' "$log"; then
  show_tail "$log" 40
  die "the admin screen does not build (log: $log)"
fi
touch "$built" # newer than the sources even when webpack left it unchanged
lap "admin screen built: $(du -k plugin/build/index.js | cut -f1) KiB of JavaScript"
