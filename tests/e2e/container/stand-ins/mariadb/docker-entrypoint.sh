#!/bin/bash
# On an empty /var/lib/mysql: the database MARIADB_DATABASE and the user MARIADB_USER
# (password MARIADB_PASSWORD) with every right on it, from any host; root by socket only
# (MARIADB_RANDOM_ROOT_PASSWORD: no root password anyone knows). Then mariadbd on every address.
set -euo pipefail
if [ ! -d /var/lib/mysql/mysql ]; then
  mariadb-install-db --user=mysql --datadir=/var/lib/mysql --skip-test-db >/dev/null
  socket=/run/mysqld/initialise.sock
  mariadbd --user=mysql --skip-networking --socket="$socket" &
  server=$!
  until mariadb --socket="$socket" -e 'SELECT 1' >/dev/null 2>&1; do sleep 0.2; done
  mariadb --socket="$socket" <<SQL
CREATE DATABASE \`$MARIADB_DATABASE\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER '$MARIADB_USER'@'%' IDENTIFIED BY '$MARIADB_PASSWORD';
GRANT ALL ON \`$MARIADB_DATABASE\`.* TO '$MARIADB_USER'@'%';
SQL
  kill "$server"
  wait "$server" || true
fi
exec "$@" --user=mysql --bind-address=0.0.0.0
