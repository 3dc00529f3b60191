# files.sh – sourced by bin/svc-hub-install: files written only when their content changes, so a
# second run leaves every file (content, mode, owner, mtime) as it was.
# put_file SOURCE TARGET MODE OWNER GROUP – installs SOURCE as TARGET unless they are the same;
# STATE says "written" or "unchanged"; a change is counted. Mode and owner are set only when they differ.
put_file() {
  local source=$1 target=$2 mode=$3 owner=$4 group=$5
  if [ -f "$target" ] && cmp -s "$source" "$target"; then
    [ "$(stat -c %a:%U:%G "$target")" = "$mode:$owner:$group" ] || { chmod "$mode" "$target" && chown "$owner:$group" "$target"; }
    STATE=unchanged
    return
  fi
  install -D -m "$mode" -o "$owner" -g "$group" "$source" "$target"
  CHANGES=$((CHANGES + 1)) STATE=written
}

# put_dir DIR MODE OWNER GROUP – creates DIR (and its parents) unless it exists; fixes mode and owner.
put_dir() {
  local dir=$1 mode=$2 owner=$3 group=$4
  if [ ! -d "$dir" ]; then
    install -d -m "$mode" -o "$owner" -g "$group" "$dir"
    CHANGES=$((CHANGES + 1))
  elif [ "$(stat -c %a:%U:%G "$dir")" != "$mode:$owner:$group" ]; then
    chmod "$mode" "$dir" && chown "$owner:$group" "$dir"
  fi
}

# put_link TARGET LINK – LINK pointing at TARGET, replaced only when it points elsewhere; STATE.
put_link() {
  local target=$1 link=$2
  if [ -L "$link" ] && [ "$(readlink "$link")" = "$target" ]; then
    STATE=unchanged
    return
  fi
  [ ! -e "$link" ] || [ -L "$link" ] || die "$link exists and is not a link; move it away first"
  mkdir -p "$(dirname "$link")"
  ln -sfn "$target" "$link"
  CHANGES=$((CHANGES + 1)) STATE=linked
}

# env_value FILE NAME – the value of the last uncommented NAME= line of an environment file.
env_value() { [ -f "$1" ] && sed -n "s/^$2=//p" "$1" | tail -n 1 || true; }

# set_env FILE NAME VALUE – NAME=VALUE in place of the NAME= line (else of the commented #NAME=
# line, else appended). The value is taken literally (no quoting: systemd's EnvironmentFile format).
set_env() {
  local file=$1 name=$2 pattern="^#$2="
  grep -q "^$name=" "$file" && pattern="^$name="
  NAME=$name VALUE=$3 PATTERN=$pattern awk '
    !done && $0 ~ ENVIRON["PATTERN"] { print ENVIRON["NAME"] "=" ENVIRON["VALUE"]; done = 1; next }
    { print }
    END { if (!done) print ENVIRON["NAME"] "=" ENVIRON["VALUE"] }' "$file" >"$file.next"
  mv "$file.next" "$file"
}

# replace_text FILE FROM TO – every FROM in FILE becomes TO; FROM must occur (a shipped file that changed fails loudly).
replace_text() {
  local file=$1
  grep -qF -- "$2" "$file" || die "$(basename "$file") no longer contains '$2'; this installer does not match its release"
  FROM=$2 TO=$3 awk 'BEGIN { from = ENVIRON["FROM"]; to = ENVIRON["TO"] }
    { while ((i = index($0, from)) > 0) { printf "%s%s", substr($0, 1, i - 1), to; $0 = substr($0, i + length(from)) } print }' \
    "$file" >"$file.next"
  mv "$file.next" "$file"
}

# random_secret hex|base64 – 32 random bytes.
random_secret() {
  if command -v openssl >/dev/null; then openssl rand "-$1" 32; elif [ "$1" = hex ]; then od -An -N32 -tx1 /dev/urandom | tr -d ' \n'; else head -c 32 /dev/urandom | base64; fi
}
