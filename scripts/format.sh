#!/usr/bin/env bash
# format.sh (`npm run format`) – Prettier writes worker/, tests/, bench/ and scripts/ in the
# project's style (.prettierrc.json); `npm run lint` checks the same files.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"
npx prettier --write --log-level warn "${PRETTIER_FILES[@]}"
