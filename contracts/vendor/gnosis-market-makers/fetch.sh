#!/usr/bin/env bash
# Re-extracts these artifacts from the published npm tarball and checks them against SHA256SUMS.
# The package is not an npm dependency: its runtime dependencies (@truffle/hdwallet-provider,
# truffle-flattener) add about 320 packages for two JSON files (see README.md).
set -euo pipefail
cd "$(dirname "$0")"
version=1.8.1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "@gnosis.pm/conditional-tokens-market-makers@$version" >/dev/null && tar xzf ./*.tgz)
for name in FixedProductMarketMakerFactory FixedProductMarketMaker; do
  cp "$tmp/package/build/contracts/$name.json" .
done
sha256sum -c SHA256SUMS
