#!/usr/bin/env bash
# wordpress-cache.sh – one unpacked WordPress tree in $SVC_STACK_CACHE/wordpress, shared by every stack.
# Debian's `wordpress` .deb is unpacked, not installed (installing it pulls in apache2). Its tree
# links relatively into the library and theme packages, so those are unpacked beside it and the
# tree is copied with -L. `apt-get download` needs no root, only apt lists.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
LAP_NAME=wp

DEBS=(wordpress wordpress-theme-twentytwentythree php-getid3 libjs-underscore libjs-cropper)
TREE=$SVC_STACK_CACHE/wordpress

mkdir -p "$SVC_STACK_CACHE/debs"
exec 9>"$SVC_STACK_CACHE/.lock" # stacks set up in parallel (tests) share the cache
flock 9

version() { grep -o "wp_version = '[^']*" "$TREE/wp-includes/version.php" | cut -d"'" -f2; }
if [ -f "$TREE/wp-includes/version.php" ]; then lap "wordpress $(version) cached in $TREE"; exit 0; fi

download() { (cd "$SVC_STACK_CACHE/debs" && apt-get download "${DEBS[@]}") >"$SVC_STACK_CACHE/apt-download.log" 2>&1; }
have_debs() { for deb in "${DEBS[@]}"; do compgen -G "$SVC_STACK_CACHE/debs/${deb}_*.deb" >/dev/null || return 1; done; }
if ! have_debs; then
  lap "downloading ${DEBS[*]}"
  if ! download; then
    # A fresh machine (or container) may have no apt lists yet.
    [ "$(id -u)" = 0 ] || { show_tail "$SVC_STACK_CACHE/apt-download.log"; die "apt-get download failed; run: sudo apt-get update"; }
    if ! { apt-get update -qq >>"$SVC_STACK_CACHE/apt-download.log" 2>&1 && download; }; then
      show_tail "$SVC_STACK_CACHE/apt-download.log"
      die "apt-get download failed (log: $SVC_STACK_CACHE/apt-download.log)"
    fi
  fi
fi

unpacked=$SVC_STACK_CACHE/unpacked
rm -rf "$unpacked" "$TREE.partial"
for deb in "${DEBS[@]}"; do dpkg-deb -x "$(compgen -G "$SVC_STACK_CACHE/debs/${deb}_*.deb" | tail -n1)" "$unpacked"; done
find "$unpacked/usr/share/wordpress" -xtype l -delete # dangling: .htaccess, ca-bundle without ca-certificates
cp -rL "$unpacked/usr/share/wordpress" "$TREE.partial"
rm -f "$TREE.partial/wp-config.php" # Debian's loader for /etc/wordpress/config-$HOST.php
rm -rf "$unpacked"
mv "$TREE.partial" "$TREE"
lap "wordpress $(version) unpacked into $TREE"
