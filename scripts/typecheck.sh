#!/usr/bin/env bash
# Strict TypeScript over every workspace (each has its own tsconfig.json).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for project in . packages/core packages/protocol contracts server web e2e bench; do
  if [ -f "$project/tsconfig.json" ]; then
    echo "tsc -p $project"
    npx tsc --noEmit -p "$project" || status=1
  fi
done
exit $status
