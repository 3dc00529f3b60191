#!/usr/bin/env bash
# stack-start.sh – start the stack in $SVC_STACK_DIR: MariaDB, the worker, WordPress on `php -S`.
# Whatever already runs and answers is reused. Each process runs in its own process group whose
# id is kept in run/<name>.pgid (php -S workers outlive their parent; stop the whole group).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
LAP_NAME=start
WAIT_SECONDS=20

{ [ -f "$WP_DIR/wp-config.php" ] && [ -f "$WORKER_ENV" ]; } ||
  die "no stack in $SVC_STACK_DIR: run scripts/stack-setup.sh first"
mkdir -p "$RUN_DIR" "$LOG_DIR"

# running NAME – the recorded group is alive (a stale pid file is removed).
running() {
  local file=$RUN_DIR/$1.pgid pgid
  pgid=$(read_id "$file")
  if group_alive "$pgid"; then return 0; fi
  if [ -f "$file" ]; then rm -f "$file"; lap "removed stale $1.pgid (process group $pgid is gone)"; fi
  return 1
}

# start_group NAME LOG COMMAND… – run COMMAND in a new session; it records its own group id.
start_group() {
  local name=$1 log=$2
  shift 2
  [ -f "$log" ] && mv -f "$log" "$log.1"
  setsid bash -c 'echo $$ >"$0"; shift; exec "$@"' "$RUN_DIR/$name.pgid" _ "$@" </dev/null >"$log" 2>&1 &
  for _ in $(seq 1 50); do
    if [ -s "$RUN_DIR/$name.pgid" ]; then lap "started $name (process group $(read_id "$RUN_DIR/$name.pgid"))"; return 0; fi
    sleep 0.02
  done
  die "$name did not start (log: $log)"
}

# reuse NAME FINGERPRINT GRACE – NAME runs with this configuration (else it is stopped: false).
reuse() {
  running "$1" || return 1
  if [ "$(cat "$RUN_DIR/$1.fingerprint" 2>/dev/null)" = "$2" ]; then
    lap "$1 already running (process group $(read_id "$RUN_DIR/$1.pgid"))"
    return 0
  fi
  lap "$1: configuration or build changed, restarting"
  stop_group "$1" "$3" || true
  return 1
}

ensure_port_free() { # ensure_port_free PORT WHAT KNOB
  if port_open "$1"; then die "port $1 is in use by a process this stack did not start; free it or set $3"; fi
}

db_start

# A worker is restarted when worker.env or its build changed; php -S when its port or pool did.
build_stamp=$(stat -c %Y "$REPO_ROOT/worker/dist/.build-stamp" "$WORKER_MAIN" 2>/dev/null | tr '\n' ' ' || true)
worker_fingerprint="$(sha256sum <"$WORKER_ENV" | cut -c1-16) $build_stamp"
# The WordPress version too: a running php -S keeps serving a replaced tree's old code.
php_fingerprint="opcache $SVC_STACK_WP_PORT $SVC_STACK_PHP_WORKERS $WP_DIR $(grep -o "wp_version = '[^']*" "$WP_DIR/wp-includes/version.php" | cut -d"'" -f2)"

worker_wanted=1
if reuse worker "$worker_fingerprint" "$WORKER_GRACE_SECONDS"; then
  :
elif [ ! -f "$WORKER_MAIN" ]; then
  worker_wanted=0
  lap "WORKER NOT STARTED: $WORKER_MAIN is missing (build it: npx tsc -p tsconfig.json)"
else
  ensure_port_free "$SVC_STACK_WORKER_PORT" worker SVC_STACK_WORKER_PORT
  (load_env_file "$WORKER_ENV" && cd "$REPO_ROOT" && start_group worker "$LOG_DIR/worker.log" node "$WORKER_MAIN")
  echo "$worker_fingerprint" >"$RUN_DIR/worker.fingerprint"
fi

if ! reuse php "$php_fingerprint" 5; then
  ensure_port_free "$SVC_STACK_WP_PORT" WordPress SVC_STACK_WP_PORT
  # OPcache as php-fpm runs it in production (Debian enables it for fpm, not for the CLI that
  # php -S is); revalidate_freq=0: an edited file is seen on the next request.
  PHP_CLI_SERVER_WORKERS=$SVC_STACK_PHP_WORKERS start_group php "$LOG_DIR/php-server.log" \
    php -d opcache.enable_cli=1 -d opcache.revalidate_freq=0 \
    -S "127.0.0.1:$SVC_STACK_WP_PORT" -t "$WP_DIR" "$TOOLS_DIR/front-controller.php"
  echo "$php_fingerprint" >"$RUN_DIR/php.fingerprint"
fi

# Wait until both answer; fail fast when a process group dies.
failed() { # failed WHAT LOG
  show_tail "$2"
  die "$1 (log: $2; stop the rest with scripts/stack-stop.sh)"
}
worker_ok=$((1 - worker_wanted)) wordpress_ok=0 deadline=$((SECONDS + WAIT_SECONDS))
while :; do
  if [ $worker_ok = 0 ] && http_ok "$WORKER_HEALTH_URL" 2; then
    worker_ok=1
    lap "worker healthy: $WORKER_HEALTH_URL"
  fi
  if [ $wordpress_ok = 0 ] && http_ok "$WP_URL/wp-json/" 10; then
    wordpress_ok=1
    lap "wordpress answers: $WP_URL/wp-json/"
  fi
  [ $worker_ok = 1 ] && [ $wordpress_ok = 1 ] && break
  [ $worker_ok = 1 ] || running worker || failed "the worker exited" "$LOG_DIR/worker.log"
  [ $wordpress_ok = 1 ] || running php || failed "php -S exited" "$LOG_DIR/php-server.log"
  if [ $SECONDS -ge $deadline ]; then
    [ $worker_ok = 1 ] || failed "the worker did not answer $WORKER_HEALTH_URL within ${WAIT_SECONDS}s" "$LOG_DIR/worker.log"
    failed "WordPress did not answer $WP_URL/wp-json/ within ${WAIT_SECONDS}s" "$LOG_DIR/php-server.log"
  fi
  sleep 0.1
done
