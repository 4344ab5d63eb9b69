#!/usr/bin/env bash
# Strict TypeScript over every workspace (each has its own tsconfig.json), two projects at a time
# (tsc uses one core; CI has two). Each project's output is printed whole, after it finishes.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
projects=()
# The largest first, so the two lanes finish close together.
for project in web server contracts e2e bench packages/core packages/protocol .; do
  [ -f "$project/tsconfig.json" ] && projects+=("$project")
done
check() {
  local log
  log="$1/$(echo "$2" | tr '/.' '__').log"
  if npx tsc --noEmit -p "$2" >"$log" 2>&1; then
    printf 'tsc -p %s: ok\n%s' "$2" "$(cat "$log")"
  else
    printf 'tsc -p %s: FAILED\n%s\n' "$2" "$(cat "$log")"
    return 1
  fi
}
export -f check
printf '%s\n' "${projects[@]}" | xargs -P 2 -I{} bash -c 'check "$0" "$1"' "$out" {}
