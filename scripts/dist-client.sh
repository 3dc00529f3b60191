#!/usr/bin/env bash
# dist-client.sh VERSION WORK_DIR ZIP_FILE – the svc-client plugin zip for a client site's "Upload
# Plugin": one top folder svc-client/ with svc-client.php, uninstall.php (WordPress runs it on Delete),
# includes/ and readme.txt. PHP only (a
# client site runs no Node); no tests, no README.md. Its version header and readme.txt's "Stable
# tag" must say VERSION (the release's, checked by dist.sh). Called by dist.sh.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
LAP_NAME=dist
version=$1 work=$2 zip_file=$3
source_dir=$REPO_ROOT/svc-client
SHIPPED=(svc-client.php readme.txt uninstall.php includes)

header=$(sed -n 's/^ \* Version: *//p' "$source_dir/svc-client.php" | tr -d '\r ' | head -n 1)
constant=$(sed -n "s/^define( 'SVC_CLIENT_VERSION', '\([^']*\)' );/\1/p" "$source_dir/svc-client.php" | head -n 1)
stable=$(sed -n 's/^Stable tag: *//p' "$source_dir/readme.txt" | tr -d '\r ' | head -n 1)
[ "$header" = "$version" ] || die "versions disagree: svc-client/svc-client.php says ${header:-nothing}, the release is $version"
[ "$constant" = "$version" ] || die "versions disagree: svc-client/svc-client.php's SVC_CLIENT_VERSION is ${constant:-missing}, the release is $version"
[ "$stable" = "$version" ] || die "versions disagree: svc-client/readme.txt's 'Stable tag:' says ${stable:-nothing}, the release is $version"

stage=$work/svc-client
mkdir -p "$stage"
for path in "${SHIPPED[@]}"; do cp -R "$source_dir/$path" "$stage/"; done
# The folders' READMEs are for developers: they never ship.
find "$stage" \( -name 'README.md' -o -name '*~' -o -name '*.swp' -o -name '.DS_Store' -o -name '*.orig' -o -name '*.rej' \) -delete
stray=$(find "$stage" -type f ! -name '*.php' ! -name 'readme.txt' | head -n 1)
[ -z "$stray" ] || die "svc-client ships PHP and readme.txt only, found ${stray#"$work"/}"

rm -f "$zip_file"
(cd "$work" && zip -q -r -X "$zip_file" svc-client) || die "zip failed for $zip_file"
lap "client plugin: $zip_file ($(find "$stage" -type f | wc -l) files)"
