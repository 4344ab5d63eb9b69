#!/usr/bin/env bash
# The whole suite: static checks, contracts, unit and integration tests, end-to-end in a real browser.
# The server suite runs on PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  echo "Chromium is missing at $chromium: the browser tests need it." >&2
  echo "Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi

step() { printf '\n=== %s ===\n' "$1"; }

step "lint";            npm run lint
step "typecheck";       npm run typecheck
step "contracts";       npm test -w contracts
step "core";            npm test -w packages/core
step "server";          npm test -w server
step "start supervision"; npx vitest run scripts/start.test.ts
step "web";             npm test -w web
step "bench smoke";     npm test -w bench
step "web build";       npm run build -w web
step "end to end";      npm test -w e2e
