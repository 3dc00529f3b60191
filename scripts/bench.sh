#!/usr/bin/env bash
# bench.sh (`npm run bench`) – build, then measure on a private stack (bench/run.mjs).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"
bash scripts/ensure-npm.sh
bash scripts/ensure-packages.sh
build_worker
exec node bench/run.mjs "$@"
