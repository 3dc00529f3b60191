#!/usr/bin/env bash
# wordpress-cache.sh – one unpacked WordPress tree in $SVC_STACK_CACHE/wordpress, shared by every stack.
# WordPress 7.1 comes from Debian's newest suite (sid: bookworm carries only 6.1), read through a
# sources file and apt lists of our own under the cache, verified with the host's Debian archive
# keyring; /etc/apt is not touched. Debian's `wordpress` .deb is unpacked, not installed
# (installing it pulls in apache2). Its tree links relatively into library and theme packages
# from the same suite (docs/external/wordpress-7.md), so those are unpacked beside it and the
# tree is copied with -L; only the two links to the host (ca-bundle, .htaccess) may dangle.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
LAP_NAME=wp

SUITE=sid
MINIMUM_VERSION=7.1
DEBS=(wordpress wordpress-theme-twentytwentyfive php-getid3 libphp-phpmailer libjs-underscore libjs-lodash libjs-jquery-ui libjs-cropper)
HOST_LINKS=(wp-includes/certificates/ca-bundle.crt .htaccess)
TREE=$SVC_STACK_CACHE/wordpress
APT_DIR=$SVC_STACK_CACHE/apt
DEB_DIR=$SVC_STACK_CACHE/debs-$SUITE

mkdir -p "$DEB_DIR" "$APT_DIR/lists/partial"
exec 9>"$SVC_STACK_CACHE/.lock" # stacks set up in parallel (tests) share the cache
flock 9

version() { grep -o "wp_version = '[^']*" "$1/wp-includes/version.php" | cut -d"'" -f2; }
recent_enough() { [ "$(printf '%s\n%s\n' "$MINIMUM_VERSION" "$1" | sort -V | head -n1)" = "$MINIMUM_VERSION" ]; }
if [ -f "$TREE/wp-includes/version.php" ]; then
  cached=$(version "$TREE")
  if recent_enough "$cached"; then lap "wordpress $cached cached in $TREE"; exit 0; fi
  lap "cached wordpress $cached is older than $MINIMUM_VERSION: replacing it"
  rm -rf "$TREE"
fi

printf 'deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian %s main\n' "$SUITE" >"$APT_DIR/sources.list"
apt_suite() { # apt-get with only our sources file and lists
  apt-get -q -o Dir::Etc::sourcelist="$APT_DIR/sources.list" -o Dir::Etc::sourceparts=- \
    -o Dir::State::Lists="$APT_DIR/lists" -o APT::Get::List-Cleanup=0 "$@"
}
log=$SVC_STACK_CACHE/apt-download.log
have_debs() { for deb in "${DEBS[@]}"; do compgen -G "$DEB_DIR/${deb}_*.deb" >/dev/null || return 1; done; }
if ! have_debs; then
  lap "downloading ${DEBS[*]} from Debian $SUITE"
  # Download as _apt where it can write (root), else as the caller: the folder is ours either way.
  chmod 755 "$SVC_STACK_CACHE" "$DEB_DIR" 2>/dev/null || true
  if ! { apt_suite update >"$log" 2>&1 && (cd "$DEB_DIR" && apt_suite download "${DEBS[@]}") >>"$log" 2>&1; }; then
    show_tail "$log"
    die "downloading WordPress from Debian $SUITE failed (log: $log)"
  fi
fi

unpacked=$SVC_STACK_CACHE/unpacked
rm -rf "$unpacked" "$TREE.partial"
for deb in "${DEBS[@]}"; do dpkg-deb -x "$(compgen -G "$DEB_DIR/${deb}_*.deb" | sort -V | tail -n1)" "$unpacked"; done
root=$unpacked/usr/share/wordpress
for link in "${HOST_LINKS[@]}"; do [ -e "$root/$link" ] || rm -f "$root/$link"; done
dangling=$(cd "$root" && find . -xtype l -printf '%P -> %l\n')
# Any other dangling link is a library of Debian's tree we failed to unpack: fail here, not later.
[ -z "$dangling" ] || die "links in Debian's wordpress tree point nowhere (a package missing from DEBS?): $dangling"
cp -rL "$root" "$TREE.partial"
rm -f "$TREE.partial/wp-config.php" # Debian's loader for /etc/wordpress/config-$HOST.php
rm -rf "$unpacked"
recent_enough "$(version "$TREE.partial")" || die "Debian $SUITE has wordpress $(version "$TREE.partial"), older than $MINIMUM_VERSION"
mv "$TREE.partial" "$TREE"
lap "wordpress $(version "$TREE") unpacked into $TREE"
