#!/usr/bin/env bash
# stack-stop.sh – stop the stack in $SVC_STACK_DIR by its recorded process groups and the mariadbd
# pid, never by process name: TERM, wait, then KILL what is left. Idempotent.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
LAP_NAME=stop
stopped=0

stop_group worker "$WORKER_GRACE_SECONDS" && stopped=$((stopped + 1))
stop_group php 5 && stopped=$((stopped + 1))

pid=$(read_id "$RUN_DIR/mysqld.pid")
# Only a mariadbd serving this stack's datadir (the pid file may be stale and its pid reused).
cmdline=$(if [ -n "$pid" ]; then tr '\0' ' ' <"/proc/$pid/cmdline"; fi 2>/dev/null || true)
if [[ $cmdline == *" --datadir=$DB_DATA "* ]]; then
  kill -TERM "$pid"
  for _ in $(seq 1 600); do pid_alive "$pid" || break; sleep 0.1; done
  if pid_alive "$pid"; then
    kill -KILL "$pid"
    lap "killed mariadbd (pid $pid ignored TERM for 60 s)"
  else
    lap "stopped mariadbd (pid $pid)"
  fi
  stopped=$((stopped + 1))
fi
rm -f "$RUN_DIR/mysqld.pid"
[ $stopped -gt 0 ] || lap "nothing running for $SVC_STACK_DIR"
