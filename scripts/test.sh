#!/usr/bin/env bash
# test.sh (`npm test`) – everything, in order, stopping at the first failure: npm dependencies,
# Debian packages, worker build, php -l, worker unit tests, end-to-end tests on the real stack.
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
step "debian packages" bash "$HERE/ensure-packages.sh"
step "worker build (tsc)" build_worker
step "typecheck (worker and tests)" npx tsc -p tsconfig.test.json
step "php lint" bash "$HERE/php-lint.sh"
step "unit tests" npx jest --selectProjects unit "${jest_options[@]}"
step "end-to-end tests" npx jest --selectProjects e2e --runInBand "${jest_options[@]}"
lap "all green"
