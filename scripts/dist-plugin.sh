#!/usr/bin/env bash
# dist-plugin.sh WORK_DIR ZIP_FILE – the plugin zip for wp-admin's "Upload Plugin": one top folder
# svc-hub/ with svc-hub.php, uninstall.php (WordPress runs it on Delete: docs/architecture.md §1), includes/, build/ (the admin screen, built beforehand by
# build-admin-ui.sh; the route manifest routes.php, written by build_worker), library/ (the
# starter image library) and readme.txt. Nothing else: no tests, no node_modules, no README.md
# (includes/ has one per folder) or other files for developers. Called by dist.sh.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
LAP_NAME=dist
work=$1 zip_file=$2
SHIPPED=(svc-hub.php readme.txt uninstall.php includes build library)
REQUIRED=(svc-hub.php readme.txt uninstall.php includes/class-svc-hub-plugin.php build/index.js build/index.asset.php build/routes.php library/starter)

for path in "${REQUIRED[@]}"; do
  [ -e "$REPO_ROOT/plugin/$path" ] || die "plugin/$path is missing (the admin screen: npm run build:admin; the route manifest: npm run build)"
done
stage=$work/svc-hub
mkdir -p "$stage"
for path in "${SHIPPED[@]}"; do cp -R "$REPO_ROOT/plugin/$path" "$stage/"; done
# Editor and OS leftovers, and the folders' READMEs for developers, never ship.
rm -f "$stage/build/routes.json" # the tests' copy of the manifest
find "$stage" \( -name 'README.md' -o -name '*~' -o -name '*.swp' -o -name '.DS_Store' -o -name '*.orig' -o -name '*.rej' \) -delete

rm -f "$zip_file"
(cd "$work" && zip -q -r -X "$zip_file" svc-hub) || die "zip failed for $zip_file"
lap "plugin: $zip_file ($(find "$stage" -type f | wc -l) files)"
