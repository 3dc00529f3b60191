#!/bin/bash
# First start: WordPress into the empty /var/www/html with a wp-config.php read from the
# environment and the rewrite rules' .htaccess. Then Apache in the foreground.
set -euo pipefail
if [ ! -e /var/www/html/wp-includes/version.php ]; then
  cp -a /usr/src/wordpress/. /var/www/html/
  cp /usr/src/htaccess /var/www/html/.htaccess
fi
if [ ! -e /var/www/html/wp-config.php ]; then
  cp /usr/src/wp-config-docker.php /var/www/html/wp-config.php
  while grep -q 'put your unique phrase here' /var/www/html/wp-config.php; do # a salt of its own for each key
    sed -i "0,/put your unique phrase here/s//$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')/" /var/www/html/wp-config.php
  done
fi
chown -R www-data:www-data /var/www/html
if [ "$1" = apache2-foreground ]; then
  set +u # Debian's envvars reads variables that may be unset
  source /etc/apache2/envvars
  exec apache2 -D FOREGROUND
fi
exec "$@"
