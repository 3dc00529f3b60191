#!/usr/bin/env bash
# lint.sh (`npm run lint`; an early step of `npm test`) – ESLint on the worker (worker/src,
# eslint.config.mjs: typescript-eslint and the one-way dependency zones), Prettier's check on
# worker/, tests/, bench/ and scripts/ (.prettierrc.json; `npm run format` applies it), `wp-scripts lint-js`
# on the admin screen (admin-ui/src), PHP_CodeSniffer on the plugin (phpcs.xml.dist: WordPress
# style plus the SvcHub security sniffs in scripts/phpcs). Runs all three, prints progress for
# each, exits non-zero if any of them has a finding (error or warning).
set -uo pipefail
HERE=$(dirname "$0")
source "$HERE/lib.sh"
LAP_NAME=lint
cd "$REPO_ROOT"

failed=()
run() { # run NAME COMMAND…
  local name=$1
  shift
  lap "$name …"
  if "$@"; then lap "ok: $name"; else lap "FINDINGS: $name"; failed+=("$name"); fi
}

command -v phpcs >/dev/null || die "phpcs is missing: run bash scripts/ensure-packages.sh (Debian's php-codesniffer)"

run "eslint worker/src" npx eslint --max-warnings 0 worker/src
run "prettier --check worker/ tests/ bench/ scripts/ (.prettierrc.json; npm run format writes)" npx prettier --check --log-level warn "${PRETTIER_FILES[@]}"
run "wp-scripts lint-js admin-ui/src" npx wp-scripts lint-js --max-warnings 0 admin-ui/src
run "phpcs plugin/ svc-client/ (phpcs.xml.dist)" phpcs -q --standard=phpcs.xml.dist --report=full

if [ ${#failed[@]} -gt 0 ]; then die "lint findings in: ${failed[*]}"; fi
lap "lint: no findings"
