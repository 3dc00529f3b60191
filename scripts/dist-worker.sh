#!/usr/bin/env bash
# dist-worker.sh VERSION WORK_DIR TARBALL – the worker release, one top folder
# svc-hub-worker-VERSION/ laid out as the worker expects (worker/dist/… finds ../../../package.json
# and ../../../plugin/library/starter):
#   INSTALL.md                        the quick path (from deploy/INSTALL.md)
#   bin/svc-hub-install               the installer (deploy/bin; its parts in deploy/install/)
#   bin/svc-hub-worker                the worker (no argument, or `serve`) and its operator CLI
#   docs/                             the project's docs (deploy.md, deploy-nginx.md, configuration.md
#                                     and every page they point to: tests/scripts/deploy-files.test.ts)
#   worker/dist/                      the worker compiled fresh from worker/src (tsc)
#   node_modules/, package.json       production dependencies only (npm ci --omit=dev, from the lock)
#   plugin/library/starter/           the starter image library the worker loads at start
#   deploy/                           systemd unit, environment example, web server files, README
# Called by dist.sh; npm runs offline from its cache, online only for what the cache lacks.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
LAP_NAME=dist
version=$1 work=$2 tarball=$3
name=svc-hub-worker-$version
stage=$work/$name
mkdir -p "$stage/bin" "$stage/docs" "$stage/plugin/library" "$work/npm" "$LOG_DIR"
cd "$REPO_ROOT"

lap "compiling the worker (tsc) into the release"
node_modules/.bin/tsc -p tsconfig.json --outDir "$stage/worker/dist" --sourceMap false --incremental false ||
  die "the worker does not compile (npx tsc -p tsconfig.json)"

log=$LOG_DIR/dist-npm.log
lap "production dependencies: npm ci --omit=dev (log: $log)"
cp package.json package-lock.json "$work/npm/"
npm_ci() { (cd "$work/npm" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund "$@") </dev/null >>"$log" 2>&1; }
: >"$log"
if ! npm_ci --offline; then
  lap "npm's cache lacks a package; trying with the network"
  npm_ci --prefer-offline || { show_tail "$log"; die "npm ci --omit=dev failed (log: $log)"; }
fi
mv "$work/npm/node_modules" "$stage/"
# package.json: what the worker reads (its version) and what npm needs; no scripts, no devDependencies.
node -e '
  const manifest = require(process.argv[1]);
  const { name, version, private: isPrivate, description, license, engines, dependencies } = manifest;
  process.stdout.write(JSON.stringify({ name: `${name}-worker`, version, private: isPrivate, description, license, engines, dependencies }, null, 2) + "\n");
' "$REPO_ROOT/package.json" >"$stage/package.json"

cp -R plugin/library/starter "$stage/plugin/library/"
cp -R deploy "$stage/"
install -m 755 deploy/bin/svc-hub-worker deploy/bin/svc-hub-install "$stage/bin/"
cp -R docs/. "$stage/docs/"
cp deploy/INSTALL.md "$stage/"

rm -f "$tarball"
tar -C "$work" --owner=0 --group=0 --numeric-owner --sort=name -czf "$tarball" "$name" || die "tar failed for $tarball"
lap "worker: $tarball ($(find "$stage" -type f | wc -l) files, node_modules $(du -sh "$stage/node_modules" | cut -f1))"
