#!/bin/bash
# healthcheck.sh --connect --innodb_initialized: healthy once the server answers on its socket.
exec mariadb-admin --socket=/run/mysqld/mysqld.sock ping >/dev/null 2>&1
