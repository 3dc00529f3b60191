#!/usr/bin/env bash
# stack-setup.sh – idempotent setup of one local stack in $SVC_STACK_DIR: WordPress tree, secrets,
# wp-config.php, worker.env, plugin and mu-plugin links, private MariaDB datadir, database and
# user, WordPress install with svc-hub activated. Leaves MariaDB running (stack-stop.sh stops it).
set -euo pipefail
HERE=$(dirname "$0")
source "$HERE/lib.sh"
LAP_NAME=setup

mkdir -p "$SVC_STACK_DIR" "$RUN_DIR" "$LOG_DIR" "$TOOLS_DIR"
chmod 700 "$RUN_DIR" # the MariaDB socket lets root in without a password

# 1. WordPress tree: the shared cache, copied once per stack.
bash "$HERE/wordpress-cache.sh"
wordpress_version() { grep -o "wp_version = '[^']*" "$1/wp-includes/version.php" 2>/dev/null | cut -d"'" -f2; }
cached_version=$(wordpress_version "$SVC_STACK_CACHE/wordpress")
stack_version=$(wordpress_version "$WP_DIR" || true)
if [ "$stack_version" != "$cached_version" ]; then
  rm -rf "$WP_DIR.partial"
  cp -r "$SVC_STACK_CACHE/wordpress" "$WP_DIR.partial"
  if [ -n "$stack_version" ]; then
    # Another version's tree (an older stack): keep its uploads; the config and links are rewritten below.
    [ -d "$WP_DIR/wp-content/uploads" ] && cp -r "$WP_DIR/wp-content/uploads" "$WP_DIR.partial/wp-content/"
    rm -rf "$WP_DIR"
  fi
  mv "$WP_DIR.partial" "$WP_DIR"
  lap "copied wordpress $cached_version into $WP_DIR${stack_version:+ (was $stack_version; the database is upgraded below)}"
fi

# 2. Secrets, wp-config.php, worker.env; php -S router and installer.
new_secrets=0
[ -f "$SECRETS_FILE" ] || new_secrets=1
bash "$HERE/write-config.sh"
cp "$HERE/php/front-controller.php" "$HERE/php/install.php" "$TOOLS_DIR/"

# 3. The plugin, and the mu-plugins asked for by SVC_STACK_MU_PLUGINS (tests).
ln -sfn "$REPO_ROOT/plugin" "$WP_DIR/wp-content/plugins/svc-hub"
mu_dir=$WP_DIR/wp-content/mu-plugins
mkdir -p "$mu_dir"
find "$mu_dir" -maxdepth 1 -type l -delete # links from an earlier run; the folder holds nothing else
if [ -n "${SVC_STACK_MU_PLUGINS:-}" ]; then
  source_dir=$(cd "$SVC_STACK_MU_PLUGINS" 2>/dev/null && pwd) || die "SVC_STACK_MU_PLUGINS: no folder $SVC_STACK_MU_PLUGINS"
  for file in "$source_dir"/*.php; do
    if [ -f "$file" ]; then ln -s "$file" "$mu_dir/"; fi
  done
  lap "mu-plugins linked from $source_dir: $(find "$mu_dir" -maxdepth 1 -type l -printf '%f ')"
fi

# 4. MariaDB: private datadir, database `wordpress`, user svc@127.0.0.1. Root keeps only the
#    socket account (the socket's folder is private); no password-less root over TCP.
new_datadir=0
if [ ! -d "$DB_DATA/mysql" ]; then
  new_datadir=1
  # shellcheck disable=SC2086 # DB_ROOT_USER_OPTION is empty or one word
  mariadb-install-db --no-defaults --datadir="$DB_DATA" $DB_ROOT_USER_OPTION \
    --auth-root-authentication-method=normal --skip-test-db --skip-name-resolve \
    --innodb-log-file-size=16M >"$LOG_DIR/mariadb-install-db.log" 2>&1 ||
    { show_tail "$LOG_DIR/mariadb-install-db.log"; die "mariadb-install-db failed"; }
  lap "initialised mariadb datadir $DB_DATA"
fi
db_start
if [ $new_datadir = 1 ]; then
  for host in $(db_root -N -B -e "SELECT Host FROM mysql.user WHERE User='root' AND Host<>'localhost'"); do
    db_root -e "DROP USER 'root'@'$host'"
  done
fi
load_env_file "$SECRETS_FILE"
db_root <<SQL
CREATE DATABASE IF NOT EXISTS wordpress CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS 'svc'@'127.0.0.1' IDENTIFIED BY '$DB_PASSWORD';
ALTER USER 'svc'@'127.0.0.1' IDENTIFIED BY '$DB_PASSWORD';
GRANT ALL ON wordpress.* TO 'svc'@'127.0.0.1';
SQL

# 5. WordPress install + activation (skipped when already installed with svc-hub active).
active=$(db_root -N -B -e "SELECT option_value FROM wordpress.wp_options WHERE option_name='active_plugins'" 2>/dev/null || true)
if [[ $active == *'"svc-hub/svc-hub.php"'* ]] && [ -f "$REPO_ROOT/plugin/svc-hub.php" ] && [ "$new_secrets" = 0 ] && [ "$stack_version" = "$cached_version" ]; then
  lap "wordpress installed, svc-hub active"
else
  WP_URL=$WP_URL WP_PLUGINS=svc-hub/svc-hub.php WP_ADMIN_PASSWORD=$WP_ADMIN_PASSWORD \
    php "$TOOLS_DIR/install.php" "$WP_DIR" >"$LOG_DIR/install.log" 2>&1 ||
    { grep -v '^PHP Deprecated:' "$LOG_DIR/install.log" >&2; die "wordpress install / svc-hub activation failed (log: $LOG_DIR/install.log)"; }
  lap "wordpress: $(grep -v '^PHP Deprecated:' "$LOG_DIR/install.log" | tr '\n' ' ')"
fi
lap "stack ready in $SVC_STACK_DIR (start it with scripts/stack-start.sh)"
