#!/usr/bin/env bash
# ensure-npm.sh – install npm dependencies when node_modules is missing or older than the lock file.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
LAP_NAME=npm
cd "$REPO_ROOT"

stamp=node_modules/.package-lock.json # npm writes it on every install
if [ -d node_modules ] && [ -f "$stamp" ] && { [ ! -f package-lock.json ] || [ ! package-lock.json -nt "$stamp" ]; }; then
  lap "node_modules up to date"
  exit 0
fi
mkdir -p "$LOG_DIR"
log=$LOG_DIR/npm-install.log
if [ -f package-lock.json ]; then
  lap "npm ci (log: $log)"
  if npm ci --no-audit --no-fund >"$log" 2>&1; then lap "npm dependencies installed"; exit 0; fi
  # npm >= 11.16 may reject a lock file it wrote itself when an optional dependency is
  # unavailable ("Missing: … from lock file", npm/cli#9846); npm install accepts the same lock.
  grep -m 3 -E 'Missing:|npm error [a-z]' "$log" >&2 || show_tail "$log"
  lap "npm ci failed; trying npm install"
fi
lap "npm install (log: $log)"
npm install --no-audit --no-fund >"$log" 2>&1 || { show_tail "$log"; die "npm install failed (log: $log)"; }
lap "npm dependencies installed"
