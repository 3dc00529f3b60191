#!/usr/bin/env bash
# Writes the render engine's reference images (tests/fixtures/renders/) anew from the current
# code (tests/README.md "Reference renders"). Look at every changed PNG before committing it.
set -euo pipefail
cd "$(dirname "$0")/.."
UPDATE_RENDER_REFERENCES=1 npx jest --selectProjects unit --runTestsByPath worker/src/library/render/references.test.ts
git status --short tests/fixtures/renders/
