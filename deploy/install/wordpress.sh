# wordpress.sh – sourced by bin/svc-hub-install: reads the database settings of wp-config.php and
# writes its two svc-hub lines (docs/deploy.md, "The plugin").

# wp_define FILE NAME – the quoted value of `define( 'NAME', '…' );` in wp-config.php, or nothing.
wp_define() {
  [ -f "$1" ] || return 0
  sed -n "s/^[[:space:]]*define([[:space:]]*['\"]$2['\"][[:space:]]*,[[:space:]]*['\"]\([^'\"]*\)['\"][[:space:]]*).*/\1/p" "$1" | head -n 1
}

# wp_table_prefix FILE – `$table_prefix = '…';`, or nothing.
wp_table_prefix() {
  [ -f "$1" ] || return 0
  sed -n "s/^[[:space:]]*\$table_prefix[[:space:]]*=[[:space:]]*['\"]\([^'\"]*\)['\"].*/\1/p" "$1" | head -n 1
}

# wp_config_set FILE NAME VALUE – the constant, by WP-CLI when it is installed, else in the file
# above "That's all, stop editing" (or above the ABSPATH lines). STATE: "unchanged", "written"
# or "not writable" (the caller then prints the lines for the admin to add).
wp_config_set() {
  local file=$1 name=$2 value=$3
  if [ "$(wp_define "$file" "$name")" = "$value" ]; then
    STATE=unchanged
    return
  fi
  if command -v wp >/dev/null; then
    wp config set "$name" "$value" --type=constant --path="$(dirname "$file")" --config-file="$file" --allow-root --quiet >&2 ||
      die "wp config set $name failed for $file"
  elif [ -w "$file" ]; then
    local line="define( '$name', '$value' );"
    if grep -q "define([[:space:]]*['\"]$name['\"]" "$file"; then
      LINE=$line PATTERN="define\\([[:space:]]*['\"]$name['\"]" awk '$0 ~ ENVIRON["PATTERN"] { print ENVIRON["LINE"]; next } { print }' "$file" >"$file.svc-hub"
    else
      LINE=$line awk '!done && /stop editing|^[[:space:]]*(if \( ! defined\( .ABSPATH. \)|require_once[[:space:]]+ABSPATH)/ { print ENVIRON["LINE"]; done = 1 }
        { print } END { if (!done) exit 1 }' "$file" >"$file.svc-hub" ||
        { rm -f "$file.svc-hub"; die "$file has no \"That's all, stop editing\" line nor ABSPATH line to write above; add the lines yourself"; }
    fi
    cat "$file.svc-hub" >"$file" # in place: the file keeps its owner and mode
    rm -f "$file.svc-hub"
  else
    STATE='not writable'
    return
  fi
  CHANGES=$((CHANGES + 1)) STATE=written
}
