#!/usr/bin/env bash
# dist.sh (`npm run dist`) [OUTPUT_DIR] – build the three release files into dist/ (or OUTPUT_DIR):
#   svc-hub-<version>.zip         the WordPress plugin, as wp-admin's "Upload Plugin" takes it
#   svc-client-<version>.zip      the plugin for client sites (svc-client/, PHP only)
#   svc-hub-worker-<version>.tgz  the worker: built JavaScript, production dependencies, bin/, deploy/
# The version is the plugin header's; package.json, readme.txt's "Stable tag" and svc-client's
# header, SVC_CLIENT_VERSION and readme.txt must say the same.
# No network and no stdin: npm packages come from npm's cache (filled by `npm start`).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/lib.sh"
LAP_NAME=dist

output=$(absolute "${1:-$REPO_ROOT/dist}")

# release_version – the one version the plugin header, package.json and readme.txt agree on.
release_version() {
  local plugin package stable
  plugin=$(sed -n 's/^ \* Version: *//p' "$REPO_ROOT/plugin/svc-hub.php" | tr -d '\r ' | head -n 1)
  package=$(node -p 'require(process.argv[1]).version' "$REPO_ROOT/package.json")
  stable=$(sed -n 's/^Stable tag: *//p' "$REPO_ROOT/plugin/readme.txt" | tr -d '\r ' | head -n 1)
  [ -n "$plugin" ] || die "plugin/svc-hub.php has no 'Version:' header line"
  [ "$plugin" = "$package" ] ||
    die "versions disagree: plugin/svc-hub.php says $plugin, package.json says $package (set both to the release's version)"
  [ "$plugin" = "$stable" ] ||
    die "versions disagree: plugin/svc-hub.php says $plugin, plugin/readme.txt's 'Stable tag:' says ${stable:-nothing}"
  [[ $plugin =~ ^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$ ]] || die "version '$plugin' is not of the form 1.2.3 or 1.2.3-rc.1"
  printf '%s' "$plugin"
}

version=$(release_version)
lap "svc-hub $version → $output"
bash "$HERE/ensure-packages.sh" zip
bash "$HERE/ensure-npm.sh"
bash "$HERE/build-admin-ui.sh"
build_worker || die "the worker does not compile (npx tsc -p tsconfig.json)" # and writes the route manifest the zip ships

work=$(mktemp -d "${TMPDIR:-/tmp}/svc-hub-dist.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$output"
zip_file=$output/svc-hub-$version.zip
tarball=$output/svc-hub-worker-$version.tgz
client_zip=$output/svc-client-$version.zip
bash "$HERE/dist-plugin.sh" "$work/plugin" "$zip_file"
bash "$HERE/dist-client.sh" "$version" "$work/client" "$client_zip"
bash "$HERE/dist-worker.sh" "$version" "$work/worker" "$tarball"

size() { du -h --apparent-size "$1" | cut -f1; }
lap "done"
printf '\n%s  %s  (%s bytes)\n' "$(size "$zip_file")" "$zip_file" "$(stat -c %s "$zip_file")"
printf '%s  %s  (%s bytes)\n' "$(size "$client_zip")" "$client_zip" "$(stat -c %s "$client_zip")"
printf '%s  %s  (%s bytes)\n' "$(size "$tarball")" "$tarball" "$(stat -c %s "$tarball")"
