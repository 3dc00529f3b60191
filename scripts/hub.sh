#!/usr/bin/env bash
# hub.sh (`npm run hub -- <command>`) – the operator CLI, on the database named by the stack's
# worker.env unless SVC_DB_* are in the environment. Build noise goes to stderr, so stdout is
# the CLI's own (the last line of `key create` is the key).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
LAP_NAME=hub

[ -x "$REPO_ROOT/node_modules/.bin/tsc" ] || bash "$(dirname "$0")/ensure-npm.sh" >&2
build_worker >&2 || die "the worker does not compile (npx tsc -p tsconfig.json)"
export SVC_ENV_FILE=${SVC_ENV_FILE:-$WORKER_ENV}
exec node "$REPO_ROOT/worker/dist/cli/hub.js" "$@"
