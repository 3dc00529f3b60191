#!/usr/bin/env bash
# php-lint.sh (`npm run lint:php`) – `php -l` on every *.php of plugin/, svc-client/, tests/ and scripts/;
# prints the failures, exits non-zero when there is any.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
LAP_NAME=lint
cd "$REPO_ROOT"

mapfile -d '' files < <(find plugin svc-client tests scripts -name '*.php' -not -path '*/node_modules/*' -print0 2>/dev/null)
if [ ${#files[@]} -eq 0 ]; then lap "php -l: no PHP files"; exit 0; fi
# php 8.2 lints one file per call: run them in parallel, print only the failures.
if printf '%s\0' "${files[@]}" | xargs -0 -n 1 -P "$(nproc)" sh -c \
  'out=$(php -d display_errors=1 -d log_errors=0 -l "$1" 2>&1) || { printf "%s\n" "$out"; exit 1; }' php-lint; then
  lap "php -l: ${#files[@]} files, no syntax errors"
else
  die "php -l found syntax errors (above)"
fi
