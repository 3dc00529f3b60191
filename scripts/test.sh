#!/usr/bin/env bash
# test.sh (`npm test`) – everything, in order, stopping at the first failure: npm dependencies,
# Debian packages, worker build, admin screen build, php -l, lint (scripts/lint.sh), worker unit tests, the admin
# screen's component tests, end-to-end and browser tests on the real stack.
set -euo pipefail
HERE=$(dirname "$0")
source "$HERE/lib.sh"
LAP_NAME='test'

jest_options=()
[ "${CI:-}" = true ] && jest_options+=(--ci)

step() { # step NAME COMMAND…
  local name=$1 started
  shift
  started=$(now_microseconds)
  lap "$name …"
  if ! "$@"; then lap "FAILED: $name"; exit 1; fi
  local took=$(($(now_microseconds) - started))
  lap "ok: $name ($((took / 1000000)).$((took % 1000000 / 100000)) s)"
}

cd "$REPO_ROOT"
step "npm dependencies" bash "$HERE/ensure-npm.sh"
step "debian packages" bash "$HERE/ensure-packages.sh" chromium faketime podman runc netavark aardvark-dns debootstrap podman-compose # podman: tests/e2e/container-*.test.ts; faketime: a client site's clock moved past a licence's grace end (tests/browser/licence-story.test.ts)
step "worker build (tsc)" build_worker
step "admin screen build (wp-scripts)" bash "$HERE/build-admin-ui.sh"
step "typecheck (worker and tests)" npx tsc -p tsconfig.test.json
step "php lint" bash "$HERE/php-lint.sh"
step "lint (eslint, prettier, wp-scripts lint-js, phpcs)" bash "$HERE/lint.sh"
step "unit tests" npx jest --selectProjects unit "${jest_options[@]}"
step "admin screen component tests" npx jest --selectProjects admin-ui "${jest_options[@]}"
step "end-to-end and browser tests" npx jest --selectProjects e2e --runInBand "${jest_options[@]}"
lap "all green"
