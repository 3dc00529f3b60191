#!/usr/bin/env bash
# write-config.sh – secrets (generated once), then wp-config.php and worker.env (rewritten every
# run, since ports may change). Needs $SVC_STACK_DIR/wordpress to exist.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
LAP_NAME=config
umask 077

SALTS=(AUTH_KEY SECURE_AUTH_KEY LOGGED_IN_KEY NONCE_KEY AUTH_SALT SECURE_AUTH_SALT LOGGED_IN_SALT NONCE_SALT)

# 1. Secrets: generate only what is missing, never replace one. (Names from the caller's
#    environment don't count: a stack's secrets come from its own file only.)
unset SVC_HUB_SECRET SVC_ENCRYPTION_KEY WP_ADMIN_PASSWORD DB_PASSWORD "${SALTS[@]/#/WP_}"
[ -f "$SECRETS_FILE" ] && load_env_file "$SECRETS_FILE"
generated=()
want() { # want NAME GENERATOR ARG
  [ -n "${!1:-}" ] && return 0
  printf -v "$1" '%s' "$("$2" "$3")"
  generated+=("$1")
}
want SVC_HUB_SECRET random_hex 32
want SVC_ENCRYPTION_KEY random_base64 32
want WP_ADMIN_PASSWORD random_alnum 20
want DB_PASSWORD random_alnum 24
for salt in "${SALTS[@]}"; do want "WP_$salt" random_base64 48; done
if [ ${#generated[@]} -gt 0 ]; then
  {
    echo "# svc-hub local stack secrets, generated once by scripts/write-config.sh. Never commit."
    for name in SVC_HUB_SECRET SVC_ENCRYPTION_KEY WP_ADMIN_PASSWORD DB_PASSWORD "${SALTS[@]/#/WP_}"; do
      echo "$name=${!name}"
    done
  } >"$SECRETS_FILE.new"
  mv "$SECRETS_FILE.new" "$SECRETS_FILE"
  lap "generated ${#generated[@]} secrets into $SECRETS_FILE"
fi
chmod 600 "$SECRETS_FILE"

# 2. wp-config.php (values are hex/base64/alphanumeric: safe inside PHP single quotes).
{
  cat <<PHP
<?php
// Written by scripts/write-config.sh for the local stack; rewritten on every setup.
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', 'svc' );
define( 'DB_PASSWORD', '$DB_PASSWORD' );
define( 'DB_HOST', '127.0.0.1:$SVC_STACK_DB_PORT' ); // Not 'localhost': that means the default socket.
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
\$table_prefix = 'wp_';
PHP
  for salt in "${SALTS[@]}"; do
    name=WP_$salt
    echo "define( '$salt', '${!name}' );"
  done
  cat <<PHP
define( 'WP_HOME', '$WP_URL' );
define( 'WP_SITEURL', '$WP_URL' );
define( 'DISABLE_WP_CRON', true );          // No loopback requests into the small php -S pool.
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );   // Offline: never call wordpress.org.
define( 'WP_ACCESSIBLE_HOSTS', '127.0.0.1,localhost' );
define( 'FS_METHOD', 'direct' );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', '$LOG_DIR/wordpress-debug.log' ); // Notices, warnings, deprecations; the e2e suite fails on the plugin's.
define( 'SVC_HUB_WORKER_URL', '$WORKER_URL' );
define( 'SVC_HUB_SECRET', '$SVC_HUB_SECRET' );
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
PHP
} >"$WP_DIR/wp-config.php.new"
mv "$WP_DIR/wp-config.php.new" "$WP_DIR/wp-config.php"

# 3. worker.env: every variable the worker (and the hub CLI) reads, plus passthroughs: these
#    names, every provider's (read from the built provider descriptors, so a new provider
#    needs no line here), and every SVC_TIMEOUT_*, SVC_RETRY_*, SVC_RATE_LIMIT_*, when set in
#    the caller's environment (the e2e setup points the providers at its emulator this way).
#    Values are written to the file only, never printed.
[ -f "$REPO_ROOT/worker/dist/providers/registry.js" ] ||
  die "the worker is not built (worker/dist/providers/registry.js): run npx tsc -p tsconfig.json, or npm start"
read -r -a PROVIDER_VARIABLES < <(node -e 'process.stdout.write(require(process.argv[1]).PROVIDER_ENVIRONMENT_VARIABLES.join(" ") + "\n")' \
  "$REPO_ROOT/worker/dist/providers/registry.js")
PASSTHROUGH=(
  SVC_TEST_ROUTES SVC_LOG_LEVEL SVC_OUTBOX_SCHEDULE SVC_OUTBOUND_ALLOW
  SVC_WEBHOOK_AUDIT_FAILED_DAYS SVC_WEBHOOK_AUDIT_VERIFIED_DAYS SVC_WEBHOOK_FAILURE_LIMIT
  SVC_OUTBOX_POLL_MS SVC_OUTBOX_TIMEOUT_MS SVC_EXPIRY_INTERVAL_MS SVC_PLUGIN_URL
  "${PROVIDER_VARIABLES[@]}"
)
{
  echo "# Written by scripts/write-config.sh for the local stack; rewritten on every setup."
  echo "SVC_HUB_SECRET=$SVC_HUB_SECRET"
  echo "SVC_ENCRYPTION_KEY=$SVC_ENCRYPTION_KEY"
  echo "SVC_DB_HOST=127.0.0.1"
  echo "SVC_DB_PORT=$SVC_STACK_DB_PORT"
  echo "SVC_DB_USER=svc"
  echo "SVC_DB_PASSWORD=$DB_PASSWORD"
  echo "SVC_DB_NAME=wordpress"
  echo "SVC_DB_PREFIX=wp_"
  echo "SVC_WORKER_HOST=127.0.0.1"
  echo "SVC_WORKER_PORT=$SVC_STACK_WORKER_PORT"
  echo "SVC_PUBLIC_URL=$WP_URL"
  echo "SVC_MOCK=${SVC_MOCK:-on}"
  # The stack's own folder, so a journal is only ever replayed into this stack's database.
  echo "SVC_USAGE_JOURNAL_DIR=$SVC_STACK_DIR/usage-journal"
  for name in "${PASSTHROUGH[@]}" $(compgen -e | grep -E '^SVC_(TIMEOUT|RETRY|RATE_LIMIT)_' | sort); do
    value=${!name:-}
    case $value in '' | *$'\n'*) continue ;; esac # unset, empty or multi-line: not copied
    echo "$name=$value"
  done
} >"$WORKER_ENV.new"
mv "$WORKER_ENV.new" "$WORKER_ENV"
chmod 600 "$WORKER_ENV"
lap "wrote $WP_DIR/wp-config.php and $WORKER_ENV"

# 4. stack.env: this stack's own knobs, so later scripts given only SVC_STACK_DIR find its ports.
printf 'SVC_STACK_WP_PORT=%s\nSVC_STACK_WORKER_PORT=%s\nSVC_STACK_DB_PORT=%s\nSVC_STACK_PHP_WORKERS=%s\n' \
  "$SVC_STACK_WP_PORT" "$SVC_STACK_WORKER_PORT" "$SVC_STACK_DB_PORT" "$SVC_STACK_PHP_WORKERS" >"$SVC_STACK_DIR/stack.env"
