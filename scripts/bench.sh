#!/usr/bin/env bash
# bench.sh (`npm run bench`) – build, then measure on a private stack (bench/run.mjs; with the
# argument `nginx`, bench/nginx.mjs). The
# markdown goes to stdout; progress lines (these scripts' too) to stderr.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"
bash scripts/ensure-npm.sh >&2
bash scripts/ensure-packages.sh >&2
build_worker >&2
# `npm run bench -- nginx`: the direct lane through nginx with and without upstream keep-alive.
if [ "${1:-}" = nginx ]; then shift; exec node bench/nginx.mjs "$@"; fi
# `npm run bench -- scale`: two workers on one MariaDB behind a balancer (bench/scale/run.mjs).
if [ "${1:-}" = scale ]; then shift; exec node bench/scale/run.mjs "$@"; fi
exec node bench/run.mjs "$@"
