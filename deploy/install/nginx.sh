# nginx.sh – sourced by bin/svc-hub-install: the shipped nginx site with this site's values
# (docs/deploy-nginx.md), Debian's default site, `nginx -t` and a reload when nginx runs.

# php_fpm_socket ROOT – the newest php-fpm socket under ROOT/run/php (Debian's pool: phpX.Y-fpm.sock).
php_fpm_socket() {
  find "$1/run/php" -maxdepth 1 -type s -name 'php*-fpm*.sock' 2>/dev/null | sort -V | tail -n 1
}

# render_site SOURCE TARGET – deploy/nginx/svc-hub.conf with the marked values replaced.
render_site() {
  cp "$1" "$2"
  replace_text "$2" 'server 127.0.0.1:8787;' "server 127.0.0.1:$WORKER_PORT;"
  replace_text "$2" 'listen 80;' "listen $LISTEN;"
  replace_text "$2" 'server_name example.com;' "server_name $SERVER_NAME;"
  replace_text "$2" 'root /var/www/wordpress;' "root $WP_PATH;"
  replace_text "$2" 'unix:/run/php/php8.2-fpm-svc-hub.sock' "unix:$PHP_SOCKET"
  [ -z "$ROOT" ] || replace_text "$2" '/etc/nginx/snippets/' "$ROOT/etc/nginx/snippets/"
}

# default_site_shadows – Debian's enabled default site listens on our port too: it answers every
# request whose host is not SERVER_NAME (the server's IP address, another name).
default_site_shadows() {
  local default=$ROOT/etc/nginx/sites-enabled/default
  [ -e "$default" ] && grep -Eq "(^|[[:space:]{;])listen[[:space:]]+([^;[:space:]]*:)?$LISTEN([[:space:];]|$)" "$default"
}

# handle_default_site – disables it on --disable-default-site (or yes at the prompt), keeps it on
# --keep-default-site (or no); never decides alone. STATE says what happened.
handle_default_site() {
  default_site_shadows || { STATE='no default site in the way'; return; }
  if [ -z "$DEFAULT_SITE" ] && can_prompt; then
    local answer
    read -r -p "Debian's default nginx site also listens on port $LISTEN and answers requests for other names (the server's IP address). Disable it? [y/N] " answer </dev/tty >&2
    case $answer in [yY]*) DEFAULT_SITE=disable ;; *) DEFAULT_SITE=keep ;; esac
  fi
  case $DEFAULT_SITE in
    disable)
      rm -f "$ROOT/etc/nginx/sites-enabled/default"
      CHANGES=$((CHANGES + 1)) STATE="Debian's default site disabled (sites-enabled/default removed, sites-available/default kept)" ;;
    keep) STATE="Debian's default site kept: it answers requests for other names than $SERVER_NAME on port $LISTEN" ;;
    *) die "Debian's default nginx site (sites-enabled/default) also listens on port $LISTEN and answers requests for other names than $SERVER_NAME: pass --disable-default-site or --keep-default-site" ;;
  esac
}

# nginx_check – `nginx -t` on the machine's configuration; on failure our site is unlinked again
# and the run stops. Then nginx_reload – when the site changed and nginx runs. STATE: what was done.
nginx_check() {
  local output
  if ! output=$(nginx -t -c "$ROOT/etc/nginx/nginx.conf" 2>&1); then
    rm -f "$ROOT/etc/nginx/sites-enabled/svc-hub"
    die "nginx -t failed, the svc-hub site is unlinked again:
$output"
  fi
  STATE='nginx -t: ok'
}

nginx_reload() {
  local pid
  pid=$(cat "$ROOT/run/nginx.pid" 2>/dev/null || true)
  if [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; then
    STATE="$STATE; nginx is not running: start it (systemctl start nginx)"
  elif [ "$SITE_CHANGES" -eq 0 ]; then
    STATE="$STATE; no reload needed"
  elif systemd_runs && [ -z "$ROOT" ]; then
    systemctl reload nginx && STATE="$STATE; nginx reloaded"
  else
    nginx -s reload -c "$ROOT/etc/nginx/nginx.conf" && STATE="$STATE; nginx reloaded"
  fi
}
