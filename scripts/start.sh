#!/usr/bin/env bash
# start.sh (`npm start`) – install what is missing, build the worker and the admin screen, set up
# and start the local stack, create a demo API key, print how to use it. The stack keeps running;
# `npm stop` ends it.
set -euo pipefail
HERE=$(dirname "$0")
source "$HERE/lib.sh"
LAP_NAME=start

DEMO_SITE=http://demo-client.local
DEMO_FEATURES=llm.chat,llm.embeddings

bash "$HERE/ensure-npm.sh"
bash "$HERE/ensure-packages.sh"
lap "building the worker (tsc, incremental)"
build_worker || die "the worker does not compile (npx tsc -p tsconfig.json)"
bash "$HERE/build-admin-ui.sh"
bash "$HERE/stack-setup.sh"
bash "$HERE/stack-start.sh"

hub() { (load_env_file "$WORKER_ENV" && SVC_ENV_FILE=$WORKER_ENV node "$REPO_ROOT/worker/dist/cli/hub.js" "$@"); }
key_output=$(hub key create --site "$DEMO_SITE" --team demo --name demo) || die "hub key create failed"
api_key=$(tail -n 1 <<<"$key_output")
hub entitlement grant --site "$DEMO_SITE" --features "$DEMO_FEATURES" >/dev/null || die "hub entitlement grant failed"
lap "demo key for $DEMO_SITE with $DEMO_FEATURES"

admin_password=$(grep '^WP_ADMIN_PASSWORD=' "$SECRETS_FILE" | cut -d= -f2-)
stop_command="npm stop"
[ "$SVC_STACK_DIR" = "$REPO_ROOT/.stack" ] || stop_command="SVC_STACK_DIR=$SVC_STACK_DIR npm stop"
cat <<EOT

svc-hub is running (ready in $(elapsed) s)
  site      $WP_URL
  wp-admin  $WP_URL/wp-admin/   user: admin   password: $admin_password
  API key   $api_key   (site $DEMO_SITE: $DEMO_FEATURES)
  worker    $WORKER_URL   (log: $LOG_DIR/worker.log)
  try       curl -H "Authorization: Bearer $api_key" $WP_URL/wp-json/llm/router/v1/models
  stop      $stop_command
EOT
