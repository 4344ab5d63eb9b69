#!/usr/bin/env bash
# Runs a command as on a machine without the system's Chromium and without the libraries a system
# Chromium needs from the distribution: in a private mount namespace (needs root and `unshare`),
# every system copy of NSS, NSPR and expat and every `chromium`/`chromium-browser` on PATH or in
# /usr/bin is covered by /dev/null, so anything that would load one fails loudly instead of working
# by accident. CHROMIUM_PATH and LD_LIBRARY_PATH are unset: the command gets the npm package's
# Chromium with only its own libraries (scripts/browser.ts). Nothing changes outside the command.
#
#   bash scripts/without-system-browser.sh npm test -w e2e
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" != "--inside" ]; then
  exec unshare --mount --propagation private bash "$0" --inside "$@"
fi
shift

hidden=0
while IFS= read -r f; do
  mount --bind /dev/null "$f"
  hidden=$((hidden + 1))
done < <(
  {
    find /lib/ /lib64/ /usr/lib/ /usr/lib64/ /usr/local/lib/ \( -name 'libnss3.so*' -o -name 'libnssutil3.so*' \
      -o -name 'libsmime3.so*' -o -name 'libssl3.so*' -o -name 'libnspr4.so*' -o -name 'libplc4.so*' \
      -o -name 'libplds4.so*' -o -name 'libexpat.so*' -o -name 'libsoftokn3.so*' -o -name 'libfreebl*.so*' \
      -o -name 'libnssckbi.so*' -o -name 'libnssdbm3.so*' \) 2>/dev/null
    for name in chromium chromium-browser; do
      command -v "$name" 2>/dev/null || true
    done
    [ -e /usr/bin/chromium ] && echo /usr/bin/chromium
  } | while IFS= read -r p; do readlink -f "$p"; done | sort -u
)
echo "without-system-browser: covered $hidden system files (NSS, NSPR, expat, chromium) with /dev/null"
unset CHROMIUM_PATH LD_LIBRARY_PATH

resolved=$(npx tsx scripts/browser.ts)
echo "$resolved"
case "$resolved" in
  *"npm package"*) ;;
  *) echo "without-system-browser: expected the npm package's Chromium" >&2; exit 1 ;;
esac
exe=$(sed -n 's/^browser: \(\S*\) .*/\1/p' <<<"$resolved")
echo "ldd $exe (LD_LIBRARY_PATH=$(dirname "$exe")/lib):"
LD_LIBRARY_PATH="$(dirname "$exe")/lib" ldd "$exe" | sed 's/ (0x[0-9a-f]*)//; s/^/  /'
if LD_LIBRARY_PATH="$(dirname "$exe")/lib" ldd "$exe" | grep -q "not found"; then
  echo "without-system-browser: a library is missing" >&2
  exit 1
fi

"$@"
