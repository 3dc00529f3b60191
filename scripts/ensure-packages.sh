#!/usr/bin/env bash
# ensure-packages.sh [EXTRA_PACKAGE…] – make sure the Debian packages the stack needs are installed.
# As root it installs what is missing; otherwise it prints the one command to run and exits 1.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
LAP_NAME=apt

# What the stack needs (php-codesniffer for `npm run lint`); callers add more (npm test adds chromium
# for the admin screen's browser tests, driven by playwright-core — never a downloaded browser;
# npm run dist adds zip). nginx-light and php8.2-fpm: the e2e cases behind nginx + php-fpm with
# the shipped site file (tests/e2e/nginx-front.test.ts) and `npm run bench -- nginx`; their
# Debian services are not started (the tests run their own). fonts-dejavu-core and fonts-liberation:
# the template renderer's last-resort glyphs, for characters no shipped font has (docs/library.md
# "Rendering").
PACKAGES=(php-cli php-mysql php-curl php-mbstring php-xml php-codesniffer mariadb-server-core mariadb-client-core curl nginx-light php8.2-fpm
  fonts-dejavu-core fonts-liberation "$@")
missing=()
for package in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then lap "debian packages present"; exit 0; fi

if [ "$(id -u)" != 0 ]; then
  echo "sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi

mkdir -p "$LOG_DIR"
log=$LOG_DIR/apt.log
lap "installing ${missing[*]} (log: $log)"
if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
  --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
  show_tail "$log"
  die "apt-get install failed (log: $log)"
fi
lap "debian packages installed"
