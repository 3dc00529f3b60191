# shellcheck shell=bash disable=SC2034 # the variables are used by the scripts that source this
# Shared by every script in scripts/: paths and ports from the SVC_STACK_* knobs
# (docs/configuration.md), progress lines, process and HTTP helpers. Source it; don't run it.

REPO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

absolute() { case $1 in /*) printf '%s' "$1" ;; *) printf '%s/%s' "$PWD" "$1" ;; esac; }

SVC_STACK_DIR=$(absolute "${SVC_STACK_DIR:-$REPO_ROOT/.stack}")
SVC_STACK_CACHE=$(absolute "${SVC_STACK_CACHE:-$REPO_ROOT/.stack/cache}") # shared, whatever SVC_STACK_DIR is
# A stack remembers its ports (stack.env, written by stack-setup.sh), so a script given only
# SVC_STACK_DIR addresses that stack; knobs set by the caller still win. They are read into this
# shell only, never exported: a child addressing another stack (the test stack `npm test` starts
# beside a dev stack) must not inherit this stack's ports. Each script reads its own stack's file.
if [ -f "$SVC_STACK_DIR/stack.env" ]; then
  while IFS= read -r _line; do
    _name=${_line%%=*}
    case $_line in SVC_STACK_*=*) [ -n "${!_name:-}" ] || printf -v "$_name" '%s' "${_line#*=}" ;; esac
  done <"$SVC_STACK_DIR/stack.env"
fi
SVC_STACK_WP_PORT=${SVC_STACK_WP_PORT:-8888}
SVC_STACK_WORKER_PORT=${SVC_STACK_WORKER_PORT:-8787}
SVC_STACK_DB_PORT=${SVC_STACK_DB_PORT:-3307}
SVC_STACK_PHP_WORKERS=${SVC_STACK_PHP_WORKERS:-4}

WP_DIR=$SVC_STACK_DIR/wordpress
DB_DATA=$SVC_STACK_DIR/db
RUN_DIR=$SVC_STACK_DIR/run
LOG_DIR=$SVC_STACK_DIR/logs
TOOLS_DIR=$SVC_STACK_DIR/tools
SECRETS_FILE=$SVC_STACK_DIR/secrets.env
WORKER_ENV=$SVC_STACK_DIR/worker.env
WORKER_MAIN=$REPO_ROOT/worker/dist/main.js
WP_URL=http://127.0.0.1:$SVC_STACK_WP_PORT
WORKER_URL=http://127.0.0.1:$SVC_STACK_WORKER_PORT
WORKER_HEALTH_URL=$WORKER_URL/wp-json/llm/router/v1/health
DB_SOCKET=$RUN_DIR/mysqld.sock
[ ${#DB_SOCKET} -lt 100 ] || DB_SOCKET=/tmp/svc-hub-$(id -u)-$SVC_STACK_DB_PORT.sock # sun_path limit
DB_ROOT_USER_OPTION=
[ "$(id -u)" = 0 ] && DB_ROOT_USER_OPTION=--user=root # mariadbd refuses to run as root without it

# Progress lines show seconds since the outermost script started (nested scripts share the clock).
now_microseconds() { local t=${EPOCHREALTIME//[!0-9]/}; printf '%s' "$((10#$t))"; }
export SVC_LAP_T0=${SVC_LAP_T0:-$(now_microseconds)}
elapsed() { local d=$(($(now_microseconds) - SVC_LAP_T0)); printf '%d.%02d' $((d / 1000000)) $((d % 1000000 / 10000)); }
lap() { printf '[%-6s %6ss] %s\n' "${LAP_NAME:-stack}" "$(elapsed)" "$*"; }

die() { printf 'error: %s\n' "$*" >&2; exit 1; }
show_tail() { # show_tail FILE [LINES] – the end of a log, to stderr
  [ -f "$1" ] || return 0
  printf -- '--- last lines of %s ---\n' "$1" >&2
  tail -n "${2:-25}" "$1" >&2
}

# KEY=value files (secrets.env, worker.env): no quoting, split at the first '='.
# (Not `IFS== read key value`: read drops a trailing '=', i.e. base64 padding.)
load_env_file() {
  local line
  while IFS= read -r line || [ -n "$line" ]; do
    case $line in '' | '#'* | [!A-Za-z_]*) continue ;; esac
    case $line in *=*) export "${line%%=*}=${line#*=}" ;; esac
  done <"$1"
}

random_hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; } # random_hex BYTES
random_base64() { head -c "$1" /dev/urandom | base64 -w0; }    # random_base64 BYTES
random_alnum() { # random_alnum LENGTH (no pipe into head: avoids SIGPIPE under pipefail)
  local out=''
  while [ ${#out} -lt "$1" ]; do out+=$(LC_ALL=C tr -dc 'A-Za-z0-9' < <(head -c 256 /dev/urandom)); done
  printf '%s' "${out:0:$1}"
}

# Processes are started in their own process group (setsid); the group id lives in run/<name>.pgid.
# A process that has exited but not been reaped yet (zombie) does not count as alive.
pid_alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null && [ "$(process_fields "/proc/$1/stat")" != Z ]; }
group_alive() {
  local stat fields
  [ -n "${1:-}" ] && kill -0 -- "-$1" 2>/dev/null || return 1
  for stat in /proc/[0-9]*/stat; do
    fields=$(process_fields "$stat" pgrp 2>/dev/null) || continue
    [ "${fields#* }" = "$1" ] && [ "${fields%% *}" != Z ] && return 0
  done
  return 1
}
process_fields() { # process_fields /proc/PID/stat [pgrp] -> "STATE" or "STATE PGRP"
  local line
  read -r line <"$1" || return 1
  # shellcheck disable=SC2206 # after "(comm)" the fields are plain words
  local -a field=(${line##*) })
  if [ "${2:-}" = pgrp ]; then printf '%s %s' "${field[0]}" "${field[2]}"; else printf '%s' "${field[0]}"; fi
}
read_id() { if [ -f "$1" ]; then tr -dc '0-9' <"$1"; fi; } # read_id FILE -> pid/pgid or empty

# stop_group NAME GRACE_SECONDS – TERM the group recorded in run/NAME.pgid, KILL it after the grace.
stop_group() {
  local file=$RUN_DIR/$1.pgid pgid waited=0
  pgid=$(read_id "$file")
  if ! group_alive "$pgid"; then rm -f "$file" "$RUN_DIR/$1.fingerprint"; return 1; fi
  kill -TERM -- "-$pgid" 2>/dev/null || true
  while group_alive "$pgid" && [ $waited -lt $(($2 * 10)) ]; do sleep 0.1; waited=$((waited + 1)); done
  if group_alive "$pgid"; then
    kill -KILL -- "-$pgid" 2>/dev/null || true
    lap "killed $1 (process group $pgid ignored TERM for $2 s)"
  else
    lap "stopped $1 (process group $pgid)"
  fi
  rm -f "$file" "$RUN_DIR/$1.fingerprint"
}
WORKER_GRACE_SECONDS=12 # the worker finishes its requests and closes its pool on TERM

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
http_ok() { curl -sf -o /dev/null --max-time "${2:-2}" "$1"; }

db_root() { mariadb --no-defaults --socket="$DB_SOCKET" -uroot "$@"; }
db_alive() { db_root -e 'select 1' >/dev/null 2>&1; }

# Start the private MariaDB unless it already answers; wait until it does (max 30 s).
db_start() {
  local pid port
  if db_alive; then
    port=$(db_root -N -B -e 'select @@port' 2>/dev/null || true)
    [ "$port" = "$SVC_STACK_DB_PORT" ] ||
      die "this stack's mariadb runs on port $port, not $SVC_STACK_DB_PORT: stop the stack first (scripts/stack-stop.sh)"
    lap "mariadb already running on 127.0.0.1:$SVC_STACK_DB_PORT"
    return 0
  fi
  pid=$(read_id "$RUN_DIR/mysqld.pid")
  if [ -n "$pid" ] && ! pid_alive "$pid"; then rm -f "$RUN_DIR/mysqld.pid"; pid=; fi
  if [ -z "$pid" ]; then
    port_open "$SVC_STACK_DB_PORT" && die "port $SVC_STACK_DB_PORT is in use by a process this stack did not start (set SVC_STACK_DB_PORT)"
    mkdir -p "$RUN_DIR" "$LOG_DIR"
    # shellcheck disable=SC2086 # DB_ROOT_USER_OPTION is empty or one word
    setsid mariadbd --no-defaults --datadir="$DB_DATA" --socket="$DB_SOCKET" \
      --pid-file="$RUN_DIR/mysqld.pid" --port="$SVC_STACK_DB_PORT" --bind-address=127.0.0.1 \
      $DB_ROOT_USER_OPTION --skip-name-resolve --innodb-buffer-pool-size=64M \
      --innodb-log-file-size=16M --innodb-flush-log-at-trx-commit=2 \
      --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci \
      --log-error="$LOG_DIR/mariadb.log" </dev/null >/dev/null 2>&1 &
    pid=$!
  fi
  for _ in $(seq 1 300); do
    db_alive && { lap "mariadb up on 127.0.0.1:$SVC_STACK_DB_PORT (pid $(read_id "$RUN_DIR/mysqld.pid"))"; return 0; }
    pid_alive "$pid" || break
    sleep 0.1
  done
  show_tail "$LOG_DIR/mariadb.log"
  die "mariadb did not come up on 127.0.0.1:$SVC_STACK_DB_PORT (log: $LOG_DIR/mariadb.log)"
}

# Compile the worker (tsc incremental; skipped when nothing under worker/src changed since),
# then write the route manifest into plugin/build/.
# Compiled files whose source is gone (a module moved or deleted): tsc never removes them, and
# one left where a folder of the same name now is (`http/routes.js` beside `http/routes/`) is
# what `require('./routes')` would load.
prune_worker_dist() {
  local dist=$REPO_ROOT/worker/dist file relative
  while IFS= read -r file; do
    relative=${file#"$dist"/}
    [ -f "$REPO_ROOT/worker/src/${relative%.js}.ts" ] || rm -f "$file" "$file.map"
  done < <(find "$dist" -name '*.js' -type f)
  find "$dist" -mindepth 1 -type d -empty -delete
}

# What Prettier formats (.prettierrc.json): the TypeScript and JavaScript of these four folders.
# shellcheck disable=SC2034 # used by lint.sh and format.sh
PRETTIER_FILES=('worker/**/*.{ts,js,mjs,cjs}' 'tests/**/*.{ts,js,mjs,cjs}' 'bench/**/*.{ts,js,mjs,cjs}' 'scripts/**/*.{ts,js,mjs,cjs}')

build_worker() {
  # Our own stamp, written only after a successful emitting build: `tsc --noEmit` (a type
  # check) also rewrites tsc's .tsbuildinfo, so that file cannot tell whether dist is current.
  local stamp=$REPO_ROOT/worker/dist/.build-stamp
  if [ ! -f "$stamp" ] || [ ! -f "$WORKER_MAIN" ] ||
    [ -n "$(find "$REPO_ROOT/worker/src" "$REPO_ROOT/tsconfig.json" -newer "$stamp" -print -quit)" ]; then
    rm -f "$stamp"
    (cd "$REPO_ROOT" && node_modules/.bin/tsc -p tsconfig.json) || return 1
    prune_worker_dist
    touch "$stamp"
  fi
  # The shell's route manifest (plugin/build/routes.php, routes.json) from the compiled route
  # rows: written every time (unchanged files are left alone), so a plugin/build emptied by the
  # admin screen's build or a fresh clone gets it back.
  node "$REPO_ROOT/scripts/write-route-manifest.mjs" >/dev/null || return 1
}
