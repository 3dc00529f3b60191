#!/usr/bin/env bash
# stop.sh (`npm stop`) – stop the local stack ($SVC_STACK_DIR, default <repo>/.stack).
set -euo pipefail
exec bash "$(dirname "$0")/stack-stop.sh"
